/**
 * Deadlines that are never missed: timers due at the same instant fire in the order they
 * were set; a timer whose time has come fires before any act that comes after it; and a
 * server that was down across several deadlines fires them all, in order, when it starts,
 * before anyone opens the game. A clock the test moves by hand stands for time passing.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { engineOptions } from "../src/engine.js";
import { Game } from "../src/kernel/game.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { buildServer } from "../src/server/app.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { testLimits } from "./helpers.js";

const hour = 3_600_000;
const start = Date.UTC(2026, 2, 2, 12);

/** A rule that sets timers named "t1".."tN", all due at `at`, or one every hour; each firing is noted in "fired". */
const timerRule = compileRuleCode(`
  const fired = gameState<string[]>("fired", { initial: [] });
  const said = gameState<string[]>("said", { initial: [] });
  action("arm", { describe: "Arm", input: t.object({ count: t.integer(), at: t.integer(), apart: t.integer() }) }, (input) => {
    for (let i = 1; i <= input.count; i++) game.schedule("t" + i, { at: input.at + (i - 1) * input.apart });
  });
  action("say", { describe: "Say", input: t.object({}) }, (_, context) => said.set([...said.get(), context.actor + " after " + fired.get().length]));
  for (let i = 1; i <= 30; i++) on("timer:t" + i, () => fired.set([...fired.get(), "t" + i]));
`);

function clockAt(time: number) {
  const clock = { now: time, read: () => clock.now };
  return clock;
}

async function timedGame(store: SqliteStore, clock: { read: () => number }): Promise<Game> {
  const engine = engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: clock.read });
  const game = await Game.create(engine, { name: "Deadlines", preset: null, rules: [{ number: 1, text: "Timers.", mutable: true, code: timerRule }] });
  await game.join("Ada Lovelace");
  return game;
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);

test("timers due at the same instant fire in the order they were set, more than ten of them", async () => {
  const store = SqliteStore.open(":memory:");
  const clock = clockAt(start);
  const game = await timedGame(store, clock);
  try {
    await game.act("ada-lovelace", "arm", { count: 12, at: start + hour, apart: 0 });
    clock.now = start + 2 * hour;
    await game.fireDueTimers();
    assert.deepEqual(game.value("fired"), names(12), "t1, t2, ... t12: not t1, t10, t11, t12, t2");
  } finally {
    game.close();
    store.close();
  }
});

test("an act after a missed deadline sees the timer fire first, recorded before it", async () => {
  const store = SqliteStore.open(":memory:");
  const clock = clockAt(start);
  const game = await timedGame(store, clock);
  try {
    await game.act("ada-lovelace", "arm", { count: 3, at: start + hour, apart: hour });
    clock.now = start + 2.5 * hour; // two deadlines passed with nobody firing them
    await game.act("ada-lovelace", "say", {});
    assert.deepEqual(game.value("said"), ["ada-lovelace after 2"], "the action saw both timers fired");
    const kinds = store.readActs(game.id, 3).map((a) => a.input.kind);
    assert.deepEqual(kinds, ["timer", "timer", "action"], "each timer is an act of its own, before the action");
    // A join, a rename, a correction come after due timers too.
    clock.now = start + 3.5 * hour;
    await game.join("Grace Hopper");
    assert.deepEqual(game.value("fired"), names(3));
    assert.deepEqual(
      store.readActs(game.id, 6).map((a) => a.input.kind),
      ["timer", "join"],
    );
  } finally {
    game.close();
    store.close();
  }
});

test("a server stopped across several deadlines fires each, in order, when it starts, before anyone opens the game", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-deadlines-"));
  const file = join(dir, "games.db");
  const clock = clockAt(start);
  try {
    // A server runs, and a game sets three deadlines an hour apart, and the server stops.
    let server = await buildServer({ db: file, clock: clock.read });
    await server.close();
    const store = SqliteStore.open(file);
    const game = await timedGame(store, clock);
    await game.act("ada-lovelace", "arm", { count: 3, at: start + hour, apart: hour });
    const id = game.id;
    game.close();
    store.close();

    // Down for four hours; it starts again and nobody asks for anything.
    clock.now = start + 4 * hour;
    server = await buildServer({ db: file, clock: clock.read });
    const reader = SqliteStore.open(file);
    try {
      const acts = reader.readActs(id, 3);
      assert.deepEqual(
        acts.map((a) => [a.input.kind, a.time]),
        [
          ["timer", start + hour],
          ["timer", start + 2 * hour],
          ["timer", start + 3 * hour],
        ],
        "each deadline fired, in order, at its own time",
      );
      const fired = acts.flatMap((a) => a.effects.filter((e) => e.e === "state.set" && e.name === "fired").map((e) => (e as { value: unknown }).value));
      assert.deepEqual(fired.at(-1), names(3));
    } finally {
      reader.close();
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
