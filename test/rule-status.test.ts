/**
 * Rules in the ruleset but not in effect ("rule.in-effect"): a rule in effect suspends the
 * rules below it; a suspended rule's actions, handlers, answers and state declarations take
 * no part and its timers wait; an officer's correction voids or restores a rule for good.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Game } from "../src/kernel/game.js";
import type { RuleSpec } from "../src/kernel/types.js";
import { renderRulesetText, rulesetDocument } from "../src/records/publish/index.js";
import { checkArchive, exportGame, serializeArchive, verifyArchive } from "../src/records/archive/index.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { runCli } from "./cli-run.js";
import { engine } from "./helpers.js";
import { startServer, suberTable, type TestServer } from "./server-helpers.js";

/** Rule 1 (immutable) holds the session; in "convention" only rules under 100 are in effect. */
const sessions = `
const session = gameState("session", { initial: "round" });
action("toggle", { describe: "Switch between round and convention", input: t.object({}) }, () => {
  session.set(session.get() === "round" ? "convention" : "round");
});
answer("rule.in-effect", ({ rule }) => (session.get() === "convention" && rule >= 100 ? "between rounds only convention rules apply" : undefined));
`;
/** Rule 101: a counter, a handler, an answer, a timer, and an attempt to suspend rule 1. */
const counter = `
const count = gameState("count", { initial: 0 });
const greeted = gameState("greeted", { initial: 0 });
const rang = gameState("rang", { initial: 0 });
action("score", { describe: "Score a point", input: t.object({}) }, () => count.set(count.get() + 1));
action("arm", { describe: "Set the bell", input: t.object({}) }, () => { game.schedule("bell", { after: 600000 }); });
on("timer:bell", () => rang.set(rang.get() + 1));
on("player.joined", () => greeted.set(greeted.get() + 1));
answer("play.awaits", () => [{ player: game.players()[0].id, does: "score a point", action: "score" }]);
answer("rule.in-effect", ({ rule }) => (rule === 1 ? false : undefined));
`;

async function compiled(options: ReturnType<typeof engine>, rules: { number: number; mutable: boolean; code: string }[]): Promise<RuleSpec[]> {
  return Promise.all(rules.map(async (r) => ({ number: r.number, text: `Rule ${r.number}.`, mutable: r.mutable, code: await options.compile(r.code) })));
}

async function sessionGame(options = engine()) {
  const rules = await compiled(options, [
    { number: 1, mutable: false, code: sessions },
    { number: 101, mutable: true, code: counter },
  ]);
  const game = await Game.create(options, { name: "Sessions", preset: null, rules, seed: "status" });
  await game.join("Ada");
  return game;
}

test("a rule in effect suspends a lower one: its actions vanish and are refused, its handlers, answers and state stop, its timers wait", async () => {
  const game = await sessionGame();
  const names = () =>
    game
      .actions()
      .map((a) => a.name)
      .sort();
  assert.deepEqual(names(), ["arm", "score", "toggle"]);
  assert.equal(game.state.suspended?.[1], undefined, "a lower rule cannot suspend a higher one");
  await game.act("ada", "score");
  await game.act("ada", "arm");
  assert.equal((await game.standing("ada")).awaits.length, 1);

  await game.act("ada", "toggle");
  assert.deepEqual(game.state.suspended?.[101], { rule: 1, reason: "between rounds only convention rules apply" });
  assert.deepEqual(names(), ["toggle"]);
  await assert.rejects(game.act("ada", "score"), /no rule in effect offers the action "score"/);
  assert.deepEqual((await game.standing("ada")).awaits, [], "a suspended rule's answers are not heard");
  assert.equal("count" in game.state.decls, false, "its state declarations are not in force");
  assert.equal(game.state.values.game.count, 1, "its values are kept");
  await game.join("Grace");
  assert.equal(game.state.values.game.greeted, 1, "its handlers do not run");
  const later = game.state.time + 3_600_000;
  assert.deepEqual(await game.fireDueTimers(later), [], "its timer is held");
  assert.equal(Object.keys(game.state.timers).length, 1);

  await game.act("ada", "toggle");
  assert.equal(game.state.suspended?.[101], undefined);
  assert.equal(game.state.decls.count?.rule, 101);
  assert.equal((await game.fireDueTimers(later)).length, 1, "back in effect, its due timer fires");
  assert.equal(game.state.values.game.rang, 1);
  await game.act("ada", "score");
  assert.equal(game.state.values.game.count, 2);
  game.close();
});

test("a game loaded again from its store keeps its rules' status: a fresh sandbox still skips the suspended rule", async () => {
  const options = engine();
  const first = await sessionGame(options);
  await first.act("ada", "toggle");
  first.close();
  const game = await Game.load(options, first.id);
  await game.join("Grace");
  assert.equal(game.state.values.game.greeted, 1, "the suspended rule's handler did not run (it greeted Ada only)");
  assert.deepEqual(game.state.suspended?.[101], { rule: 1, reason: "between rounds only convention rules apply" });
  game.close();
});

