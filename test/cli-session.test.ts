/**
 * The CLI's two transports answer alike: a game read through the local session (the game
 * file, as a player) and through the remote session (the server's API, signed in as that
 * player) gives the same view, rules, log and records. Every game command is written once
 * against the session, so this is what makes `nomos <cmd>` and `nomos remote <cmd>` agree.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { engineOptions } from "../src/engine.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { LocalSession } from "../src/cli/local-session.js";
import { RemoteSession } from "../src/cli/remote-session.js";
import { RemoteClient } from "../src/cli/remote/client.js";
import type { GameSession } from "../src/cli/session.js";
import { runCli } from "./cli-run.js";
import { startServer, suberTable, type ApiClient, type TestServer } from "./server-helpers.js";

let server: TestServer;
let store: SqliteStore;
let game: Game;
let local: GameSession;
let remote: GameSession;
let ada: ApiClient;

before(async () => {
  server = await startServer();
  const table = await suberTable(server);
  const [adaClient, grace, alan] = table.clients as [ApiClient, ApiClient, ApiClient];
  ada = adaClient;
  // Hopper moves first: a proposal adopted, one open, and Turing gone.
  await grace.act(table.id, "propose", { change: { kind: "enact", title: "Hats", text: "Hats are worn." } });
  for (const c of [ada, grace, alan]) await c.act(table.id, "vote", { proposal: 301, vote: "for" });
  await ada.act(table.id, "propose", { change: { kind: "repeal", rule: 301 } });
  await alan.act(table.id, "forfeit");

  store = SqliteStore.open(server.db);
  game = await Game.load(engineOptions({ store }), table.id);
  local = new LocalSession(game, engineOptions({ store }), table.players["Ada Lovelace"]!);
  remote = new RemoteSession(new RemoteClient({ url: server.url, cookie: ada.cookie!, csrf: ada.csrf!, username: "ada-lovelace" }), table.id);
});
after(async () => {
  game?.close();
  await store?.close();
  await server?.close();
});

/** A rule as both transports send it: with what its code may do, or null. */
const withPermissions = (rules: object[]) => rules.map((r) => ({ ...r, permissions: (r as { permissions?: unknown }).permissions ?? null }));

test("the view, the departed players and their names", async () => {
  const [l, r] = [await local.view(), await remote.view()];
  assert.equal(l.viewer, "ada-lovelace");
  assert.deepEqual({ ...r, rules: withPermissions(r.rules) }, { ...l, rules: withPermissions((await local.rules()).current) });
  assert.deepEqual(await remote.departed(), await local.departed());
  assert.equal((await local.departed())[0]?.id, "alan-turing");
  const [ln, rn] = [await local.names(), await remote.names()];
  for (const id of ["ada-lovelace", "grace-hopper", "alan-turing", "nobody"]) assert.equal(rn(id), ln(id));
});

test("the rules, with what their code may do, and the repealed ones", async () => {
  const [l, r] = [await local.rules(), await remote.rules()];
  assert.deepEqual(withPermissions(r.current), withPermissions(l.current));
  assert.ok(
    l.current.some((rule) => rule.permissions),
    "rules with code say what it may do",
  );
  assert.deepEqual(r.repealed, l.repealed);
});

test("the actions, the log and the records", async () => {
  const pick = (a: { name: string; describe: string; input: unknown; changesRules: boolean; rule: number }) => ({
    name: a.name,
    describe: a.describe,
    input: a.input,
    changesRules: a.changesRules,
    rule: a.rule,
  });
  assert.deepEqual((await remote.actions()).map(pick), (await local.actions()).map(pick));
  assert.deepEqual(await remote.log(), await local.log());
  assert.deepEqual(await remote.log(3), await local.log(3));
  for (const kind of ["full-ruleset", "proposals", "scores", "court"] as const) {
    assert.deepEqual(await remote.record(kind, {}), await local.record(kind, {}), kind);
    assert.deepEqual(await remote.record(kind, { seq: 6 }), await local.record(kind, { seq: 6 }), `${kind} at act 6`);
  }
});

test("acting through the remote session reports the act as the local one does", async () => {
  const outcome = await remote.act("vote", { proposal: 302, vote: "for" });
  assert.equal(outcome.actor, "ada-lovelace");
  assert.equal(outcome.failed, null);
  assert.ok(outcome.effects.some((e) => e.e === "event" && e.type === "vote.cast"));
  // The session sees the game after its own act.
  assert.equal((await remote.view()).seq, outcome.seq);
  await assert.rejects(remote.act("vote", { proposal: 302, vote: "for" }), /Rule 207/);
});

test("the shortcuts written once work on both: nomos remote judgment", async () => {
  const file = join(server.db, "..", "ada-session.json");
  writeFileSync(file, JSON.stringify({ url: server.url, cookie: ada.cookie, csrf: ada.csrf, username: "ada-lovelace" }), { mode: 0o600 });
  const env = { NOMOS_REMOTE_FILE: file };
  const called = await runCli(["remote", "judgment", "call", "Are hats legal?", "--game", remote.game], true, env);
  assert.equal(called.code, 0, called.stderr);
  assert.equal(called.out.action, "invoke-judgment");
  assert.equal(called.out.actor, "ada-lovelace");
  const state = await runCli(["remote", "state", "--game", remote.game], true, env);
  assert.deepEqual(
    state.out.openJudgments.map((j: { question: string }) => j.question),
    ["Are hats legal?"],
  );
  const twice = await runCli(["remote", "act", "vote", "{}", "--input", "{}", "--game", remote.game], false, env);
  assert.equal(twice.code, 1);
  assert.equal(twice.stderr, "error: give the input once: as the second argument or with --input, not both\n");
});
