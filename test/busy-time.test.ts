/**
 * The load benchmark's opt-in tallies (src/busy-time.ts): once counting is on, every sandbox
 * call and every disk sync of the write-ahead log is tallied. Counts only: timings are printed
 * by the benchmark, never asserted.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { busyTime, countBusyTime } from "../src/busy-time.js";
import { threadTimes } from "../src/sandbox/thread-clock.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine, playTurn, suberGame } from "./helpers.js";

test("once counting is on, sandbox calls and disk syncs are tallied", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-busy-"));
  try {
    countBusyTime();
    const store = SqliteStore.open(join(dir, "games.db"), { durability: "full" });
    const game = await suberGame(["Ada", "Grace"], engine(store));
    const calls = busyTime.sandboxCalls;
    const syncs = busyTime.syncs;
    await playTurn(game, { kind: "enact", text: "Players keep their arguments short." });
    assert.ok(busyTime.sandboxCalls > calls, "the turn's sandbox calls were tallied");
    assert.ok(busyTime.syncs > syncs, "the turn's syncs were tallied");
    assert.ok(busyTime.sandboxMs >= 0 && busyTime.syncMs >= 0);
    // Where the system gives a thread's CPU time, the workers' whole time is tallied too. (Not
    // compared with their calls' time, which is the wall clock's: on a busy host a call waits for a CPU.)
    if (threadTimes()) assert.ok(busyTime.workerMs > 0, "the workers' CPU time was tallied");
    game.close();
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a thread's CPU time, where the system says, only grows", () => {
  const before = threadTimes();
  if (!before) return; // not Linux: the benchmark falls back to the wall clock
  let x = 0;
  for (let i = 0; i < 1e6; i++) x += i;
  const after = threadTimes()!;
  assert.ok(x > 0 && after.cpuMs >= before.cpuMs && after.waitMs >= before.waitMs);
});
