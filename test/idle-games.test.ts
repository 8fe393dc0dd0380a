/**
 * Idle games unloaded (src/server/idle-games.ts): a game nobody uses is unloaded, its sandbox
 * stopped and a snapshot written, and the next reader finds it as it was and plays on; a game
 * a page watches stays loaded, its sandbox stopped; a timer falls due on an unloaded game and fires with nobody
 * reading it; acts racing unloads lose nothing; past a bound on running sandboxes, the games
 * used least recently rest, and past a bound on loaded games, they are unloaded early. Idle periods are short here; the tests wait
 * for what they look for rather than for a time.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { engineOptions } from "../src/engine.js";
import { Game } from "../src/kernel/game.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { GameHub } from "../src/server/hub.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { testLimits } from "./helpers.js";
import { adopt, ApiClient, listen, moving, startServer, suberTable, type TestServer } from "./server-helpers.js";

/** Waits until `done()` holds; fails (rather than hang) if it never does. */
async function until(done: () => boolean, what: string): Promise<void> {
  const giveUp = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > giveUp) assert.fail(`never: ${what}`);
    await sleep(10);
  }
}

/** What the server's file holds of a game: its last act and its latest snapshot's. */
function onFile(server: TestServer, id: string): { last: number; snapshot: number | undefined } {
  const store = SqliteStore.open(server.db, { durability: "process" });
  try {
    return { last: store.lastSeq(id), snapshot: store.latestSnapshot(id)?.seq };
  } finally {
    store.close();
  }
}

test("a game left idle is unloaded with a snapshot; read again, it is as it was, and play goes on", async () => {
  const server = await startServer({ unloadIdleAfterMs: 100 });
  try {
    const table = await suberTable(server);
    const proposed = await (await moving(table)).act(table.id, "propose", { change: { kind: "enact", text: "Idle games sleep." } });
    assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
    const ada = table.clients[0]!;
    const before = await ada.get(`/api/games/${table.id}`);
    assert.equal(before.status, 200);

    await until(() => server.app.loadedGames() === 0, "the idle game is unloaded");
    const file = onFile(server, table.id);
    assert.equal(file.snapshot, file.last, "a snapshot of its last act was written, so loading it again folds nothing");

    const after = await ada.get(`/api/games/${table.id}`);
    assert.equal(after.status, 200);
    assert.deepEqual(after.body, before.body, "the page reads as it did before the game was unloaded");

    for (const client of table.clients) {
      const vote = await client.act(table.id, "vote", { proposal: 301, vote: "for" });
      if (vote.status !== 200) break; // adoption closed the vote
    }
    const rules = await ada.get(`/api/games/${table.id}/rules`);
    assert.ok(
      rules.body.rules.some((r: { number: number }) => r.number === 301),
      "the proposal made before the unload was adopted after it",
    );
  } finally {
    await server.close();
  }
});

/**
 * Four groups each play a proposal on `server`, one after another, `bounded()` holding after each;
 * then the first group, left longest, reads its page as it did and adopts its proposal.
 */
async function fourGroupsThenTheFirst(server: TestServer, bounded: () => boolean, bound: string): Promise<void> {
  const tables = [];
  const pages = [];
  for (const group of ["A", "B", "C", "D"]) {
    const table = await suberTable(
      server,
      ["Ada", "Grace", "Alan"].map((n) => `${n} ${group}`),
    );
    const proposed = await (await moving(table)).act(table.id, "propose", { change: { kind: "enact", text: `Group ${group} plays.` } });
    assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
    pages.push((await table.clients[0]!.get(`/api/games/${table.id}`)).body);
    tables.push(table);
    await until(bounded, `${bound} after group ${group} played`);
  }
  const first = tables[0]!;
  assert.deepEqual((await first.clients[0]!.get(`/api/games/${first.id}`)).body, pages[0], "the first group's page reads as it did");
  for (const client of first.clients) {
    const vote = await client.act(first.id, "vote", { proposal: 301, vote: "for" });
    if (vote.status !== 200) break; // adoption closed the vote
  }
  const rules = await first.clients[0]!.get(`/api/games/${first.id}/rules`);
  assert.ok(
    rules.body.rules.some((r: { number: number; text: string }) => r.number === 301 && r.text === "Group A plays."),
    "the first group's proposal, made before its game was set aside, was adopted after",
  );
  await until(bounded, `${bound} once the first group played on`);
}

