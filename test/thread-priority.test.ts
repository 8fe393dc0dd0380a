/**
 * Rule code runs below the server's event loop, so that a request never waits for a CPU
 * behind it (Linux, where nice is kept per thread), and its deadline counts the thread's own
 * CPU time, so that a busy host slows rule code down without failing it.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { diagnoseRuleCodeAsync } from "../src/authoring/type-checker.js";
import { limits } from "../src/kernel/limits.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { cpuDeadline } from "../src/sandbox/thread-clock.js";

const linux = existsSync("/proc/thread-self");
/** A thread's nice value: field 19 of its stat file, counted after the command's closing parenthesis. */
const niceOf = (stat: string) => Number(readFileSync(stat, "utf8").split(") ")[1]!.split(" ")[16]);
/** The process's own nice (its main thread's), and how many threads run that many steps lower. */
const own = () => niceOf("/proc/self/stat");
const lowered = (base: number) =>
  readdirSync("/proc/self/task").filter((tid) => niceOf(`/proc/self/task/${tid}/stat`) === Math.min(19, base + limits.workerNice)).length;

test("a game's sandbox runs at a lower priority than the event loop, and only it does", { skip: !linux || own() >= 19 }, async () => {
  const base = own();
  assert.ok(limits.workerNice > 0, "a lower priority is a higher nice value");
  const before = lowered(base);
  const sandbox = await createQuickJsSandbox();
  try {
    assert.equal(lowered(base), before + 1, "the sandbox's thread lowered its priority");
    // Its deadlines are timed by that thread's CPU time: the sandbox knows which thread it is.
    const tid = (sandbox as unknown as { tid: number | null }).tid;
    if (existsSync("/proc/thread-self/schedstat")) assert.equal(niceOf(`/proc/self/task/${tid}/stat`), Math.min(19, base + limits.workerNice));
    await diagnoseRuleCodeAsync("const x: number = 1;");
    assert.equal(lowered(base), before + 1, "the type-checker keeps the server's priority (its deadline is the wall clock's)");
    assert.equal(own(), base, "the event loop keeps the priority the server started with");
  } finally {
    sandbox.dispose();
  }
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
  try {
    const started = performance.now();
    let idleExpired = false;
    let busyExpired: boolean | null = null;
    const cancelIdle = cpuDeadline(idle.tid, 300, () => {
      idleExpired = true;
    });
    cpuDeadline(busy.tid, 100, (starved) => {
      busyExpired = starved;
    });
    while (busyExpired === null || performance.now() - started < 600) await sleep(10);
    assert.equal(busyExpired, false, "a thread that used its CPU time is stopped as an overrun");
    assert.equal(idleExpired, false, "a thread that used none of its CPU time was stopped by the wall clock");
    cancelIdle();
    // A thread kept off the CPU for good is still stopped, once ten times its deadline has passed, and said to be starved.
    let starved: boolean | null = null;
    cpuDeadline(idle.tid, 20, (why) => {
      starved = why;
    });
    while (starved === null) await sleep(10);
    assert.equal(starved, true);
  } finally {
    await idle.stop();
    await busy.stop();
  }
});
