#!/usr/bin/env node
/**
 * The `nomos` command. A command that plays or asks the rules of a game file runs them in a
 * sandbox, whose worker then starts first, so that its start (Node's, QuickJS's and the guest's:
 * 0.3 s and more) runs beside the loading of the commands' modules (program.ts) instead of after
 * it. The command is guessed from the words alone, before anything parses them: a wrong guess
 * costs time only (a sandbox started for nothing, or later), and `serve` never starts one here
 * (its rules keep V8's optimizing compiler).
 */
import { keepCompiledCode } from "../compile-cache.js";
import { compileQuickJsForShortRuns, startSandboxEarly } from "../sandbox/quickjs-sandbox.js";

keepCompiledCode();

/** Commands that run a game's rules on this machine whenever they succeed. */
const runsRules = new Set(["new", "act", "propose", "vote", "state", "actions", "decide", "judgment", "correct", "leave", "verify", "import-game"]);
/** Words after which no sandbox starts here: a server's, or play on another machine. */
const elsewhere = new Set(["serve", "remote", "--help", "-h"]);

const words = process.argv.slice(2);
if (words.some((w) => runsRules.has(w)) && !words.some((w) => elsewhere.has(w))) {
  compileQuickJsForShortRuns();
  startSandboxEarly();
}
await import("./program.js");