test("past --max-sandboxes, the games played least recently stop their sandboxes, stay loaded, and play on when next played", async () => {
  const server = await startServer({ maxSandboxes: 2 });
  try {
    await fourGroupsThenTheFirst(server, () => server.app.runningSandboxes() <= 2, "no more than two sandboxes run");
    assert.equal(server.app.loadedGames(), 4, "the rested games stay loaded: only their sandboxes stopped");
  } finally {
    await server.close();
  }
});

test("past --max-loaded-games, the games used least recently are unloaded early, and read and play on as they were", async () => {
  const server = await startServer({ maxLoadedGames: 2 });
  try {
    await fourGroupsThenTheFirst(server, () => server.app.loadedGames() <= 2, "no more than two games are loaded");
  } finally {
    await server.close();
  }
});

test("a game with an open live page stays loaded; once the page closes, it is unloaded", async () => {
  const server = await startServer({ unloadIdleAfterMs: 100 });
  try {
    const ada = await new ApiClient(server.url).signup("ada-lovelace", "Ada Lovelace");
    const grace = await new ApiClient(server.url).signup("grace-hopper", "Grace Hopper");
    const watched = (await ada.post("/api/games", { name: "Watched", preset: "suber", timeZone: "UTC" })).body;
    const unwatched = (await ada.post("/api/games", { name: "Unwatched", preset: "suber", timeZone: "UTC" })).body;
    const page = await listen(ada, watched.id);
    // An act on each, the unwatched game's last: a snapshot of an act shows an unload after it
    // (either may have been unloaded before, while the test set them up).
    for (const game of [watched, unwatched]) assert.equal((await grace.post(`/api/invites/${game.invite}/join`)).status, 200);
    const unloadedSinceItsLastAct = (id: string) => {
      const file = onFile(server, id);
      return file.snapshot === file.last;
    };

    await until(() => unloadedSinceItsLastAct(unwatched.id) && server.app.loadedGames() === 1, "the game nobody watches is unloaded");
    assert.ok(!unloadedSinceItsLastAct(watched.id), "the watched game, idle longer, stays loaded");

    page.close();
    await until(() => unloadedSinceItsLastAct(watched.id) && server.app.loadedGames() === 0, "the game is unloaded once its page closed");
    const players = (await ada.get(`/api/games/${watched.id}`)).body.view.players.map((p: { name: string }) => p.name);
    assert.deepEqual(players, ["Ada Lovelace", "Grace Hopper"], "and read again, it is as it was");
  } finally {
    await server.close();
  }
});

