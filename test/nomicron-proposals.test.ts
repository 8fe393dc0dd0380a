/** Nomicron's proposals (rules 101-111, 202-208), played turn by turn through the Game API on a simulated clock. */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  beginRound,
  inEffect,
  version,
  nextTimer,
  nomicronGame,
  points,
  propose,
  record,
  refused,
  round,
  runTo,
  type Table,
  votes,
} from "./nomicron-helpers.js";

const founded = Date.UTC(2026, 1, 18, 12);
const rule = (t: Table, n: number) => t.game.state.rules[n];

/** A game in round 1, at the beginning of its first turn. */
async function firstTurn(): Promise<Table> {
  const t = await nomicronGame(founded);
  await beginRound(t, t.id.ada!);
  await refused(t, t.id.ada!, "propose", { kind: "enact", text: "Early." }, /interim/);
  await runTo(t, nextTimer(t, "turn.begins"));
  assert.equal(round(t).turnName, "1-1");
  return t;
}
const endTurn = (t: Table) => runTo(t, nextTimer(t, "turn.ends"));
const nextTurn = (t: Table) => runTo(t, nextTimer(t, "turn.begins"));

test("one proposal per active player per turn, numbered from 301; abstention; unanimity among those voting; a new rule takes the proposal's number; −10 for defeat", async () => {
  const t = await firstTurn();
  const { id } = t;
  const tea = await propose(t, id.ada!, { kind: "enact", title: "Tea", text: "Tea is served at four." });
  assert.equal(tea, 301);
  await refused(t, id.ada!, "propose", { kind: "enact", text: "A second one." }, /already submitted your proposal for turn 1-1/);
  const amend = await propose(t, id.alan!, { kind: "amend", rule: 209, text: "Precedence, restated once more." });
  const defeated = await propose(t, id.grace!, { kind: "repeal", rule: 204 });
  assert.deepEqual([amend, defeated], [302, 303]);
  assert.equal(record(t, "proposals")[302].turn, "1-1");
  await votes(t, tea, { [id.ada!]: "for", [id.alan!]: "against" });
  await votes(t, tea, { [id.alan!]: "for" }); // Grace abstains; Alan's later vote replaces his first.
  await votes(t, amend, { [id.ada!]: "for", [id.alan!]: "for", [id.grace!]: "for" });
  await votes(t, defeated, { [id.ada!]: "for", [id.alan!]: "against", [id.grace!]: "for" });
  assert.equal(record(t, "proposals")[tea].status, "voting", "votes close at the turn's end, not before");
  await endTurn(t);

  const p = record(t, "proposals");
  assert.equal(p[tea].status, "adopted", p[tea].reason);
  assert.equal(p[amend].status, "adopted");
  assert.equal(p[defeated].status, "defeated");
  assert.match(p[defeated].reason, /unanimous/);
  assert.equal(rule(t, 301)?.text, "Tea is served at four.");
  assert.equal(rule(t, 301)?.mutable, true);
  assert.equal(version(t, 301), 1, "a new rule is at version 1");
  assert.equal(version(t, 209), 2, "an amended rule's version rises: 209.2");
  assert.equal(points(t, id.grace!), -10, "the proposer of a defeated proposal loses 10 points");
  assert.equal(points(t, id.alan!), 0, "no points for nay-sayers while adoption is unanimous");
  await refused(t, id.ada!, "vote", { proposal: tea, vote: "for" }, /no proposal is up for vote|no longer up for vote/);
  await nextTurn(t);
  assert.equal(await propose(t, id.ada!, { kind: "amend", rule: 301, title: "Tea and cake" }), 304, "a new turn, a new proposal");
});

test("203 becomes 203.2 at the end of the round's second turn: then a simple majority adopts, nay-sayers get 10 points, and 106 still wants unanimity for immutable rules", async () => {
  const t = await firstTurn();
  const { id } = t;
  await endTurn(t);
  await nextTurn(t);
  const second = await propose(t, id.ada!, { kind: "amend", rule: 209, text: "Second turn." });
  await votes(t, second, { [id.ada!]: "for", [id.alan!]: "against", [id.grace!]: "for" });
  await endTurn(t);
  assert.equal(record(t, "proposals")[second].status, "defeated", "the second turn's proposals are still decided by unanimity");
  assert.match(rule(t, 203)!.text, /simple majority/);
  assert.equal(version(t, 203), 2, "203 changed itself once: 203.2");

  await nextTurn(t);
  const majority = await propose(t, id.ada!, { kind: "amend", rule: 209, text: "Third turn." });
  const immutable = await propose(t, id.grace!, { kind: "amend", rule: 108, text: "RFC, shorter." });
  const transmute = await propose(t, id.alan!, { kind: "transmute", rule: 110, to: "mutable" });
  await votes(t, majority, { [id.ada!]: "for", [id.alan!]: "against", [id.grace!]: "for" });
  await votes(t, immutable, { [id.ada!]: "for", [id.alan!]: "against", [id.grace!]: "for" });
  await votes(t, transmute, { [id.ada!]: "for", [id.alan!]: "for", [id.grace!]: "for" });
  await endTurn(t);
  const p = record(t, "proposals");
  assert.equal(p[majority].status, "adopted", p[majority].reason);
  assert.equal(points(t, id.alan!), 10, "Alan voted against a winning proposal adopted by majority (and against a losing one: nothing)");
  assert.equal(p[immutable].status, "defeated", "amending an immutable rule needs unanimity among those voting (106)");
  assert.equal(p[immutable].decidedBy, 106);
  assert.equal(p[transmute].status, "adopted");
  assert.equal(rule(t, 110)?.mutable, true);
  assert.equal(rule(t, 110)?.props?.book, "Mutable");
  assert.equal(version(t, 110), 2, "a transmuted rule's version rises too");
  assert.equal(points(t, id.ada!), -10, "Ada's proposal of the second turn was defeated");
  assert.equal(points(t, id.grace!), -10, "and Grace's of the third: nay-sayers on a defeated proposal get nothing");
});

