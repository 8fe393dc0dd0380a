/**
 * Nomic VIII's court (rules 209, 210), played: Judgment invoked on a question, a term with a
 * Judge drawn at random from the eligible players (criteria dropped in reverse order while no
 * one is eligible), acknowledgment within 24 hours or disbarment, disbarment by three fourths
 * of all active players voting as messages, recusal, resignation, and a Judicial Proposal put
 * on the Deck at the next turn's start and numbered after the queue's proposal.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { courtReport } from "../src/records/reports/index.js";
import { checkRuleCode } from "../src/sandbox/compile-rule.js";
import { presetCodePath } from "../src/ruleset-sources/presets.js";
import { caseOf, clean, court, courtGame, extraRule, judge, log, optIn, term } from "./nomic-viii-court-helpers.js";
import { day, hour, numbered, propose, proposals, refused, reload, runTo, say, turn, utc, value, vote } from "./nomic-viii-helpers.js";

const players = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"] as const;

const game = () => courtGame(players);

test("the court's code type-checks against the rule API, as a player's would", () => {
  for (const n of court) assert.deepEqual(checkRuleCode(readFileSync(presetCodePath("nomic-viii", n), "utf8")), [], `rule ${n}`);
});

test("invoking Judgment starts a term; the Judge is drawn among the eligible, the criteria dropped from the last while no one is eligible", async () => {
  const t = await game();
  const { ada, alan, grace } = t.id;
  await optIn(t, [grace, ada]);
  await t.game.act(ada, "invoke-judgment", { question: "May a proposal be endorsed twice?" });
  const first = term(t)!;
  assert.equal(first.invoker, ada);
  assert.equal(first.judge, grace, "no one voted lately, so that criterion is dropped; of those opted in, Ada invoked: Grace");
  assert.deepEqual(first.served, [grace]);
  assert.equal(caseOf(t, 1).judge, grace);
  assert.equal(caseOf(t, 1).status, "awaiting ruling");
  assert.ok((await log(t)).some((m) => /Grace Hopper is drawn at random as Judge \(no one met every criterion; ignored: voted on a proposal/.test(m)));

  // A second invocation during the term keeps the Judge and the term.
  await t.game.act(alan, "invoke-judgment", { question: "Is an edited vote void?" });
  assert.equal(caseOf(t, 2).judge, grace);
  assert.equal(term(t)!.since, first.since);
  await refused(t, alan, "rule-on", { case: 2, verdict: "Yes" }, /only the incumbent Judge/);
  await t.game.act(grace, "rule-on", { case: 2, verdict: "Yes: Rule 206 says so." });
  assert.equal(caseOf(t, 2).status, "ruled");
  assert.equal(term(t)!.acknowledged, true, "ruling acknowledges the position");
  await refused(t, grace, "rule-on", { case: 2, verdict: "No" }, /not awaiting a ruling/);

  // Grace resigns: the term ends, her Judgment stands, the open case lapses.
  await t.game.act(grace, "resign-judgeship", {});
  assert.equal(term(t), null);
  assert.equal(caseOf(t, 2).status, "ruled");
  assert.equal(caseOf(t, 1).status, "lapsed");

  // With nobody opted in (Grace opts out, Ada invokes), only the first two criteria hold: anyone but Ada.
  await t.game.act(grace, "judge-opt-in", { optIn: false });
  await t.game.act(ada, "judge-opt-in", { optIn: false });
  const judges = new Set<string>();
  for (let i = 0; i < 6; i++) {
    await t.game.act(ada, "invoke-judgment", { question: `Question ${i}` });
    const j = term(t)!.judge!;
    assert.notEqual(j, ada, "the invoker of the term's Judgment is never drawn while others may be");
    judges.add(j);
    await t.game.act(j, "resign-judgeship", {});
  }
  assert.ok(judges.size >= 2, `the draw is random (drawn: ${[...judges].join(", ")})`);
  clean(t);
  t.game.close();
});

test("a Judge who does not acknowledge within 24 hours is disbarred, their Judgments invalid, and another is drawn; recusal disbars too", async () => {
  const t = await game();
  const { ada, alan, grace } = t.id;
  await optIn(t, [alan, grace]);
  await t.game.act(ada, "invoke-judgment", { question: "Is Rule 208's bot functional?" });
  const first = term(t)!.judge!;
  const second = first === alan ? grace : alan;
  await t.game.act(ada, "invoke-judgment", { question: "Did Alan vote twice?" });
  const { awaits } = await t.game.standing(first);
  assert.deepEqual(
    awaits.map((a) => a.action),
    ["acknowledge-judgeship"],
  );
  await reload(t); // the timer outlives a server's restart
  await runTo(t, t.clock.now + 23 * hour);
  assert.equal(term(t)!.judge, first, "23 hours: still the Judge");
  await runTo(t, t.clock.now + 2 * hour);
  assert.deepEqual(term(t)!.disbarred, [first]);
  assert.equal(term(t)!.judge, second, "the other one opted in is drawn (the first has served this term)");
  assert.ok((await log(t)).some((m) => /disbarred as Judge: they did not acknowledge their position within 24 hours/.test(m)));

  // The second acknowledges and rules; then recuses: disbarred, the ruling invalid, the case open again.
  await t.game.act(second, "acknowledge-judgeship", {});
  await refused(t, second, "acknowledge-judgeship", {}, /acknowledged your position already/);
  await t.game.act(second, "rule-on", { case: 1, verdict: "It is." });
  await t.game.act(second, "recuse", {});
  const after = term(t)!;
  assert.deepEqual(after.disbarred, [first, second]);
  assert.ok(after.judge && ![ada, first, second].includes(after.judge), "the criteria of opt-in dropped, the invoker and the served stay out");
  assert.equal(caseOf(t, 1).status, "awaiting ruling", "a disbarred Judge's Judgments of the term are invalid");
  assert.deepEqual(caseOf(t, 1).invalidated, [second]);
  assert.equal(caseOf(t, 1).judge, after.judge);
  // The court report reads the cases by the records convention: the question open again before the new Judge.
  const reported = courtReport(await t.store.readActs(t.game.id), t.game.state, null).cases.find((c) => c.number === 1)!;
  assert.deepEqual([reported.caller?.id, reported.judge?.id, reported.status, reported.verdict], [ada, after.judge, "awaiting ruling", null]);
  clean(t);
  t.game.close();
});

test("three fourths of all active players voting as messages disbar the Judge; fewer do not", async () => {
  const t = await game();
  const { ada, alan, grace, edsger, barbara, donald } = t.id;
  await optIn(t, [grace]);
  await t.game.act(ada, "invoke-judgment", { question: "Was the Deck moved on time?" });
  assert.equal(term(t)!.judge, grace);
  await t.game.act(grace, "acknowledge-judgeship", {});
  await t.game.act(alan, "move-disbarment", {});
  const id = `disbar-1-${grace}`;
  const vote = value<Record<string, { channel: string; open: boolean }>>(t, "votes")[id]!;
  assert.equal(vote.open, true);
  await refused(t, barbara, "move-disbarment", {}, /a vote to disbar this Judge runs already/);
  for (const p of [ada, alan, edsger]) await say(t, p, vote.channel, "aye");
  await say(t, barbara, vote.channel, "nay");
  assert.equal(term(t)!.judge, grace, "three of six is not three fourths");
  await say(t, barbara, vote.channel, "Yes");
  assert.equal(term(t)!.judge, grace, "four of six is not three fourths");
  await say(t, donald, vote.channel, "y");
  assert.deepEqual(term(t)!.disbarred, [grace], "five of six active players: disbarred");
  assert.equal(value<Record<string, { open: boolean }>>(t, "votes")[id]!.open, false, "the vote closes");
  assert.ok(term(t)!.judge !== grace && term(t)!.judge !== ada);
  clean(t);
  t.game.close();
});

test("a Judicial Proposal waits until the next turn's start, then goes on the Deck and is numbered after the queue's proposal", async () => {
  const t = await game();
  const { ada, alan, grace } = t.id;
  await optIn(t, [grace]);
  await t.game.act(ada, "invoke-judgment", { question: "Does Rule 201 let a player endorse twice?" });
  await t.game.act(grace, "rule-on", { case: 1, verdict: "No." });
  await refused(t, alan, "judicial-proposal", { kind: "repeal", number: 212 }, /only the incumbent Judge/);
  await refused(t, grace, "judicial-proposal", { kind: "repeal", number: 101 }, /rule 101 is immutable/);
  await t.game.act(grace, "judicial-proposal", { kind: "enact", title: "Endorsements", text: "A player endorses a proposal at most once." });
  const key = Object.keys(proposals(t)).find((k) => proposals(t)[k]!.judicial)!;
  assert.equal(proposals(t)[key]!.stage, "pending");
  await refused(t, grace, "judicial-proposal", { kind: "repeal", number: 212 }, /this term's Judicial Proposal already/);
  await t.game.act(grace, "edit-judicial-proposal", { proposal: key, change: { kind: "enact", title: "Endorsements", text: "One endorsement each." } });
  await refused(t, alan, "delete-judicial-proposal", { proposal: key }, /no pending Judicial Proposal of yours/);

  // The queue's proposal reaches the Deck 48 hours before the turn's end; both go to vote together.
  await propose(t, alan, { kind: "repeal", number: 212 });
  const started = turn(t)!.number;
  await runTo(t, turn(t)!.endsAt);
  assert.equal(turn(t)!.number, started + 1);
  const judicial = proposals(t)[key]!;
  assert.notEqual(judicial.stage, "pending", "at the next turn's start it is on the Deck");
  await refused(t, grace, "edit-judicial-proposal", { proposal: key, change: { kind: "repeal", number: 212 } }, /no longer pending/);
  await runTo(t, turn(t)!.endsAt - day);
  const queued = Object.values(proposals(t)).find((p) => p.author === alan)!;
  assert.ok(queued.number >= 301 && judicial && proposals(t)[key]!.number === queued.number + 1, "numbered after the queue's proposal");
  assert.equal(numbered(t, queued.number + 1)?.judicial, true);
  clean(t);
  t.game.close();
});

test("a disbarred Judge's pending Judicial Proposal never reaches the Deck", async () => {
  const t = await game();
  const { ada, grace } = t.id;
  await optIn(t, [grace]);
  await t.game.act(ada, "invoke-judgment", { question: "Q" });
  await t.game.act(grace, "judicial-proposal", { kind: "repeal", number: 212 });
  await runTo(t, t.clock.now + 25 * hour);
  assert.deepEqual(term(t)!.disbarred, [grace]);
  const jp = Object.values(proposals(t)).find((p) => p.judicial)!;
  assert.equal(jp.stage, "removed");
  await runTo(t, t.clock.now + 3 * day);
  assert.equal(Object.values(proposals(t)).find((p) => p.judicial)!.stage, "removed");
  clean(t);
  t.game.close();
});

test("Rule 108 settles a conflict between rules that name it by their own claims of precedence, else the lowest number prevails", async () => {
  const color = (c: string) => `answer("test.color", () => "${c}", { precedenceBy: 108 });`;
  const asker = `const color = gameState<string | null>("color", { initial: null });
action("ask-color", { describe: "Ask the color", input: t.object({}) }, () => color.set(game.ask<string>("test.color")?.value ?? null));`;
  const read = async (props?: Record<string, number[]>) => {
    const t = await courtGame(players, [extraRule(301, color("red")), extraRule(302, color("blue"), props), extraRule(303, asker)]);
    await t.game.act(t.id.ada, "ask-color", {});
    clean(t);
    t.game.close();
    return value(t, "color");
  };
  assert.equal(await read(), "red", "no claim: step 5, the lowest number");
  assert.equal(await read({ precedes: [301] }), "blue", "step 3: Rule 302 says of itself that it takes precedence over Rule 301");
});

test("a term ends at the end of the first turn that started during it; a player who voted on a proposal lately is preferred", async () => {
  const t = await game();
  const { ada, alan, grace, edsger } = t.id;
  await propose(t, alan, { kind: "repeal", number: 212 });
  await runTo(t, utc(1, 11)); // Sunday: the Deck went to vote 24 hours before turn 2's end
  const number = Object.values(proposals(t)).find((p) => p.author === alan)!.number;
  await vote(t, edsger, number, "aye");
  await optIn(t, [grace, edsger]);
  await t.game.act(ada, "invoke-judgment", { question: "Is Proposal 301 in order?" });
  assert.equal(judge(t), edsger, "of those opted in, only Edsger voted on a proposal this turn");
  assert.ok(
    (await log(t)).some((m) => /Edsger Dijkstra is drawn at random as Judge, for a new term/.test(m)),
    "no criterion ignored",
  );
  await t.game.act(edsger, "acknowledge-judgeship", {});
  await runTo(t, utc(1, 12)); // Monday: turn 2, during which the term began, ends; turn 3 starts during the term
  assert.equal(judge(t), edsger);
  await runTo(t, utc(1, 15)); // Thursday: turn 3 ends, and the term with it
  assert.equal(term(t), null);
  assert.equal(caseOf(t, 1).status, "lapsed", "a question not settled in the term lapses");
  clean(t);
  t.game.close();
});

test("a majority of all moderators disbars the Judge on their call that a Judgment egregiously conflicts with the rules", async () => {
  const t = await game();
  const { ada, alan, grace, barbara } = t.id;
  const openVote = (title: RegExp) =>
    Object.values(value<Record<string, { title: string; channel: string; open: boolean }>>(t, "votes")).find((v) => v.open && title.test(v.title))!;
  await t.game.act(ada, "moderate", { motion: "add-moderator", person: "Grace Hopper" });
  await say(t, ada, openVote(/Grace Hopper/).channel, "aye");
  assert.deepEqual(value(t, "moderators"), [ada, grace]);

  await optIn(t, [barbara]);
  await t.game.act(alan, "invoke-judgment", { question: "May a moderator vote twice?" });
  assert.equal(judge(t), barbara);
  await t.game.act(barbara, "rule-on", { case: 1, verdict: "Yes, moderators have two votes." });
  await refused(t, alan, "moderators-disbar", { conflict: "Rule 206: one vote each" }, /only a server moderator/);
  await t.game.act(ada, "moderators-disbar", { conflict: "Rule 206 gives each player one vote per vote" });
  const motion = openVote(/disbar Judge Barbara Liskov/);
  await say(t, ada, motion.channel, "aye");
  assert.equal(judge(t), barbara, "one of two moderators is no majority");
  assert.ok(
    (await log(t)).some((m) => /egregiously conflicts with the rules: Rule 206 gives each player one vote per vote/.test(m)),
    "the moderators' reading is recorded",
  );
  await say(t, grace, motion.channel, "yes");
  assert.deepEqual(term(t)!.disbarred, [barbara]);
  assert.equal(caseOf(t, 1).status, "awaiting ruling", "the disbarred Judge's Judgment is invalid");
  clean(t);
  t.game.close();
});