test("a game a page watches but nobody plays rests: loaded still, its sandbox stopped, and the next act starts one and reaches the page", async () => {
  // Idle for a second: long enough that the game cannot rest between the acts and the look at them.
  const server = await startServer({ unloadIdleAfterMs: 1000 });
  try {
    const table = await suberTable(server);
    const ada = table.clients[0]!;
    const before = await ada.get(`/api/games/${table.id}`);
    const page = await listen(ada, table.id, { after: before.body.view.seq });

    await until(() => server.app.runningSandboxes() === 0, "the watched game's sandbox stops");
    assert.equal(server.app.loadedGames(), 1, "the game stays loaded for the page watching it");
    const resting = await ada.get(`/api/games/${table.id}`);
    assert.deepEqual(resting.body, before.body, "the page reads as it did while the game played");
    // A player's first look since the last act asks the rules what they may do: a sandbox starts to answer.
    const grace = await table.clients[1]!.get(`/api/games/${table.id}`);
    assert.ok(server.app.runningSandboxes() >= 1, "a question to the resting rules started a sandbox");
    assert.deepEqual(grace.body.awaits, before.body.awaits, "the rules, started again, await the same play");
    const refusal = (name: string) => grace.body.actions.find((a: { name: string }) => a.name === name).refused;
    assert.equal(refusal("start")?.reason, "play has already begun", "the rules, started again, refuse a second start");
    const herTurn = grace.body.awaits.some((a: { player: string; action: string }) => a.player === grace.body.me && a.action === "propose");
    assert.equal(refusal("propose") === null, herTurn, "and let her propose only on her turn");

    // Play goes on from the game as it stood: a proposal, adopted by everyone's votes.
    await adopt(table, 301, { kind: "enact", text: "Open tabs cost the server little." });
    assert.ok(server.app.runningSandboxes() >= 1, "the first act started a sandbox again");
    const rules = await ada.get(`/api/games/${table.id}/rules`);
    assert.ok(
      rules.body.rules.some((r: { number: number }) => r.number === 301),
      "the proposal was adopted by the votes that followed",
    );
    const seq = (await ada.get(`/api/games/${table.id}`)).body.view.seq;
    assert.match(await page.until(new RegExp(`id: ${seq}\n`)), new RegExp(`id: ${seq}\n`), "the page heard of the acts");

    await until(() => server.app.runningSandboxes() === 0, "idle again, it rests again");
    page.close();
    await until(() => server.app.loadedGames() === 0, "once the page closes, the game is unloaded");
  } finally {
    await server.close();
  }
});

/** A rule with an action that sets timer "t1" due at `at`; its firing is noted in "fired". */
const timerRule = compileRuleCode(`
  const fired = gameState<string[]>("fired", { initial: [] });
  action("arm", { describe: "Arm", input: t.object({ at: t.integer() }) }, (input) => game.schedule("t1", { at: input.at }));
  on("timer:t1", () => fired.set([...fired.get(), "t1"]));
`);