test("200 points win the round, not the game: the round ends, its open proposals are discarded, a convention begins and the next round starts from zero", async () => {
  const t = await firstTurn();
  const { game, id } = t;
  await endTurn(t);
  await nextTurn(t);
  await endTurn(t); // 203 is now 203.2.
  await nextTurn(t);
  await game.correct({ host: true }, { cites: { rule: 208 }, reason: "scores as tallied", changes: [{ name: "points", player: id.alan!, value: 195 }] });
  assert.equal(round(t).inConvention, false, "195 points do not win");
  const winning = await propose(t, id.ada!, { kind: "amend", rule: 209, text: "Won." });
  const open = await propose(t, id.grace!, { kind: "amend", rule: 209, text: "Left open." });
  await votes(t, winning, { [id.ada!]: "for", [id.alan!]: "against", [id.grace!]: "for" });
  await endTurn(t);
  assert.equal(record(t, "proposals")[winning].status, "adopted");
  assert.equal(round(t).inConvention, true, "Alan's 205 points end the round");
  assert.deepEqual(game.value("roundWinners"), [{ round: 1, player: id.alan!, reason: "Alan Turing reached 205 points (Rule 208)" }]);
  assert.notEqual(record(t, "proposals")[open].status, "voting");
  assert.equal(game.state.status === "over", false, "the game goes on");
  await beginRound(t, id.ada!);
  assert.equal(round(t).number, 2);
  assert.equal(points(t, id.alan!), 0, "scores start again from zero each round");
  await runTo(t, nextTimer(t, "turn.begins"));
  assert.equal(round(t).turnName, "2-1");
});

test("resigning prevails over a later rule that forbids every action", async () => {
  const t = await firstTurn();
  const { game, id } = t;
  const code = 'forbid("*", () => "nothing may be done");';
  const freeze = await propose(t, id.ada!, { kind: "enact", title: "Freeze", text: "Nothing may be done.", code });
  await votes(t, freeze, { [id.ada!]: "for", [id.alan!]: "for", [id.grace!]: "for" });
  await endTurn(t);
  await nextTurn(t);
  await refused(t, id.alan!, "propose", { kind: "repeal", rule: freeze }, /nothing may be done/);
  await game.act(id.grace!, "resign", {});
  assert.ok(!game.state.players.some((p) => p.id === id.grace), "Grace has resigned");
});

test("Request for Comment: drafts and comments from any player; the administrator numbers them, and removes only those of a player no longer active", async () => {
  const t = await firstTurn();
  const { game, id } = t;
  await game.act(id.grace!, "draft", { text: "Tea is served at five." });
  await game.act(id.alan!, "comment", { draft: 1, text: "Four is traditional." });
  assert.deepEqual(
    record(t, "rfc")[1].comments.map((c: { player: string; text: string }) => [c.player, c.text]),
    [[id.alan, "Four is traditional."]],
  );
  await refused(t, id.alan!, "number-draft", { draft: 1, number: 7 }, /only the administrator/);
  await game.act(id.ada!, "number-draft", { draft: 1, number: 7 });
  assert.equal(record(t, "rfc")[1].number, 7);
  await refused(t, id.ada!, "remove-draft", { draft: 1 }, /still active/);
  await game.act(id.grace!, "resign", {});
  await game.act(id.ada!, "remove-draft", { draft: 1 });
  assert.deepEqual(record(t, "rfc"), {});
});

test("a rule transmuted into a convention rule stays in effect in convention, where Rule 7 still allows only the convention's four kinds of action", async () => {
  const t = await firstTurn();
  const { game, id } = t;
  const transmute = await propose(t, id.ada!, { kind: "transmute", rule: 108, to: "convention" });
  await votes(t, transmute, { [id.ada!]: "for", [id.alan!]: "for", [id.grace!]: "for" });
  await endTurn(t);
  assert.equal(rule(t, 108)?.props?.book, "Convention");
  assert.equal(rule(t, 108)?.mutable, false);
  await game.correct({ host: true }, { cites: { rule: 208 }, reason: "scores as tallied", changes: [{ name: "points", player: id.grace!, value: 200 }] });
  assert.equal(round(t).inConvention, true);
  assert.ok(inEffect(t, 108) && !inEffect(t, 202), "108 is a convention rule now; 202 is not");
  await refused(t, id.ada!, "draft", { text: "A draft in convention." }, /only game actions are making a motion, voting on motions/);
});
