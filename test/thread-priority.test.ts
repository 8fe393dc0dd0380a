/**
 * The threads that run rule code and type-check it run below the server's event loop, so
 * that a request never waits for a CPU behind them (Linux, where nice is kept per thread).
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { diagnoseRuleCodeAsync } from "../src/authoring/type-checker.js";
import { limits } from "../src/kernel/limits.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";

/** A thread's nice value: field 19 of its stat file, counted after the command's closing parenthesis. */
const niceOf = (stat: string) => Number(readFileSync(stat, "utf8").split(") ")[1]!.split(" ")[16]);
/** The process's own nice (its main thread's), and how many threads run that many steps lower. */
const own = () => niceOf("/proc/self/stat");
const lowered = (base: number) =>
  readdirSync("/proc/self/task").filter((tid) => niceOf(`/proc/self/task/${tid}/stat`) === Math.min(19, base + limits.workerNice)).length;

test("a game's sandbox and the type-checker run at a lower priority than the event loop, and only they do", {
  skip: !existsSync("/proc/thread-self") || own() >= 19,
}, async () => {
  const base = own();
  assert.ok(limits.workerNice > 0, "a lower priority is a higher nice value");
  const before = lowered(base);
  const sandbox = await createQuickJsSandbox();
  try {
    assert.equal(lowered(base), before + 1, "the sandbox's thread lowered its priority");
    await diagnoseRuleCodeAsync("const x: number = 1;");
    assert.equal(lowered(base), before + 2, "the type-checker's thread lowered its priority");
    assert.equal(own(), base, "the event loop keeps the priority the server started with");
  } finally {
    sandbox.dispose();
  }
});
