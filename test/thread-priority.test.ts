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

test("a deadline counts the thread's CPU time: a thread kept off the CPU is not stopped at it, a busy one is", { skip: !linux }, async () => {
  const idle = await thread("sleep");
  const busy = await thread("spin");
  try {
    let idleExpired = false;
    let busyExpired = false;
    const cancelIdle = cpuDeadline(idle.tid, 100, () => {
      idleExpired = true;
    });
    cpuDeadline(busy.tid, 100, () => {
      busyExpired = true;
    });
    while (!busyExpired) await sleep(10);
    await sleep(300); // well past 100 ms on the wall clock for the idle thread too
    assert.equal(idleExpired, false, "a thread that used none of its CPU time was stopped by the wall clock");
    cancelIdle();
    // A thread starved for good is still stopped, once ten times its deadline has passed.
    let starvedExpired = false;
    cpuDeadline(idle.tid, 20, () => {
      starvedExpired = true;
    });
    while (!starvedExpired) await sleep(10);
  } finally {
    await idle.stop();
    await busy.stop();
  }
});
