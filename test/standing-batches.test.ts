/**
 * A page's standing (which actions the rules refuse its player now, what play awaits) is
 * asked of the sandbox once per act for the player who reads first and, with them, for the
 * players who read theirs after the last act (src/kernel/availability.ts). Whichever players
 * are asked together, each one's standing must be the one they get asked alone.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Game } from "../src/kernel/game.js";
import { busyTime, countBusyTime } from "../src/busy-time.js";
import { latestProposal, mover, suberGame } from "./helpers.js";

const names = ["Ada", "Grace", "Alan", "Edsger"];

/** The acts of two turns of Suber: a proposal and every vote on it, twice. */
async function* turns(games: Game[]): AsyncGenerator<void> {
  for (let t = 0; t < 2; t++) {
    const proposer = mover(games[0]!);
    for (const g of games) await g.act(proposer, "propose", { change: { kind: "enact", text: `Rule of turn ${t}.` } });
    yield;
    const number = latestProposal(games[0]!).number;
    for (const p of games[0]!.state.players.map((p) => p.id)) {
      for (const g of games) await g.act(p, "vote", { proposal: number, vote: "for" });
      yield;
    }
  }
}

test("each player's standing is the same whether read alone or asked along with the pages that followed the last act", async () => {
  // Two games of the same seed, played alike: in one every page is read after every act
  // (asked together), in the other a different few, in a different order each time.
  const [everyPage, fewPages] = [await suberGame(names), await suberGame(names)] as [Game, Game];
  const ids = everyPage.state.players.map((p) => p.id);
  let step = 0;
  let differed = false;
  for await (const _ of turns([everyPage, fewPages])) {
    const all = new Map<string, unknown>();
    for (const id of ids) all.set(id, await everyPage.standing(id));
    const readers = ids.map((_, i) => ids[(i + step) % ids.length]!).filter((_, i) => (i + step) % 3 !== 0);
    for (const id of readers) assert.deepEqual(await fewPages.standing(id), all.get(id), `${id}'s standing after act ${fewPages.state.seq}`);
    differed ||= new Set(ids.map((id) => JSON.stringify((all.get(id) as { refused: unknown }).refused))).size > 1;
    step++;
  }
  assert.ok(step >= 10, "both turns were played");
  // Pages that could be swapped would pass the comparison above: the players' standings differ.
  assert.ok(differed, "what the rules refuse differs from player to player");
  everyPage.close();
  fewPages.close();
});

test("after an act, one sandbox call answers the players whose pages followed the last act; a player who did not read is asked apart", async () => {
  countBusyTime();
  const game = await suberGame(names);
  const [ada, grace, alan] = game.state.players.map((p) => p.id) as [string, string, string];
  const calls = async (read: () => Promise<unknown>) => {
    const before = busyTime.sandboxCalls;
    await read();
    return busyTime.sandboxCalls - before;
  };
  await game.act(mover(game), "propose", { change: { kind: "enact", text: "A rule to vote on." } });
  await game.standing(ada);
  await game.standing(grace);
  const number = latestProposal(game).number;
  await game.act(ada, "vote", { proposal: number, vote: "for" });

  assert.equal(await calls(() => game.standing(ada)), 1, "the first page read after the act asks the sandbox");
  assert.equal(await calls(() => game.standing(grace)), 0, "Grace read after the last act: her standing came with Ada's");
  assert.equal(await calls(() => game.standing(alan)), 1, "Alan did not: his is asked when he reads");
  assert.equal(await calls(() => game.standing(alan)), 0, "and kept until the next act");
  game.close();
});
