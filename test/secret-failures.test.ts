/**
 * A rule's failure may quote what its act keeps secret (issue 34): a sealed bid in the words of
 * a thrown error, or a bug's message. Its words are read by whoever reads all the act keeps
 * secret (the bidder, the officer named to see it); everyone else reads that the rule failed, in
 * the log, the page's failures and past views alike.
 */
import assert from "node:assert/strict";
import test from "node:test";
import { withheldFailure } from "../src/kernel/data-visibility.js";
import { Game } from "../src/kernel/game.js";
import type { Act } from "../src/kernel/types.js";
import { viewFor, visibleLog } from "../src/kernel/visibility.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine } from "./helpers.js";

const auction = `const auctioneer = gameState<string>("auctioneer", { initial: "ada-lovelace" });
action("bid", { describe: "Bid", input: t.object({ amount: t.integer() }), inputVisibility: { seenBy: "auctioneer" } }, ({ amount }) => {
  throw new Error("a bid of " + amount + " is over the limit");
});
action("vote", { describe: "Vote", input: t.object({ vote: t.string(), note: t.string() }), inputVisibility: { fields: { vote: "actor" } } }, (input) => {
  (null as any)[input.vote] = input.note;
});
`;

const failuresIn = (game: Game, viewer: string | null, acts: Act[]) =>
  visibleLog(game.state, acts, viewer).flatMap((entry) => entry.effects.flatMap((e) => (e.e === "rule.failed" ? [e.error] : [])));

test("a failure quoting a sealed input is read by those who read the input; others read that the rule failed", async () => {
  const store = SqliteStore.open(":memory:");
  const options = engine(store);
  const rules = [{ number: 1, text: "Sealed bids.", mutable: true, code: await options.compile(auction) }];
  const game = await Game.create(options, { name: "Sealed bids", preset: null, rules, seed: "bids" });
  try {
    for (const name of ["Ada Lovelace", "Alan Turing", "Grace Hopper"]) await game.join(name);
    const bid = await game.act("grace-hopper", "bid", { amount: 7341 });
    assert.match(bid.failed?.error ?? "", /7341/, "the bidder reads her failure whole");
    const vote = await game.act("alan-turing", "vote", { vote: "qzsecretballot", note: "public note" });
    assert.match(vote.failed?.error ?? "", /qzsecretballot/);
    const acts = await store.readActs(game.id);

    const grace = failuresIn(game, "grace-hopper", acts);
    const ada = failuresIn(game, "ada-lovelace", acts);
    const alan = failuresIn(game, "alan-turing", acts);
    const nobody = failuresIn(game, null, acts);
    assert.equal(grace.length, 2);
    assert.match(grace[0]!, /7341/, "the bidder");
    assert.equal(grace[1], withheldFailure, "Alan's secret vote is not Grace's to read");
    assert.match(ada[0]!, /7341/, "the auctioneer reads the bid, so its failure too");
    assert.equal(ada[1], withheldFailure);
    assert.equal(alan[0], withheldFailure, "another bidder");
    assert.match(alan[1]!, /qzsecretballot/, "the voter reads his own");
    assert.deepEqual(nobody, [withheldFailure, withheldFailure], "a spectator");

    // The page's list of failures, and the game as it stood then, are filtered the same way.
    for (const [viewer, words] of [
      ["grace-hopper", grace],
      ["ada-lovelace", ada],
      ["alan-turing", alan],
      [null, nobody],
    ] as const) {
      assert.deepEqual(
        viewFor(game.state, viewer).failures.map((f) => f.error),
        words,
        `the page of ${viewer ?? "a spectator"}`,
      );
    }
  } finally {
    game.close();
    store.close();
  }
});