/** A hub on a real file and real sandboxes, unloading games idle for `idleMs` (of the process's time, whatever `clock` says). */
function hubOnFile(idleMs: number, clock: () => number = Date.now) {
  const dir = mkdtempSync(join(tmpdir(), "nomos-idle-"));
  const store = SqliteStore.open(join(dir, "games.db"));
  const engine = engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock });
  const hub = new GameHub(engine, clock, undefined, { unloadIdleAfterMs: idleMs });
  return {
    store,
    engine,
    hub,
    async close() {
      await hub.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test("a timer that falls due while its game is unloaded fires, with nobody reading the game", async () => {
  // The games' clock stands still until the game is unloaded, then moves to the deadline, a second on.
  const clock = { now: Date.UTC(2026, 2, 2, 12), read: () => clock.now };
  const { store, hub, close } = hubOnFile(50, clock.read);
  try {
    const game = await hub.create({ name: "Deadlines", preset: null, rules: [{ number: 1, text: "Timers.", mutable: true, code: timerRule }] });
    await hub.change(game, (g) => g.join("Ada Lovelace"));
    const due = clock.now + 1_000;
    await hub.change(game, (g) => g.act("ada-lovelace", "arm", { at: due }));
    const armed = store.lastSeq(game.id);

    await until(() => hub.loadedCount() === 0, "the game is unloaded");
    assert.equal(store.lastSeq(game.id), armed, "nothing was due yet");
    clock.now = due;

    await until(() => store.lastSeq(game.id) > armed, "the timer fires");
    const [act] = store.readActs(game.id, armed);
    assert.equal(act?.input.kind, "timer");
    assert.equal(act.time, due, "recorded at its deadline");
    assert.ok(
      act.effects.some((e) => e.e === "state.set" && e.name === "fired"),
      "the rule heard it",
    );
  } finally {
    await close();
  }
});

test("after a restart, a timer due later fires at its deadline though nobody opens the game", async () => {
  const clock = { now: Date.UTC(2026, 2, 2, 12), read: () => clock.now };
  const first = hubOnFile(60_000, clock.read);
  const game = await first.hub.create({ name: "Deadlines", preset: null, rules: [{ number: 1, text: "Timers.", mutable: true, code: timerRule }] });
  await first.hub.change(game, (g) => g.join("Ada Lovelace"));
  const due = clock.now + 1_000;
  await first.hub.change(game, (g) => g.act("ada-lovelace", "arm", { at: due }));
  const armed = first.store.lastSeq(game.id);
  await first.hub.close(); // the server stops; the file stays

  // The next server starts on the file; nobody opens the game.
  const engine = engineOptions({ store: first.store, sandbox: () => createQuickJsSandbox(testLimits), clock: clock.read });
  const hub = new GameHub(engine, clock.read, undefined, { unloadIdleAfterMs: 60_000 });
  try {
    await hub.wakeDue();
    assert.equal(hub.loadedCount(), 0, "a game whose deadline is still to come is not loaded at start");
    clock.now = due;
    await until(() => first.store.lastSeq(game.id) > armed, "the timer fires");
    const [act] = first.store.readActs(game.id, armed);
    assert.equal(act?.input.kind, "timer");
    assert.equal(act.time, due, "recorded at its deadline");
  } finally {
    await hub.close();
    await first.close();
  }
});

test("acts racing unloads lose nothing: each is recorded once, and the game reads as its log", async () => {
  const { store, engine, hub, close } = hubOnFile(1);
  let unloads = 0;
  hub.onUnload(() => unloads++);
  let check: Game | undefined;
  try {
    const game = await hub.create({ name: "Raced", preset: "suber", rules: loadPreset("suber").rules });
    for (const name of ["Ada Lovelace", "Grace Hopper"]) await hub.change(game, (g) => g.join(name));
    const start = store.lastSeq(game.id);
    const renames: Promise<unknown>[] = [];
    for (let i = 1; i <= 24; i++) {
      const held = (await hub.get(game.id))!;
      // Sometimes the game handed out is unloaded before the act reaches it; sometimes the act meets the unload under way.
      if (i % 3 === 0) await until(() => hub.loadedCount() === 0, "the game is unloaded");
      else await sleep(i % 7);
      renames.push(hub.change(held, (g) => g.rename("ada-lovelace", `Ada ${i}`)));
      if (i % 4 === 0) await Promise.all(renames);
    }
    await Promise.all(renames);

    assert.ok(unloads >= 8, `the game was unloaded between the acts (${unloads} times)`);
    assert.equal(store.lastSeq(game.id), start + 24, "every act recorded, once");
    const now = (await hub.get(game.id))!;
    assert.equal(now.state.players.find((p) => p.id === "ada-lovelace")?.name, "Ada 24");
    check = await Game.load(engine, game.id);
    assert.deepEqual(now.state, check.state, "the game as the hub holds it is the game as its log folds");
  } finally {
    check?.close();
    await close();
  }
});

test("a game loaded to be read starts no sandbox; the first act that asks the rules boots one, with the game as it stands", async () => {
  const first = hubOnFile(60_000);
  const game = await first.hub.create({ name: "Quiet", preset: null, rules: [{ number: 1, text: "Timers.", mutable: true, code: timerRule }] });
  await first.hub.change(game, (g) => g.join("Ada Lovelace"));
  await first.hub.close(); // the server stops; the file stays

  // The next server: every sandbox it starts is a real one, counted.
  let started = 0;
  const engine = engineOptions({
    store: first.store,
    sandbox: () => {
      started++;
      return createQuickJsSandbox(testLimits);
    },
  });
  const hub = new GameHub(engine, Date.now, undefined, { unloadIdleAfterMs: 60_000 });
  try {
    const loaded = await hub.get(game.id);
    assert.deepEqual(
      loaded?.state.players.map((p) => p.name),
      ["Ada Lovelace"],
    );
    assert.equal(started, 0, "reading a game's state (a lobby's list) starts no sandbox");
    await hub.change(loaded!, (g) => g.act("ada-lovelace", "arm", { at: Date.now() + 3_600_000 }));
    assert.equal(started, 1);
    assert.equal(Object.keys(loaded!.state.timers).length, 1, "the act ran on the game as it stood: Ada is a player");
  } finally {
    await hub.close();
    await first.close();
  }
});
