/**
 * Nomic VIII's proposals by playing: the Proposal Queue with endorsements and replacement and the
 * Deck's edits (201), numbers from 301 in random order (106), a simple majority (203) and
 * unanimity for immutable rules (107), changes taking effect at the next turn's start (105),
 * properties a rule defines (102, 103), and a rule changing only itself (111).
 *
 * The last test votes by messages (Rule 206); the others set the tallies as the moderators would
 * record them (an officer's correction of `votes`), to reach each threshold in few steps.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Json } from "../src/kernel/types.js";
import { editMessage, names, numbered, propose, proposals, refused, runTo, type Table, utc, value, viiiGame, vote } from "./nomic-viii-helpers.js";

const log = async (t: Table): Promise<string[]> =>
  (await t.store.readActs(t.game.id)).flatMap((act) => act.effects.filter((e) => e.e === "message" && e.to === null).map((e) => (e as { text: string }).text));

/** The host records a proposal's tally, as the moderators would. */
async function tally(t: Table, number: number, votes: Record<string, "for" | "against">): Promise<void> {
  const all = value<Record<string, Json>>(t, "votes") ?? {};
  const id = `proposal-${number}`;
  const open = { title: `Proposal ${number}`, channel: `vote-${id}`, voters: "active-players", open: true, tally: votes };
  await t.game.correct({ host: true }, { cites: { rule: 206 }, reason: "the votes cast", changes: [{ name: "votes", value: { ...all, [id]: open } }] });
}

/** The host puts a queued proposal onto the Deck (an officer's correction), so that several go to vote together. */
const onDeck = (t: Table, key: string) =>
  t.game.correct(
    { host: true },
    {
      cites: { rule: 202 },
      reason: "put onto the Deck",
      changes: [{ name: "proposals", key, value: { ...proposals(t)[key]!, stage: "deck", status: "deck" } as unknown as Json }],
    },
  );

test("the Queue: one proposal per player, a second replaces the first; endorsements order it; only the Deck's proposals are edited, by their authors, until the vote", async () => {
  const t = await viiiGame(utc(1, 11, 12)); // turn 1: Monday 12 to Thursday 15 January 2026.
  const { ada, alan, grace } = t.id as Record<string, string>;
  await runTo(t, utc(1, 12));
  const q1 = await propose(t, ada!, { kind: "enact", title: "Hats", text: "Players wear hats." });
  const q2 = await propose(t, alan!, { kind: "repeal", number: 212 });
  const q3 = await propose(t, grace!, { kind: "set-property", number: 203, key: "text", value: "A proposal passes with two thirds in favour." });
  assert.deepEqual(proposals(t)[q1]!.endorsers, [ada], "the author endorses their own proposal by default");
  await t.game.act(ada!, "endorse", { proposal: q3 });
  await refused(t, ada!, "endorse", { proposal: q3 }, /already endorse/);
  const q4 = await propose(t, ada!, { kind: "enact", title: "Scarves", text: "Players wear scarves." });
  assert.equal(proposals(t)[q1]!.stage, "removed", "Ada's second proposal replaced her first");
  assert.equal(proposals(t)[q1]!.reason, `replaced by ${q4}`);
  await refused(t, grace!, "endorse", { proposal: q1 }, /not in the Proposal Queue/);
  await refused(t, alan!, "propose", { kind: "repeal", number: 101 }, /immutable: only a mutable rule may be repealed/);
  await refused(t, alan!, "propose", { kind: "set-property", number: 201, key: "number", value: "5" }, /number cannot be modified/);
  await refused(t, alan!, "edit-proposal", { proposal: q2, kind: "repeal", number: 211 }, /no proposal on the Deck/);

  await runTo(t, utc(1, 13)); // 48 hours before the end: the most endorsed goes onto the Deck.
  assert.equal(proposals(t)[q3]!.stage, "deck", "two endorsers beat one");
  await refused(t, ada!, "edit-proposal", { proposal: q3, kind: "repeal", number: 211 }, /you have no proposal on the Deck/);
  await t.game.act(grace!, "edit-proposal", {
    proposal: q3,
    kind: "set-property",
    number: 203,
    key: "text",
    value: "A proposal passes with three quarters in favour.",
  });
  assert.deepEqual(proposals(t)[q3]!.change, { kind: "set-property", number: 203, key: "text", value: "A proposal passes with three quarters in favour." });
  await runTo(t, utc(1, 14));
  assert.equal(proposals(t)[q3]!.stage, "voting");
  await refused(t, grace!, "edit-proposal", { proposal: q3, kind: "repeal", number: 211 }, /no proposal on the Deck/);

  // Alan unendorses his own: Ada's newer proposal, endorsed by her, now comes before it.
  await t.game.act(alan!, "unendorse", { proposal: q2 });
  await runTo(t, utc(1, 15));
  assert.equal(proposals(t)[q4]!.stage, "deck");
  assert.equal(proposals(t)[q2]!.stage, "queue");
  await t.game.act(alan!, "withdraw-proposal", {});
  assert.equal(proposals(t)[q2]!.stage, "removed");
  await refused(t, alan!, "withdraw-proposal", {}, /no proposal in the Proposal Queue/);
});