test("an officer's correction voids a rule and another restores it; the rules' answers do not override either; a replay rebuilds the same", async () => {
  const options = engine();
  const game = await sessionGame(options);
  const host = { host: true } as const;
  await game.correct(host, { cites: { ruling: "case 1" }, reason: "ruled void", changes: [{ rule: 101, inEffect: false }] });
  assert.deepEqual(game.state.suspended?.[101], { rule: null, reason: "ruled void" });
  const published = renderRulesetText(rulesetDocument(game.state, { full: false, name: (id) => id }));
  assert.match(published, /^Rule 101 \(Mutable\)\nNot in effect — ruled void \(an officer's correction\)$/m, "the published ruleset marks it");
  const total = Object.keys(game.state.rules).length;
  assert.match(published, new RegExp(`; ${total - 1} rules? in effect \\(and 1 not in effect now\\)$`, "m"), "and counts it apart");
  await assert.rejects(game.act("ada", "score"), /no rule in effect offers the action "score"/);
  await game.act("ada", "toggle");
  await game.act("ada", "toggle");
  assert.deepEqual(game.state.suspended?.[101], { rule: null, reason: "ruled void" }, "the round's return does not restore a voided rule");

  await game.correct(host, { cites: { ruling: "case 2" }, reason: "appeal upheld", changes: [{ rule: 101, inEffect: true }] });
  assert.equal(game.state.suspended?.[101], undefined);
  await game.act("ada", "toggle");
  assert.equal(game.state.suspended?.[101], undefined, "a rule restored by correction stays in effect whatever the rules answer");
  await game.act("ada", "score");
  assert.equal(game.state.values.game.count, 1);

  await assert.rejects(
    game.correct(host, { cites: { ruling: "case 3" }, reason: "x", changes: [{ rule: 999, inEffect: false }] }),
    /there is no rule 999 in the ruleset whose status to set/,
  );

  const archive = await exportGame(options.store, game.id);
  const report = await verifyArchive(archive, () => createQuickJsSandbox());
  assert.equal(report.identical, true, JSON.stringify(report.differences));
  assert.deepEqual(checkArchive(JSON.parse(serializeArchive(archive))).state.suspended, game.state.suspended);
  game.close();
});

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test("the API's rules and log show a rule ruled void, and the host restores it", async () => {
  const { id, clients } = await suberTable(server, ["Ida Rhodes", "Joan Clarke"]);
  const [ida, joan] = clients as [NonNullable<(typeof clients)[0]>, NonNullable<(typeof clients)[0]>];
  const voided = { cites: { rule: 212 }, reason: "ruled void by the Judge", changes: [{ rule: 213, inEffect: false }], asHost: true };
  assert.equal((await joan.post(`/api/games/${id}/corrections`, voided)).status, 403, "only the host records it here");
  const recorded = await ida.post(`/api/games/${id}/corrections`, voided);
  assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
  const rules = (await joan.get(`/api/games/${id}/rules`)).body.rules as { number: number; inEffect: boolean; suspended: unknown }[];
  assert.deepEqual(
    rules.filter((r) => !r.inEffect).map((r) => [r.number, r.suspended]),
    [[213, { rule: null, reason: "ruled void by the Judge" }]],
  );
  assert.equal(rules.find((r) => r.number === 212)?.suspended, null);
  const bad = await ida.post(`/api/games/${id}/corrections`, { ...voided, changes: [{ rule: 213, inEffect: "no" }] });
  assert.equal(bad.status, 400);
  const restored = await ida.post(`/api/games/${id}/corrections`, { ...voided, reason: "appeal upheld", changes: [{ rule: 213, inEffect: true }] });
  assert.equal(restored.status, 200, JSON.stringify(restored.body));
  assert.equal(
    ((await joan.get(`/api/games/${id}/rules`)).body.rules as { inEffect: boolean }[]).every((r) => r.inEffect),
    true,
  );
});

test("nomos correct rules a rule void, and nomos rules says it is not in effect", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-status-"));
  try {
    const cli = (...args: string[]) => runCli(["--db", join(dir, "game.db"), ...args], false);
    assert.equal((await cli("new", "Friday", "--preset", "suber", "--player", "Grace Hopper", "--player", "Ada Lovelace", "--start")).code, 0);
    const voided = await cli("correct", "--rule", "212", "--reason", "ruled void", "--void-rule", "213");
    assert.equal(voided.code, 0, voided.stderr);
    assert.match((await cli("rules")).stdout, /^213\. .*\n {3}Not in effect — ruled void \(an officer's correction\)$/m);
    assert.match((await cli("log")).stdout, /Rule 213: Not in effect — ruled void \(an officer's correction\)/);
    const none = await cli("correct", "--rule", "212", "--reason", "nothing");
    assert.notEqual(none.code, 0);
    assert.match(none.stderr, /say what the correction changes/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
