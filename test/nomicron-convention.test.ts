/** Nomicron's conventions (rules 2-9), played through the Game API on a simulated clock, and the preset as the lobby and the CLI offer it. */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { importRuleset } from "../src/records/import/import-ruleset.js";
import { listPresets, loadPreset } from "../src/ruleset-sources/presets.js";
import { runCli } from "./cli-run.js";
import { beginRound, day, inEffect, messages, motion, nomicronGame, record, refused, round, runTo, status } from "./nomicron-helpers.js";

const founded = Date.UTC(2026, 1, 18, 12); // Wednesday 18 February 2026

test("the preset is Nomicron's published listing, in its three books, offered in the lobby and by `nomos new --preset nomicron`", async () => {
  const published = importRuleset(readFileSync(new URL("../../shared/rulesets/nomicron.txt", import.meta.url), "utf8"));
  const { info, rules } = loadPreset("nomicron");
  assert.ok(listPresets().some((p) => p.name === "nomicron" && p.title === "Nomicron" && p.title === info.title));
  assert.deepEqual(
    rules.map((r) => [r.number, r.title, r.text, r.mutable, r.props]),
    published.rules.map((r) => [r.number, r.title, r.text, r.mutable, r.props]),
  );
  assert.equal(rules.find((r) => r.number === 5)!.props?.book, "Convention");
  for (const n of [1, 4, 8, 102, 104, 107, 109, 112, 113, 209]) assert.equal(rules.find((r) => r.number === n)!.code, null, `rule ${n} is text only`);
  for (const n of [2, 3, 5, 6, 7, 9, 101, 103, 105, 106, 108, 110, 111, 201, 202, 203, 204, 205, 206, 207, 208])
    assert.ok(rules.find((r) => r.number === n)!.code, `rule ${n} has code`);

  const dir = mkdtempSync(join(tmpdir(), "nomicron-cli-"));
  const db = join(dir, "game.db");
  const created = await runCli(["--db", db, "new", "Forum game", "--preset", "nomicron", "--player", "Ada Lovelace", "--player", "Alan Turing"], true);
  assert.equal(created.code, 0, created.stderr);
  const state = await runCli(["--db", db, "state"], true);
  assert.equal(state.code, 0, state.stderr);
  assert.match(JSON.stringify(state.out), /convention floor is open/i);
  rmSync(dir, { recursive: true, force: true });
});

test("the founding convention: the first to join is the administrator, only convention rules are in effect, only the convention's actions are offered", async () => {
  const t = await nomicronGame(founded);
  const { game, id } = t;
  assert.equal(game.value("administrator"), id.ada);
  assert.deepEqual(round(t), { number: 0, turn: null, inConvention: true, turnName: null });
  for (const n of [2, 3, 5, 6, 7, 9]) assert.ok(inEffect(t, n), `convention rule ${n} is in effect`);
  for (const n of [101, 110, 201, 202, 208]) assert.ok(!inEffect(t, n), `rule ${n} is not in effect during convention`);
  assert.deepEqual(
    game
      .actions()
      .map((a) => a.name)
      .sort(),
    ["motion", "set-status", "vote-motion"],
  );
  assert.equal(game.value("floor"), "open");
  for (const p of Object.values(id)) assert.equal(status(t, p), "active");
  await game.rename(id.alan!, "Alan M. Turing");
  assert.equal(game.state.players.find((p) => p.id === id.alan)!.name, "Alan M. Turing", "names change during convention");
  await game.act(id.grace!, "set-status", { status: "inactive" });
  assert.equal(status(t, id.grace!), "inactive");
  await refused(t, id.grace!, "motion", { kind: "general", text: "Tea at four." }, /only active players/);
  await game.act(id.grace!, "set-status", { status: "active" });
});

test("motions: two thirds of the votes cast, the last vote counts, a week or every active player, and the administrator's report of every vote", async () => {
  const t = await nomicronGame(founded);
  const { game, id } = t;
  await game.act(id.ada!, "motion", { kind: "general", text: "The forum's colour is green." });
  await game.act(id.alan!, "vote-motion", { motion: 1, vote: "against" });
  await game.act(id.alan!, "vote-motion", { motion: 1, vote: "for" });
  await game.act(id.ada!, "vote-motion", { motion: 1, vote: "for" });
  assert.equal(record(t, "motions")[1].status, "voting", "up for vote until every active player has voted");
  await game.act(id.grace!, "vote-motion", { motion: 1, vote: "against" });
  assert.equal(record(t, "motions")[1].status, "passed", "2 of 3 is two thirds; Alan's last vote counted");
  assert.ok(
    (await messages(t)).some((m) => /Motion 1 .*passes.*Votes: Ada Lovelace for, Alan Turing for, Grace Hopper against/.test(m)),
    "the report lists every vote",
  );
  // What a general motion changes, the administrator puts into effect: play waits on their decision.
  const [decision] = Object.values(game.state.decisions ?? {});
  assert.equal(decision?.kind, "motion-effected");
  assert.deepEqual(decision?.by, [id.ada]);
  assert.ok(
    (await game.standing(id.ada!)).awaits.some((a) => /motion 1/.test(a.does)),
    "play waits on the administrator",
  );
  await game.decide(id.ada!, decision!.id, { done: "The forum's colour is now green." });
  assert.ok((await messages(t)).includes("Motion 1 is in effect: The forum's colour is now green."));
  assert.deepEqual(game.state.decisions, {});
  // The administrator puts a passed motion into effect by correction; no one else may.
  const green = { cites: { rule: 5 }, reason: "motion 1 passed", changes: [{ name: "floor", value: "open" }] };
  await assert.rejects(game.correct({ player: id.alan! }, green));
  await game.correct({ player: id.ada! }, green);

  await game.act(id.alan!, "motion", { kind: "general", text: "Meetings on Fridays." });
  await game.act(id.alan!, "vote-motion", { motion: 2, vote: "for" });
  await game.act(id.grace!, "vote-motion", { motion: 2, vote: "against" });
  await runTo(t, t.clock.now + 6 * day);
  assert.equal(record(t, "motions")[2].status, "voting", "still up for vote after six days");
  await runTo(t, t.clock.now + day);
  assert.equal(record(t, "motions")[2].status, "failed", "a week passed: 1 of 2 votes cast is short of two thirds");
  assert.match(record(t, "motions")[2].reason, /a week has passed/);

  const end = await motion(t, id.ada!, "end-game", { [id.grace!]: "against" });
  assert.equal(record(t, "motions")[end].status, "failed", "ending the game needs unanimity among the votes cast");
  assert.equal(game.state.status === "over", false);
});

