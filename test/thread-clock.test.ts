/** A sandbox's deadline counts its thread's own CPU time, so that a busy host slows rule code down without failing it. */
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { cpuDeadline, ThreadClock } from "../src/sandbox/thread-clock.js";

test("a game's sandbox times its deadlines by its own thread's clock", { skip: !existsSync("/proc/thread-self/schedstat") }, async () => {
  const sandbox = await createQuickJsSandbox();
  const clock = (sandbox as unknown as { cpu: ThreadClock }).cpu;
  try {
    const { tid } = clock;
    assert.ok(tid !== null && readdirSync("/proc/self/task").includes(String(tid)), "the sandbox knows which of this process's threads runs it");
    assert.notEqual(tid, process.pid, "and it is not the event loop's");
    assert.ok(clock.cpuMs() > 0, "its clock reads the thread's CPU time, the QuickJS start included");
  } finally {
    sandbox.dispose();
  }
  assert.ok(Number.isNaN(clock.cpuMs()), "a disposed sandbox's clock keeps no file open");
});

/** A thread that sleeps (using no CPU) or spins (using it all) until told to stop; its id. */
async function thread(work: "sleep" | "spin"): Promise<{ tid: number; stop: () => Promise<number> }> {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
     parentPort.postMessage(tid);
     if (workerData.work === "sleep") Atomics.wait(workerData.flag, 0, 0);
     else while (Atomics.load(workerData.flag, 0) === 0);`,
    { eval: true, workerData: { flag, work } },
  );
  const tid = await new Promise<number>((resolve) => worker.once("message", resolve));
  return {
    tid,
    stop: () => {
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      return worker.terminate();
    },
  };
}

test("a deadline counts the thread's CPU time: a thread kept off the CPU is not stopped at it, a busy one is", {
  skip: !existsSync("/proc/thread-self/schedstat"),
}, async () => {
  const idle = await thread("sleep");
  const busy = await thread("spin");
  const idleClock = new ThreadClock(idle.tid);
  const busyClock = new ThreadClock(busy.tid);
  try {
    const started = performance.now();
    let idleExpired = false;
    let busyExpired: boolean | null = null;
    const cancelIdle = cpuDeadline(idleClock, 300, () => {
      idleExpired = true;
    });
    cpuDeadline(busyClock, 100, (starved) => {
      busyExpired = starved;
    });
    while (busyExpired === null || performance.now() - started < 600) await sleep(10);
    assert.equal(busyExpired, false, "a thread that used its CPU time is stopped as an overrun");
    assert.equal(idleExpired, false, "a thread that used none of its CPU time was stopped by the wall clock");
    cancelIdle();
    // A thread kept off the CPU for good is still stopped, once ten times its deadline has passed, and said to be starved.
    let starved: boolean | null = null;
    cpuDeadline(idleClock, 20, (why) => {
      starved = why;
    });
    while (starved === null) await sleep(10);
    assert.equal(starved, true);
  } finally {
    idleClock.close();
    busyClock.close();
    await idle.stop();
    await busy.stop();
  }
});
