/** Nomic VIII's turns (Rule 202): the calendar at 00:00 UTC Mon/Thu/Sat, the Queue's top to the Deck 48 hours before a turn's end, the Deck to vote 24 hours before, and the order of the steps at one instant. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { hour, nextTimer, propose, proposals, reload, runTo, type Table, turn, utc, viiiGame } from "./nomic-viii-helpers.js";

/** Every message of the log addressed to everyone, in order. */
const log = async (t: Table): Promise<string[]> =>
  (await t.store.readActs(t.game.id)).flatMap((act) => act.effects.filter((e) => e.e === "message" && e.to === null).map((e) => (e as { text: string }).text));

/** The events rules emitted, in order, with the time of the act that emitted them. */
const events = async (t: Table, types: string[]): Promise<{ type: string; at: number; data: unknown }[]> =>
  (await t.store.readActs(t.game.id)).flatMap((act) =>
    act.effects
      .filter((e) => e.e === "event" && types.includes((e as { type: string }).type))
      .map((e) => ({ type: (e as { type: string }).type, at: act.time, data: (e as { data: unknown }).data })),
  );

test("turns start and end at 00:00 UTC on Mondays, Thursdays and Saturdays, over two weeks; the first starts at the first such moment after the game begins", async () => {
  // Wednesday 7 January 2026, noon: the first turn starts on Thursday the 8th.
  const t = await viiiGame(utc(1, 7, 12));
  assert.equal(turn(t), null, "no turn before the first boundary");
  assert.equal(nextTimer(t, "turn.boundary"), utc(1, 8));
  const seen: { number: number; startedAt: number; endsAt: number }[] = [];
  for (let i = 0; i < 7; i++) {
    await runTo(t, nextTimer(t, "turn.boundary"));
    seen.push(turn(t)!);
    if (i === 3) await reload(t);
  }
  assert.deepEqual(seen, [
    { number: 1, startedAt: utc(1, 8), endsAt: utc(1, 10) },
    { number: 2, startedAt: utc(1, 10), endsAt: utc(1, 12) },
    { number: 3, startedAt: utc(1, 12), endsAt: utc(1, 15) },
    { number: 4, startedAt: utc(1, 15), endsAt: utc(1, 17) },
    { number: 5, startedAt: utc(1, 17), endsAt: utc(1, 19) },
    { number: 6, startedAt: utc(1, 19), endsAt: utc(1, 22) },
    { number: 7, startedAt: utc(1, 22), endsAt: utc(1, 24) },
  ]);
  const emitted = await events(t, ["turn.ended", "turn.started"]);
  assert.deepEqual(
    emitted.slice(0, 5).map((e) => [e.type, e.data]),
    [
      ["turn.started", { number: 1 }],
      ["turn.ended", { number: 1 }],
      ["turn.started", { number: 2 }],
      ["turn.ended", { number: 2 }],
      ["turn.started", { number: 3 }],
    ],
  );
  assert.ok((await log(t)).includes("Turn 3 starts; it ends at 00:00 UTC Thursday 2026-01-15."));
});

test("the top of the Queue goes onto the Deck 48 hours before the turn's end, the Deck to vote 24 hours before; a turn with nothing on the Deck holds no vote", async () => {
  const t = await viiiGame(utc(1, 11, 12)); // Sunday: turn 1 is Monday 12 to Thursday 15 (72 hours).
  const { ada, alan } = t.id as Record<string, string>;
  await runTo(t, utc(1, 12));
  const q1 = await propose(t, ada!, { kind: "enact", title: "Greeting", text: "Players greet each other." });
  const q2 = await propose(t, alan!, { kind: "repeal", number: 213 });
  assert.equal(nextTimer(t, "turn.deck"), utc(1, 13), "48 hours before Thursday 00:00");
  await runTo(t, utc(1, 13));
  assert.equal(proposals(t)[q1]!.stage, "deck", "the older of two equally endorsed proposals tops the Queue");
  assert.equal(proposals(t)[q2]!.stage, "queue", "only the top goes");
  await runTo(t, utc(1, 14));
  assert.equal(proposals(t)[q1]!.stage, "voting");
  assert.equal(proposals(t)[q1]!.number, 301);
  assert.deepEqual(proposals(t)[q1]!.votesIn, { channel: "vote-proposal-301", for: "aye", against: "nay", withdraw: "withdraw" });
  const opened = await events(t, ["vote.open"]);
  assert.deepEqual(
    opened.map((e) => [e.at >= utc(1, 14), (e.data as { id: string }).id]),
    [[true, "proposal-301"]],
  );

  // Turn 2 (Thursday to Saturday, 48 hours): at its start the Queue's top (q2) goes onto the Deck.
  await runTo(t, utc(1, 15));
  assert.equal(proposals(t)[q1]!.stage, "defeated", "no votes: not a majority");
  assert.equal(proposals(t)[q2]!.stage, "deck", "48 hours before a 48-hour turn's end is its start");
  // Turn 3 (Saturday to Monday): the Queue is empty, nothing goes to vote.
  await runTo(t, utc(1, 17));
  await runTo(t, utc(1, 18));
  assert.equal(Object.values(proposals(t)).filter((p) => p.stage === "voting").length, 0);
  assert.equal((await events(t, ["vote.open"])).length, 2, "one vote for q1, one for q2, none in turn 3");
});

test("at one instant: votes close and outcomes are decided, the turn ends, the next starts, then the Queue's top goes onto the Deck", async () => {
  const t = await viiiGame(utc(1, 14, 12)); // Wednesday: turn 1 is Thursday 15 to Saturday 17.
  const { ada, alan } = t.id as Record<string, string>;
  await runTo(t, utc(1, 15));
  await propose(t, ada!, { kind: "enact", title: "One", text: "First." });
  await runTo(t, utc(1, 16)); // 24 hours before the end: nothing was on the Deck (it filled at the turn's start, before q1 existed).
  const q2 = await propose(t, alan!, { kind: "enact", title: "Two", text: "Second." });
  await runTo(t, utc(1, 17));
  const at = await events(t, ["vote.close", "turn.ended", "turn.started"]);
  assert.deepEqual(
    at.filter((e) => e.at >= utc(1, 17)).map((e) => e.type),
    ["turn.ended", "turn.started"],
  );
  const lines = await log(t);
  const started = lines.indexOf("Turn 2 starts; it ends at 00:00 UTC Monday 2026-01-19.");
  const deck = lines.findIndex((l) => l.startsWith("Proposal q1, the top of the Proposal Queue, goes onto the Deck."));
  assert.ok(started >= 0 && deck > started, "the turn starts before the Queue's top goes onto the Deck");
  assert.equal(proposals(t)[q2]!.stage, "queue", "one proposal a turn leaves the Queue");
  assert.equal(nextTimer(t, "turn.vote"), utc(1, 18));
  assert.ok(hour > 0);
});
