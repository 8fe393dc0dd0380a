/**
 * Nomic VIII's End State (Rule 211) and points (Rule 212), played: a claim of victory seconded by
 * a moderator who is not the claimant suspends every rule outside the Initial Set and invokes
 * Judgment; the Judge may end it as erroneous (the rules resume); otherwise turns stop ending and
 * the game ends at the first turn boundary 168 hours after it began. Reaching 1,024 points is
 * recorded but does not end the game. The game has a Rule 301 (awarding points) as if adopted.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { clean, courtGame, extraRule, judge } from "./nomic-viii-court-helpers.js";
import { hour, refused, runTo, say, turn, utc, value, type Table } from "./nomic-viii-helpers.js";

const players = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"] as const;

const scoring = `
const points = playerState("points", { initial: 0 });
action("score", { describe: "Score points", input: t.object({ points: t.integer({ minimum: 1 }) }) }, (input, { actor }) => {
  points.update(actor, (p) => p + input.points);
  game.emit("points.changed", { player: actor, change: input.points });
});`;

/** A game of four with a points rule 301, its first turn begun. */
const endGame = () => courtGame(players, [extraRule(301, scoring)]);

const endState = (t: Table) => value<{ claimant: string; winners: string[]; secondedBy: string; since: number } | null>(t, "endState");
const inEffect = (t: Table, rule: number) => (t.game.state as unknown as { suspended?: Record<string, unknown> }).suspended?.[rule] === undefined;
const over = (t: Table) => t.game.state.status === "over";

test("a seconded claim suspends the rules outside the Initial Set and invokes Judgment; the Judge ends it as erroneous and they resume", async () => {
  const t = await endGame();
  const { ada, alan, grace } = t.id;
  await t.game.act(ada, "declare-winners", { winners: [ada] });
  await refused(t, ada, "second-claim", { claimant: ada }, /cannot second their own declaration/);
  await refused(t, alan, "second-claim", { claimant: ada }, /only a server moderator/);
  await t.game.act(alan, "declare-winners", { winners: [alan, grace] });
  assert.equal(endState(t), null, "a claim alone is no End State");
  assert.ok(inEffect(t, 301));

  await t.game.act(ada, "second-claim", { claimant: alan });
  const state = endState(t)!;
  assert.deepEqual([state.claimant, state.winners, state.secondedBy], [alan, [alan, grace], ada]);
  assert.equal(inEffect(t, 301), false, "Rule 301 is outside the Initial Set");
  assert.ok(inEffect(t, 212) && inEffect(t, 209) && inEffect(t, 101));
  await refused(t, grace, "score", { points: 5 }, /no rule in effect offers the action "score"/);
  const cases = value<Record<string, { caller: string; question: string }>>(t, "cases");
  assert.equal(cases[1]?.caller, alan, "Judgment on the claim is invoked by the claimant");
  const j = judge(t)!;
  assert.ok(j && j !== alan);

  await refused(t, alan === j ? grace : alan, "end-state-erroneous", {}, /only the incumbent Judge/);
  await t.game.act(j, "end-state-erroneous", {});
  assert.equal(endState(t), null);
  assert.ok(inEffect(t, 301), "the suspended rules resume");
  await t.game.act(grace, "score", { points: 5 });
  assert.equal(value(t, "points", grace), 5);
  clean(t);
  t.game.close();
});

test("turns do not end during an End State; the game ends at the first turn end 168 hours after it began, with the winners the Judge named", async () => {
  const t = await endGame();
  const { ada, alan, grace, edsger } = t.id;
  // Margaret takes part without playing; the moderators (Ada) make her one of them.
  const margaret = (await t.game.attend("Margaret Hamilton")).person.id;
  await t.game.act(ada, "moderate", { motion: "add-moderator", person: "Margaret Hamilton" });
  const motion = Object.values(value<Record<string, { channel: string; open: boolean }>>(t, "votes")).find((v) => v.open)!;
  await say(t, ada, motion.channel, "aye");
  assert.deepEqual(value(t, "moderators"), [ada, margaret]);

  await t.game.act(alan, "declare-winners", { winners: [alan] });
  await runTo(t, utc(1, 9, 6)); // Friday 06:00: the End State begins
  await t.game.act(margaret, "second-claim", { claimant: alan });
  assert.equal(endState(t)?.secondedBy, margaret, "a moderator who is not a player seconds");
  const j = judge(t)!;
  await refused(t, grace === j ? ada : grace, "confirm-winners", { winners: [edsger] }, /only the incumbent Judge/);
  await t.game.act(j, "confirm-winners", { winners: [edsger] });
  // Rule 109 is of the initial set, so it still runs: players silent for a week leave. They talk.
  const talk = async () => {
    for (const p of [ada, alan, grace, edsger]) await say(t, p, "general", "Still here.");
  };
  await talk();
  const held = turn(t)?.number;
  await runTo(t, utc(1, 10)); // Saturday: a turn would end
  assert.equal(turn(t)?.number, held, "the turn does not end");
  await runTo(t, utc(1, 15)); // Thursday 15th, a boundary 138 hours in
  assert.equal(over(t), false, "138 hours: not yet");
  await talk();
  await runTo(t, utc(1, 17)); // Saturday 17th: 186 hours in, the first boundary past 168 hours
  assert.equal(over(t), true);
  assert.deepEqual(t.game.state.result?.winners, [edsger], "the Judge named Edsger");
  clean(t);
  t.game.close();
});

test("1,024 points names the winner by points without ending the game", async () => {
  const t = await endGame();
  const { alan, grace } = t.id;
  await t.game.act(grace, "score", { points: 1000 });
  assert.equal(value(t, "pointsWinners"), null);
  await t.game.act(grace, "score", { points: 24 });
  assert.deepEqual(value<{ players: string[] }>(t, "pointsWinners").players, [grace]);
  assert.equal(over(t), false, "the game goes on");
  await t.game.act(alan, "score", { points: 2000 });
  assert.deepEqual(value<{ players: string[] }>(t, "pointsWinners").players, [grace], "only the first to reach it");
  await runTo(t, t.clock.now + 10 * 24 * hour);
  assert.equal(over(t), false);
  clean(t);
  t.game.close();
});