test("numbers from 301 in random order, recorded; majority, unanimity for immutable rules; changes take effect at the next turn's start; a property an enacted rule defines", async () => {
  const t = await viiiGame(utc(1, 11, 12), [...names, "Edsger Dijkstra"]);
  const { ada, alan, grace, edsger } = t.id as Record<string, string>;
  await runTo(t, utc(1, 12));
  const code = 'ruleProperty("category", { initial: "general", describe: "What the rule is about" });';
  const q1 = await propose(t, ada!, { kind: "enact", title: "Categories", text: "Rules have a category, by default general.", code });
  await refused(t, alan!, "propose", { kind: "set-property", number: 201, key: "category", value: "queue" }, /no property "category"/);
  const q2 = await propose(t, alan!, { kind: "set-property", number: 116, key: "title", value: "Permission" });
  const q3 = await propose(t, grace!, { kind: "set-property", number: 213, key: "mutable", value: "immutable" });
  const grab =
    'on("turn.started", () => { try { game.rules.apply({ kind: "amend", number: 202, text: "Mine." }, "grab"); } catch (e) { game.post("grab refused: " + (e as Error).message); } });';
  const q4 = await propose(t, edsger!, { kind: "enact", title: "Grab", text: "This rule takes Rule 202.", code: grab });
  await runTo(t, utc(1, 13));
  for (const key of [q2, q3, q4]) await onDeck(t, key);
  await runTo(t, utc(1, 14));

  const numbers = [q1, q2, q3, q4].map((key) => proposals(t)[key]!.number);
  assert.deepEqual([...numbers].sort(), [301, 302, 303, 304], "numbered from 301");
  const drawn = (await log(t)).find((line) => line.startsWith("Numbers for the proposals put to vote together, drawn at random (Rule 106)"));
  assert.ok(drawn, "the order drawn is posted");
  for (const key of [q1, q2, q3, q4]) assert.ok(drawn.includes(`${key} is ${proposals(t)[key]!.number}`), drawn);
  const draws = (await t.store.readActs(t.game.id)).flatMap((act) => act.effects.filter((e) => e.e === "random" && e.rule === 106));
  assert.ok(draws.length > 0, "the draw is recorded in the log");

  const [n1, n2, n3, n4] = numbers as [number, number, number, number];
  await tally(t, n1, { [ada!]: "for", [alan!]: "for", [grace!]: "against" });
  await tally(t, n2, { [ada!]: "for", [alan!]: "for", [grace!]: "against" });
  await tally(t, n3, { [ada!]: "for", [alan!]: "for", [grace!]: "for" });
  await tally(t, n4, { [edsger!]: "for", [ada!]: "for" });
  await runTo(t, utc(1, 14, 23));
  assert.equal(t.game.state.rules[n1], undefined, "not yet in effect during the turn it is voted on");

  await runTo(t, utc(1, 15));
  assert.equal(numbered(t, n1)!.stage, "adopted");
  assert.match(numbered(t, n1)!.reason!, /simple majority in favour \(2 for, 1 against\)/);
  assert.equal(numbered(t, n2)!.stage, "defeated", "a majority is not enough to modify an immutable rule");
  assert.match(numbered(t, n2)!.reason!, /modifying immutable rule 116 needs a unanimous vote among the voters \(Rule 107\); 1 of 3 voted against/);
  assert.equal(numbered(t, n3)!.stage, "adopted", "transmuting to immutable, unanimously");
  const rule = (n: number) => t.game.state.rules[n];
  assert.equal(rule(n1)?.mutable, true, "the new rule takes the proposal's number, mutable");
  assert.equal(rule(n1)?.history[0]?.cause, `Proposal ${n1}`);
  assert.equal(rule(213)?.mutable, false, "Rule 213 is now immutable");
  assert.equal(rule(116)?.title ?? null, null, "Rule 116 unchanged");
  assert.equal(value(t, "turn").startedAt, utc(1, 15), "they took effect as turn 2 started");

  const q5 = await propose(t, alan!, { kind: "set-property", number: 201, key: "category", value: "queue" });
  assert.deepEqual(proposals(t)[q5]!.change, { kind: "set-property", number: 201, key: "category", value: "queue" });

  await runTo(t, utc(1, 17)); // the Grab rule hears a turn start
  const grabbed = (await log(t)).find((line) => line.startsWith("grab refused"));
  assert.match(grabbed ?? "", /may change only its own body or repeal itself.*Rule 111/);
  assert.equal(rule(202)?.text.startsWith("At 48 hours"), true, "Rule 202 unchanged");
});

