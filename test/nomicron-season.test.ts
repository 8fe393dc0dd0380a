/**
 * A season of Nomicron, scripted on a simulated clock and a real SQLite file: a convention, a
 * round of several weeks with a court case (a recusal, a Ruling, an appeal voted in the next
 * turn), proposals under 203.1 and then 203.2, a paradox ruled TRUE winning the round, and the
 * next convention admitting a newcomer and beginning round 2. The engine is stopped and the
 * game reloaded from its file across a turn boundary.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engineOptions } from "../src/engine.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { testLimits } from "./helpers.js";
import {
  beginRound,
  hour,
  inEffect,
  messages,
  motion,
  nextTimer,
  nomicronGame,
  points,
  propose,
  record,
  round,
  runTo,
  type Table,
  version,
  votes,
} from "./nomicron-helpers.js";

const players = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"];
const caseOf = (t: Table, n: number) => record(t, "cases")[n];

/** The engine stopped: the game and its file closed, then opened again from the file. */
async function restart(t: Table, file: string, downFor: number): Promise<void> {
  const id = t.game.id;
  t.game.close();
  t.store.close();
  t.clock.now += downFor;
  t.store = SqliteStore.open(file);
  t.game = await Game.load(engineOptions({ store: t.store, sandbox: () => createQuickJsSandbox(testLimits), clock: t.clock.read }), id);
  await runTo(t, t.clock.now);
}

test("a season: a convention, a round of several weeks with a court case, a recusal and an appeal, a paradox winning the round, the next convention", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomicron-season-"));
  const file = join(dir, "season.db");
  const t = await nomicronGame(Date.UTC(2026, 8, 2, 15), players, file); // Wednesday 2 September 2026
  const { id } = t;
  try {
    // The founding convention: a general motion, then the floor closes and round 1 begins.
    const general = await motion(t, id.grace!, "general", { [id.edsger!]: "against" }, { text: "Votes are posted in the forum's voting thread." });
    assert.equal(record(t, "motions")[general].status, "passed", "3 of 4 is more than two thirds");
    await beginRound(t, id.ada!);
    assert.equal(round(t).number, 1);

    // Turn 1-1 (Monday 7 September, 22:00 CDT): proposals and the Judicial Pool.
    await runTo(t, nextTimer(t, "turn.begins"));
    assert.equal(t.clock.now, Date.UTC(2026, 8, 8, 3));
    for (const p of [id.grace!, id.edsger!]) await t.game.act(p, "enter-judicial-pool", {});
    const tea = await propose(t, id.ada!, { kind: "enact", title: "Tea", text: "Tea is served at four." });
    await votes(t, tea, { [id.ada!]: "for", [id.alan!]: "for", [id.grace!]: "for", [id.edsger!]: "for" });
    // Alan asks the court, mentioning Edsger: Grace is the only one who may judge.
    await t.game.act(id.alan!, "request-judgment", { statement: "Proposal 301 may be voted on by inactive players.", mentioned: [id.edsger!] });
    assert.equal(caseOf(t, 5301).judge, id.grace);
    await runTo(t, t.clock.now + 24 * hour);
    await t.game.act(id.grace!, "recuse", { case: 5301 });
    assert.equal(caseOf(t, 5301).judge, id.ada, "no one else may judge: the administrator serves");
    await t.game.act(id.ada!, "rule", { case: 5301, verdict: "FALSE", reasoning: "Rule 103: only active players vote." });
    await runTo(t, nextTimer(t, "turn.ends"));
    assert.equal(record(t, "proposals")[tea].status, "adopted");
    assert.equal(t.game.state.rules[301]?.text, "Tea is served at four.");

    // The engine is down across the beginning of turn 1-2; reloaded, the turn has begun on time.
    await restart(t, file, 3 * 24 * hour);
    assert.equal(round(t).turnName, "1-2");
    assert.ok(
      (await t.store.readActs(t.game.id)).some((a) => a.input.kind === "timer" && a.time === Date.UTC(2026, 8, 15, 3)),
      "turn 1-2 began at Monday 22:00 CDT",
    );

    // Turn 1-2: Alan appeals the Ruling; it is voted on in turn 1-3. Unanimity still rules this turn.
    await t.game.act(id.alan!, "appeal", { case: 5301, verdict: "TRUE", reasoning: "Rule 207: every active player votes; the rest may too." });
    const split = await propose(t, id.grace!, { kind: "amend", rule: 301, text: "Tea is served at five." });
    await votes(t, split, { [id.ada!]: "for", [id.alan!]: "against", [id.grace!]: "for", [id.edsger!]: "for" });
    await runTo(t, nextTimer(t, "turn.ends"));
    assert.equal(record(t, "proposals")[split].status, "defeated");
    assert.equal(points(t, id.grace!), -10);
    assert.equal(version(t, 203), 2, "203 became 203.2 at the end of the second turn");

    // Turn 1-3: the appeal is voted on; a simple majority adopts, and the nay-sayer scores.
    await runTo(t, nextTimer(t, "turn.begins"));
    for (const p of [id.alan!, id.grace!, id.edsger!]) await t.game.act(p, "vote-appeal", { case: 5301, vote: "for" });
    const again = await propose(t, id.grace!, { kind: "amend", rule: 301, text: "Tea is served at five." });
    await votes(t, again, { [id.ada!]: "for", [id.alan!]: "against", [id.grace!]: "for", [id.edsger!]: "for" });
    await runTo(t, nextTimer(t, "turn.ends"));
    assert.equal(record(t, "proposals")[again].status, "adopted");
    assert.equal(version(t, 301), 2);
    assert.equal(points(t, id.alan!), 10, "Alan voted against a proposal adopted by majority");
    assert.equal(caseOf(t, 5301).verdict, "TRUE", "the appeal replaced the Ruling");

    // Turn 1-4: Edsger claims a paradox; its Judge rules TRUE, and Edsger wins the round.
    await runTo(t, nextTimer(t, "turn.begins"));
    await t.game.act(id.edsger!, "request-judgment", { statement: "There is a paradox: Rule 301 is both 301.1 and 301.2.", mentioned: [], paradox: true });
    const judge = caseOf(t, 5302).judge as string;
    assert.notEqual(judge, id.edsger);
    await t.game.act(judge, "rule", { case: 5302, verdict: "TRUE", reasoning: "Both hold." });
    assert.deepEqual(round(t), { number: 1, turn: null, inConvention: true, turnName: null });
    assert.equal((t.game.value("roundWinners") as { player: string }[])[0]?.player, id.edsger);
    assert.ok(!inEffect(t, 201) && !inEffect(t, 301), "in convention, only convention rules are in effect");
    assert.equal(t.game.state.status === "over", false);

    // The next convention: a newcomer asks to join and waits as an applicant; a motion admits her; round 2 begins.
    await t.game.join("Barbara Liskov");
    assert.equal(t.game.state.players.length, 4);
    await motion(t, id.ada!, "admit", {}, { applicant: "Barbara Liskov" });
    assert.equal(t.game.state.players.length, 5);
    await beginRound(t, id.ada!);
    await runTo(t, nextTimer(t, "turn.begins"));
    assert.equal(round(t).turnName, "2-1");
    assert.equal(points(t, id.alan!), 0, "a new round, new scores");
    const log = await messages(t);
    for (const line of ["Turn 1-1 begins.", "Turn 1-4 begins.", "Turn 2-1 begins."]) assert.ok(log.includes(line), line);
  } finally {
    t.game.close();
    t.store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
