/**
 * Officers' decisions from the command line, on a game file: `nomos decisions` lists the open
 * ones with their forms, `nomos decide` makes one with its answer as fields, and `state` and
 * `log` say it in words.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { engineOptions } from "../src/engine.js";
import { Game } from "../src/kernel/game.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { runCli } from "./cli-run.js";
import { courtOnServer, courtRules } from "./decision-helpers.js";
import { steppingClock } from "./helpers.js";
import { LocalSession } from "../src/cli/local-session.js";
import { RemoteSession } from "../src/cli/remote-session.js";
import { RemoteClient } from "../src/cli/remote/client.js";
import { startServer } from "./server-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-decide-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A game file where Grace has called for judgment on Rule 301: Ada, the judge, is to rule. */
async function courtFile(): Promise<string> {
  const db = join(dir, "court.db");
  const store = SqliteStore.open(db);
  const game = await Game.create(engineOptions({ store, clock: steppingClock() }), { name: "Court", preset: null, rules: courtRules() });
  await game.join("Ada Lovelace");
  await game.join("Grace Hopper");
  await game.act("grace-hopper", "call", { rule: 301 });
  game.close();
  await store.close();
  return db;
}

test("an officer decides from the command line; others are refused; state and log say it in words", async () => {
  const db = await courtFile();
  const nomos = (...args: string[]) => runCli(["--db", db, ...args], false);

  const listed = await nomos("decisions");
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /4\.1: Ada Lovelace to decide \(Rule 210\): Is Rule 301 void\? \(play waits on it\)/);
  assert.match(listed.stdout, /void: boolean/);
  const state = await nomos("state");
  assert.match(state.stdout, /Awaiting Ada Lovelace: decide: Is Rule 301 void\? \(Rule 210\)/);
  assert.match(state.stdout, /Open decisions:\n {2}4\.1: Ada Lovelace to decide/);

  const notHers = await nomos("decide", "4.1", "--as", "grace-hopper", "--void", "false", "--reason", "no");
  assert.notEqual(notHers.code, 0);
  assert.match(notHers.stderr, /Rule 210: this decision is not yours to make; it is for Ada Lovelace/);
  const bad = await nomos("decide", "4.1", "--as", "ada-lovelace", "--void", "maybe");
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /--void is true or false, not "maybe"/);
  const unknown = await nomos("decide", "4.1", "--as", "ada-lovelace", "--verdict", "yes");
  assert.match(unknown.stderr, /this decision's form has no field "verdict"; it takes:/);
  const missing = await runCli(["--db", db, "decide", "4.1", "--as", "ada-lovelace", "--void", "true"], true);
  assert.equal(missing.error?.code, "invalid-input");
  assert.match(missing.error!.message, /input is missing "reason"/);

  const made = await nomos("decide", "4.1", "--as", "ada-lovelace", "--void", "true", "--reason", "It contradicts Rule 210");
  assert.equal(made.code, 0, made.stderr);
  assert.match(made.stdout, /Ruled by ada-lovelace: It contradicts Rule 210/);
  const none = await nomos("decisions");
  assert.match(none.stdout, /No decision is open\./);
  const log = await nomos("log");
  assert.match(log.stdout, /Ada Lovelace decided \(Rule 210\) Is Rule 301 void\?: /);
  assert.match(log.stdout, /Rule 210 asks Ada Lovelace to decide: Is Rule 301 void\?/);

  // As JSON, the same answer form.
  const again = await runCli(["--db", db, "decide", "4.1", "--as", "ada-lovelace", '{"void": false, "reason": "x"}'], true);
  assert.equal(again.error?.code, "unknown-action");
  assert.match(again.error!.message, /there is no open decision "4\.1"; the decisions open now are: none/);
});

test("on a server, the remote session lists and makes decisions as the game file's session does", async () => {
  const server = await startServer();
  try {
    const { id, ada } = await courtOnServer(server);

    const remote = new RemoteSession(new RemoteClient({ url: server.url, cookie: ada.cookie!, csrf: ada.csrf!, username: "ada" }), id);
    const store = SqliteStore.open(server.db);
    const game = await Game.load(engineOptions({ store }), id);
    const local = new LocalSession(game, engineOptions({ store }), "ada-lovelace");
    const [open] = await remote.decisions();
    assert.deepEqual(await remote.decisions(), await local.decisions());
    assert.equal(open?.question, "Is Rule 301 void?");
    game.close();
    await store.close();

    const outcome = await remote.decide(open!.id, { void: false, reason: "It stands" });
    assert.equal(outcome.actor, "ada-lovelace");
    assert.equal(outcome.failed, null);
    assert.ok(outcome.effects.some((e) => e.e === "message" && e.text === "Ruled by ada-lovelace: It stands"));
    assert.deepEqual(await remote.decisions(), []);
  } finally {
    await server.close();
  }
});