test("Judicial Proposals go onto the Deck at the next turn's start unless their Judge was disbarred, and take numbers after the Queue's", async () => {
  const t = await viiiGame(utc(1, 14, 12)); // turn 1: Thursday 15 to Saturday 17; turn 2 to Monday 19.
  const { ada, alan, grace } = t.id as Record<string, string>;
  await runTo(t, utc(1, 15));
  const queued = await propose(t, ada!, { kind: "enact", title: "Hats", text: "Players wear hats." });
  // As Rule 210 records them (stage "pending", judicial), here by the host's correction.
  const judicial = (author: string, title: string) =>
    ({
      number: 0,
      label: "Judicial Proposal",
      stage: "pending",
      status: "pending",
      author,
      proposer: author,
      createdAt: t.clock.now,
      endorsers: [],
      judicial: true,
      change: { kind: "enact", title, text: `${title}.` },
      votes: {},
      reason: null,
    }) as unknown as Json;
  const term = { judge: grace, invoker: ada, since: t.clock.now, turn: 1, acknowledged: true, served: [alan, grace], disbarred: [alan] };
  await t.game.correct(
    { host: true },
    {
      cites: { rule: 210 },
      reason: "Judicial Proposals",
      changes: [
        { name: "proposals", key: "j1", value: judicial(grace!, "Clarity") },
        { name: "proposals", key: "j2", value: judicial(alan!, "Mischief") },
        { name: "judgment", value: { term } as unknown as Json },
      ],
    },
  );
  await runTo(t, utc(1, 17));
  assert.equal(proposals(t).j1!.stage, "deck");
  assert.equal(proposals(t).j2!.stage, "removed", "its Judge was disbarred");
  assert.equal(proposals(t)[queued]!.stage, "deck", "the Queue's top too (a 48-hour turn)");
  await runTo(t, utc(1, 18));
  assert.equal(proposals(t)[queued]!.number, 301);
  assert.equal(proposals(t).j1!.number, 302, "after the proposals from the Queue");
});

test("votes cast as messages in the proposal's channel (Rule 206) decide it: an edited vote is void, other words are no votes", async () => {
  const t = await viiiGame(utc(1, 11, 12));
  const { ada, alan, grace } = t.id as Record<string, string>;
  await runTo(t, utc(1, 12));
  const hats = await propose(t, ada!, { kind: "enact", title: "Hats", text: "Players wear hats." });
  await runTo(t, utc(1, 14));
  assert.equal(proposals(t)[hats]!.number, 301);
  await vote(t, ada!, 301, "aye");
  await vote(t, alan!, 301, " Yes ");
  await vote(t, grace!, 301, "nay");
  await runTo(t, utc(1, 15));
  assert.equal(numbered(t, 301)!.stage, "adopted");
  assert.deepEqual(numbered(t, 301)!.votes, { [ada!]: "for", [alan!]: "for", [grace!]: "against" });
  assert.equal(t.game.state.rules[301]?.text, "Players wear hats.", "in effect from the next turn's start");

  const scarves = await propose(t, alan!, { kind: "enact", title: "Scarves", text: "Players wear scarves." });
  await runTo(t, utc(1, 18)); // the Queue's top went onto the Deck as turn 3 started (Saturday), to vote a day later
  assert.equal(proposals(t)[scarves]!.number, 302);
  const mine = await vote(t, alan!, 302, "y");
  await vote(t, grace!, 302, "n");
  await vote(t, ada!, 302, "maybe"); // not a vote
  await editMessage(t, alan!, mine, "yes!");
  await runTo(t, utc(1, 19));
  assert.equal(numbered(t, 302)!.stage, "defeated");
  assert.match(numbered(t, 302)!.reason!, /0 for, 1 against/, "Alan's edited vote is void, Ada's word no vote");
});