test("the floor: no motion to begin the round while it is open; closed, only reopen or begin; beginning the round discards the rest and brings every rule into effect", async () => {
  const t = await nomicronGame(founded);
  const { game, id } = t;
  await refused(t, id.ada!, "motion", { kind: "begin-round" }, /may not be made while the floor is open/);
  await motion(t, id.ada!, "close-floor");
  assert.equal(game.value("floor"), "closed");
  await refused(t, id.alan!, "motion", { kind: "general", text: "More tea." }, /floor is closed/);
  await motion(t, id.alan!, "reopen-floor");
  assert.equal(game.value("floor"), "open");
  await game.act(id.grace!, "motion", { kind: "general", text: "Left unresolved." });
  const pending = Math.max(...Object.keys(record(t, "motions")).map(Number));
  await beginRound(t, id.ada!);
  assert.equal(record(t, "motions")[pending].status, "discarded", "unresolved motions are discarded");
  assert.deepEqual(round(t), { number: 1, turn: null, inConvention: false, turnName: null });
  for (const n of [101, 110, 201, 202, 208]) assert.ok(inEffect(t, n), `rule ${n} is in effect in a round`);
  await refused(t, id.ada!, "motion", { kind: "general", text: "Too late." }, /only while the game is in convention/);
  await refused(t, id.ada!, "set-status", { status: "inactive" }, /only while the game is in convention/);
  await assert.rejects(game.rename(id.alan!, "Turing"), /only during the convention/);
});

test("joining after the founding waits for a motion; at a convention's end the silent become inactive and the long inactive cease to be players", async () => {
  const t = await nomicronGame(founded, ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"]);
  const { game, id } = t;
  await game.act(id.edsger!, "set-status", { status: "inactive" });
  await beginRound(t, id.ada!);
  // The administrator corrects a score past 200: the round is won and a convention begins.
  await game.correct({ host: true }, { cites: { rule: 208 }, reason: "scores as tallied", changes: [{ name: "points", player: id.alan!, value: 200 }] });
  assert.equal(round(t).inConvention, true);
  assert.deepEqual(game.value("roundWinners"), [{ round: 1, player: id.alan!, reason: "Alan Turing reached 200 points (Rule 208)" }]);
  assert.equal(game.value("floor"), "open", "the floor opens at the beginning of each convention");

  const barbara = await game.join("Barbara Liskov");
  assert.ok(!game.state.players.some((p) => p.name === "Barbara Liskov"), "a person asking to join is not yet a player");
  await motion(t, id.ada!, "admit", {}, { applicant: "Barbara Liskov", text: "Barbara joins us." });
  assert.ok(
    game.state.players.some((p) => p.name === "Barbara Liskov"),
    `a motion made them a player (${JSON.stringify(barbara)})`,
  );

  // Two weeks later: Grace has voted on no motion and posted nothing since, Alan only posted to the forum; Edsger was inactive all along.
  await runTo(t, t.clock.now + 15 * day);
  await game.act(id.ada!, "motion", { kind: "close-floor" });
  await game.act(id.ada!, "vote-motion", { motion: Object.keys(record(t, "motions")).length, vote: "for" });
  await runTo(t, t.clock.now + 7 * day);
  await game.message(id.alan!, { op: "post", channel: "general", text: "Still here." });
  await motion(t, id.ada!, "begin-round", { [id.grace!]: "abstain", [id.alan!]: "abstain" });
  await runTo(t, t.clock.now + 7 * day);
  assert.equal(round(t).number, 2);
  assert.equal(status(t, id.grace!), "inactive", "two weeks without a motion vote or a forum post");
  assert.equal(status(t, id.alan!), "active", "a forum post keeps a player active");
  assert.equal(status(t, id.ada!), "active");
  assert.ok(!game.state.players.some((p) => p.id === id.edsger), "inactive for the whole convention: no longer a player");
});
