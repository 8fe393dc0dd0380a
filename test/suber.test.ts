/** Suber's Initial Set, played: each mechanic is checked by playing it through the Game API. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ActionError, Game } from "../src/kernel/game.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { engine, latestProposal, mover, playTurn, playUntil, points, proposals, suberGame, turn } from "./helpers.js";

const names = ["Grace Hopper", "Ada Lovelace", "Alan Turing"];

test("the preset has all 29 rules with the text exactly as published", () => {
  const published = readFileSync(new URL("../../shared/rulesets/suber-initial-set.txt", import.meta.url), "utf8");
  const { rules } = loadPreset("suber");
  assert.equal(rules.length, 29);
  for (const rule of rules) {
    const start = published.indexOf(`\n${rule.number}. `);
    assert.ok(start >= 0, `rule ${rule.number} is in the published file`);
    const body = published.slice(start + `\n${rule.number}. `.length);
    const end = body.search(/\n\*\n|\nMutable Rules\n|$/);
    assert.equal(rule.text, body.slice(0, end).trimEnd(), `text of rule ${rule.number}`);
    assert.equal(rule.mutable, rule.number >= 200, `mutability of rule ${rule.number}`);
  }
});

test("turns go in alphabetical order by surname and proposals are numbered from 301", async () => {
  const game = await suberGame(names);
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    seen.push(mover(game));
    const p = await playTurn(game, { kind: "enact", text: `Rule of turn ${i}.` });
    assert.equal(p.number, 301 + i);
  }
  assert.deepEqual(seen, ["grace-hopper", "ada-lovelace", "alan-turing", "grace-hopper"]);
  assert.equal(turn(game).circuits, 1);
});

test("scoring: (number - 291) x fraction favourable, rounded; a defeated proposal costs 10", async () => {
  const game = await suberGame(names);
  const first = mover(game);
  await playTurn(game, { kind: "enact", text: "Unanimously liked." });
  assert.equal(points(game, first), 10); // (301 - 291) x 3/3
  const second = mover(game);
  const p = await playTurn(game, { kind: "enact", text: "Disliked by one." }, ["alan-turing"]);
  assert.equal(p.status, "defeated"); // unanimity is required in the first two circuits
  assert.equal(points(game, second), Math.round(11 * (2 / 3)) - 10);
});

test("every player must vote; each has exactly one vote", async () => {
  const game = await suberGame(names);
  await game.act(mover(game), "propose", { change: { kind: "enact", text: "A rule." } });
  await game.act("ada-lovelace", "vote", { proposal: 301, vote: "for" });
  await assert.rejects(game.act("ada-lovelace", "vote", { proposal: 301, vote: "against" }), /Rule 207: you have already voted on proposal 301/);
  assert.equal(proposals(game)["301"]?.status, "voting", "the vote stays open until everyone has voted");
  await game.act("grace-hopper", "vote", { proposal: 301, vote: "for" });
  await game.act("alan-turing", "vote", { proposal: 301, vote: "for" });
  assert.equal(proposals(game)["301"]?.status, "adopted");
  assert.equal(game.state.rules["301"]?.text, "A rule.");
});

test("Rule 203 turns itself into simple majority after the second complete circuit", async () => {
  const game = await suberGame(names);
  await playUntil(game, () => turn(game).circuits >= 2);
  const rule203 = game.state.rules["203"]!;
  assert.match(rule203.text, /simple majority/);
  assert.equal(rule203.revision, 2);
  assert.match(rule203.history[1]!.cause, /Rule 203, not amended/);
  const p = await playTurn(game, { kind: "enact", text: "Adopted by majority." }, ["alan-turing"]);
  assert.equal(p.status, "adopted");
});

test("once unanimity is gone, those voting against an adopted proposal get 10 points, until 204 is repealed", async () => {
  const game = await suberGame(names);
  await playUntil(game, () => turn(game).circuits >= 2);
  const naysayer = game.state.players.find((p) => p.id !== mover(game))!.id;
  const before = points(game, naysayer);
  assert.equal((await playTurn(game, { kind: "enact", text: "Something." }, [naysayer])).status, "adopted");
  assert.equal(points(game, naysayer) - before, 10);
  // Repeal 204; then a vote against an adopted proposal earns nothing.
  assert.equal((await playTurn(game, { kind: "repeal", rule: 204 })).status, "adopted");
  assert.equal(game.state.rules["204"], undefined);
  const voter = mover(game) === "grace-hopper" ? "ada-lovelace" : "grace-hopper";
  const had = points(game, voter);
  assert.equal((await playTurn(game, { kind: "enact", text: "Another." }, [voter])).status, "adopted");
  assert.equal(points(game, voter), had);
});

test("amending 202's code changes how the next turn scores", async () => {
  const game = await suberGame(names);
  const flat = `
const points = playerState("points", { initial: 0 });
interface Proposal { number: number; proposer: string }
const proposals = gameState<{ [n: string]: Proposal }>("proposals", { initial: {} });
on("proposal.closed", (event) => {
  const p = proposals.get()[event.data.number];
  if (!p) return;
  const total = points.get(p.proposer) + 42;
  points.set(p.proposer, total);
  game.emit("points.changed", { player: p.proposer, change: 42, total, reason: "flat score" });
  game.emit("turn.ended", { player: p.proposer });
});
forbid("propose", () => undefined);
`;
  const amended = await playTurn(game, { kind: "amend", rule: 202, code: flat });
  assert.equal(amended.status, "adopted");
  assert.equal(game.state.rules["202"], undefined, "an amended rule takes the proposal's number (108)");
  assert.ok(game.state.rules["301"]?.code?.source.includes("+ 42"));
  const next = mover(game);
  const before = points(game, next);
  await playTurn(game, { kind: "enact", text: "Scored the new way." });
  assert.equal(points(game, next) - before, 42);
});

test("transmuting an immutable rule needs a unanimous vote even under majority rule (109)", async () => {
  const game = await suberGame(names);
  await playUntil(game, () => turn(game).circuits >= 2);
  const dissenter = mover(game) === "alan-turing" ? "ada-lovelace" : "alan-turing";
  const transmute = await playTurn(game, { kind: "transmute", rule: 116 }, [dissenter]);
  assert.equal(transmute.status, "defeated");
  assert.match(transmute.reason ?? "", /unanimous/);
  assert.equal(game.state.rules["116"]?.mutable, false);
  const unanimous = await playTurn(game, { kind: "transmute", rule: 116 });
  assert.equal(unanimous.status, "adopted");
  const renumbered = game.state.rules[String(unanimous.number)];
  assert.equal(renumbered?.mutable, true, "the transmuted rule takes the proposal's number and is now mutable");
});

test("in the first two circuits, transmuting 201 needs everyone's vote (203's unanimity)", async () => {
  const game = await suberGame(names);
  const p = await playTurn(game, { kind: "transmute", rule: 201 }, ["alan-turing"]);
  assert.equal(p.status, "defeated");
  assert.equal(game.state.rules["201"]?.mutable, true);
});

test("a 26th mutable rule is refused (209)", async () => {
  const game = await suberGame(names);
  let mutable = Object.values(game.state.rules).filter((r) => r.mutable).length;
  while (mutable < 25) {
    await playTurn(game, { kind: "enact", text: `Rule number ${mutable + 1}.` });
    mutable = Object.values(game.state.rules).filter((r) => r.mutable).length;
  }
  const seqBefore = game.state.seq;
  await assert.rejects(game.act(mover(game), "propose", { change: { kind: "enact", text: "One too many." } }), /Rule 209: there are already 25 mutable rules/);
  assert.equal(game.state.seq, seqBefore, "the refused proposal changed nothing");
});

test("a rule whose code loops forever is adopted, fails visibly, and play goes on", async () => {
  const game = await suberGame(names);
  const looping = `on("vote.cast", () => { while (true) {} });`;
  const p = await playTurn(game, { kind: "enact", text: "Whenever a vote is cast, think forever.", code: looping });
  assert.equal(p.status, "adopted");
  const next = mover(game);
  const before = points(game, next);
  const after = await playTurn(game, { kind: "enact", text: "Play goes on." });
  assert.equal(after.status, "adopted");
  assert.equal(points(game, next), before + 11);
  const failures = game.state.failures.filter((f) => f.rule === p.number);
  assert.ok(failures.length >= 3, "each vote recorded the looping rule's failure");
  assert.match(failures[0]!.error, /ran out of fuel/);
  assert.equal(failures[0]!.during, "on vote.cast");
});

test("code that runs out of memory or recurses forever fails alone", async () => {
  const game = await suberGame(names);
  // 8 MB buffers reach the memory limit in a few steps (filling it with 100 kB strings took QuickJS 20 s of work in built-ins).
  const hungry = `on("vote.cast", () => { const a: Float64Array[] = []; for (;;) a.push(new Float64Array(1_000_000)); });`;
  const deep = `function down(n: number): number { return down(n + 1) + 1; }\non("vote.cast", () => { down(0); });`;
  await playTurn(game, { kind: "enact", text: "Hungry.", code: hungry });
  await playTurn(game, { kind: "enact", text: "Deep.", code: deep });
  const p = await playTurn(game, { kind: "enact", text: "Still playing." });
  assert.equal(p.status, "adopted");
  const errors = game.state.failures.map((f) => `${f.rule}: ${f.error}`).join("\n");
  assert.match(errors, /301: .*memory/);
  assert.match(errors, /302: .*(stack|recursion)/);
});

test("Judgment: the preceding player judges; the next turn waits for a majority's consent", async () => {
  const game = await suberGame(names);
  const m = mover(game); // Grace Hopper; the player preceding her (wrapping) is Alan Turing
  await game.act("ada-lovelace", "invoke-judgment", { question: "May Grace propose a rule that scores herself 100 points?" });
  const judgments = () => game.state.values.game.judgments as Record<string, { judge: string; status: string; verdict: string | null }>;
  assert.equal(judgments()["1"]?.judge, "alan-turing");
  await assert.rejects(game.act("ada-lovelace", "judge", { case: 1, verdict: "legal", reasoning: "x" }), /only the Judge of case 1/);
  await game.act("alan-turing", "judge", { case: 1, verdict: "illegal", reasoning: "Rule 202 fixes the scoring." });
  // Overruling takes every player but the Judge.
  await game.act("grace-hopper", "overrule", { case: 1 });
  await game.act("ada-lovelace", "overrule", { case: 1 });
  assert.equal(judgments()["1"]?.judge, "ada-lovelace", "the player preceding the overruled Judge judges next");
  await game.act("ada-lovelace", "judge", { case: 1, verdict: "legal", reasoning: "Nothing forbids it." });
  await playTurn(game, { kind: "enact", text: "Grace scores well." });
  assert.equal(mover(game), m, "the next turn has not begun without consent");
  assert.match(turn(game).waiting ?? "", /consent/);
  await assert.rejects(game.act(m, "propose", { change: { kind: "enact", text: "x" } }), /cannot begin yet/);
  await game.act("grace-hopper", "consent", { case: 1 });
  await game.act("alan-turing", "consent", { case: 1 });
  assert.equal(mover(game), "ada-lovelace");
  assert.equal(judgments()["1"]?.status, "settled");
});

test("a move judged equally legal and illegal, not overruled, makes the mover the winner (213)", async () => {
  const game = await suberGame(names);
  const m = mover(game);
  await game.act("ada-lovelace", "invoke-judgment", { question: "Is this move legal?" });
  await game.act("alan-turing", "judge", { case: 1, verdict: "undecidable", reasoning: "It is as legal as it is illegal." });
  await assert.rejects(game.act("ada-lovelace", "consent", { case: 1 }), /the next player's consent does not count/);
  await game.act("alan-turing", "consent", { case: 1 });
  await game.act("grace-hopper", "consent", { case: 1 });
  // Settled mid-turn, the ruling could still be overruled (212): it stands once the next turn begins.
  assert.equal(game.state.status, "active", "a ruling that can still be overruled ends nothing");
  await playTurn(game, { kind: "enact", text: "The paradoxical move." });
  assert.equal(game.state.status, "over");
  assert.deepEqual(game.state.result?.winners, [m]);
  await assert.rejects(game.act("ada-lovelace", "vote", { proposal: 301, vote: "for" }), /the game is over/);
});

test("a ruling a majority consented to may be overruled until the next turn begins, not after (212)", async () => {
  const game = await suberGame(names);
  const m = mover(game); // Grace Hopper; Alan Turing judges, Ada Lovelace moves next
  const judgments = () => game.state.values.game.judgments as Record<string, { judge: string; status: string; verdict: string | null }>;
  await game.act("ada-lovelace", "invoke-judgment", { question: "Is this move legal?" });
  await game.act("alan-turing", "judge", { case: 1, verdict: "undecidable", reasoning: "It is as legal as it is illegal." });
  await game.act("alan-turing", "consent", { case: 1 });
  await game.act("grace-hopper", "consent", { case: 1 });
  assert.equal(judgments()["1"]?.status, "settled");
  // Before the next turn begins, the other players overrule unanimously: no paradox win.
  await game.act("grace-hopper", "overrule", { case: 1 });
  await game.act("ada-lovelace", "overrule", { case: 1 });
  assert.equal(judgments()["1"]?.status, "awaiting ruling");
  assert.equal(judgments()["1"]?.judge, "ada-lovelace", "the player preceding the overruled Judge judges anew");
  await game.act("ada-lovelace", "judge", { case: 1, verdict: "legal", reasoning: "It is legal." });
  await playTurn(game, { kind: "enact", text: "A move in question." });
  assert.equal(mover(game), m, "the reopened case holds the next turn back again");
  await game.act("grace-hopper", "consent", { case: 1 });
  await game.act("alan-turing", "consent", { case: 1 });
  assert.equal(mover(game), "ada-lovelace", "consent given, the next turn begins");
  assert.equal(game.state.status, "active");
  await assert.rejects(game.act("grace-hopper", "overrule", { case: 1 }), /case 1 is settled and the next turn has begun; it can no longer be overruled/);
});

test("a forfeited player's vote counts for neither adoption (203) nor score (202)", async () => {
  const game = await suberGame(names);
  const m = mover(game); // Grace Hopper
  await game.act(m, "propose", { change: { kind: "enact", text: "Voted on before a forfeit." } });
  await game.act("alan-turing", "vote", { proposal: 301, vote: "against" });
  await game.act("alan-turing", "forfeit", {});
  await game.act("ada-lovelace", "vote", { proposal: 301, vote: "for" });
  await game.act(m, "vote", { proposal: 301, vote: "for" });
  assert.equal(proposals(game)["301"]?.status, "adopted", "203: unanimous among the eligible voters");
  assert.equal(points(game, m), 10, "202: (301 - 291) x 2/2, the forfeited vote not counted");
});

test("a player can forfeit; the turn passes and votes no longer wait for them", async () => {
  const game = await suberGame(names);
  const m = mover(game);
  await game.act(m, "propose", { change: { kind: "enact", text: "Pending." } });
  await game.act("ada-lovelace", "vote", { proposal: 301, vote: "for" });
  await game.act("alan-turing", "forfeit", {});
  assert.equal(game.state.players.length, 2);
  await game.act(m, "vote", { proposal: 301, vote: "for" });
  assert.equal(proposals(game)["301"]?.status, "adopted");
  assert.equal(mover(game), "ada-lovelace");
  await assert.rejects(game.act("alan-turing", "vote", { proposal: 302, vote: "for" }), /not a player/);
});

test("the first player to reach 200 points wins and the game ends", async () => {
  const game = await suberGame(names);
  await playUntil(game, () => game.state.status === "over", 400);
  assert.equal(game.state.status, "over");
  const winner = game.state.result!.winners[0]!;
  assert.ok(points(game, winner) >= 200);
  for (const p of game.state.players) if (p.id !== winner) assert.ok(points(game, p.id) < 200 || points(game, p.id) <= points(game, winner));
});

test("the engine refuses an adoption that would leave no way to propose rule-changes", async () => {
  const game = await suberGame(names);
  assert.equal((await playTurn(game, { kind: "transmute", rule: 104 })).status, "adopted");
  const rule104 = latestProposal(game).number; // 104 took the proposal's number (108)
  const p = await playTurn(game, { kind: "repeal", rule: rule104 });
  assert.equal(p.status, "defeated");
  assert.match(p.reason ?? "", /no rule offering a way to propose rule-changes/);
  assert.ok(game.state.rules[String(rule104)], "the rule that offers proposing is still there");
});

test("bad input is refused with a message that says what to do, and changes nothing", async () => {
  const game = await suberGame(names);
  const seq = game.state.seq;
  const m = mover(game);
  const other = game.state.players.find((p) => p.id !== m)!.id;
  const cases: [Promise<unknown>, RegExp][] = [
    [game.act(m, "propose", { change: { text: "no kind" } }), /input\.change.*kind/],
    [
      game.act(m, "propose", { change: { kind: "enact", text: "x", code: "const n: number = 'text';" } }),
      /^propose: the rule's code does not compile:\n {2}Line 1, column 7: Type 'string' is not assignable to type 'number'\.\nFix these and propose it again\. \(Rule 104/,
    ],
    [game.act(m, "propose", { change: { kind: "amend", rule: 999, text: "x" } }), /there is no rule 999/],
    [game.act(m, "propose", { change: { kind: "repeal", rule: 101 } }), /rule 101 is immutable/],
    [game.act(other, "propose", { change: { kind: "enact", text: "x" } }), /not your turn/],
    [game.act("nobody", "vote", { proposal: 301, vote: "for" }), /"nobody" is not a player/],
    [game.act(m, "vote", { proposal: 301, vote: "for" }), /Rule 105: no proposal is open for votes/],
    // Refused before its form is checked: no vote is open to anyone.
    [game.act(m, "vote", { proposal: 301, vote: "maybe" }), /Rule 105: no proposal is open for votes/],
    [game.act(m, "dance", {}), /no rule in effect offers the action "dance"/],
  ];
  for (const [attempt, message] of cases) {
    await assert.rejects(attempt, (err: unknown) => err instanceof ActionError && message.test(err.message));
  }
  assert.equal(game.state.seq, seq, "nothing was recorded");
});

test("declared state reads as its initial value before any rule sets it", async () => {
  const { rules } = loadPreset("suber");
  const game = await Game.create(engine(), { name: "fresh", preset: "suber", rules });
  await game.join("Ada Lovelace");
  assert.equal(game.state.values.game.turn, undefined, "nothing has set the turn yet");
  assert.deepEqual(game.value("turn"), { player: null, key: "", number: 0, circuits: 0, proposed: false, waiting: null });
  assert.equal(game.value("points", "ada-lovelace"), 0);
  assert.equal(game.value("no such state"), undefined);
  game.close();
});
