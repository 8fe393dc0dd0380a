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

// Before any other module loads, so that their compiled code is kept too.
keepCompiledCode();

/** Commands that run a game's rules on this machine whenever they succeed (`clock forward`, `judgment call`...). */
const runsRules = new Set([
  "new",
  "join",
  "start",
  "act",
  "propose",
  "vote",
  "forfeit",
  "leave",
  "state",
  "actions",
  "decide",
  "judgment",
  "correct",
  "clock",
  "play",
  "verify",
  "import-game",
]);
/** Words after which no sandbox starts here: a server's, play on another machine, or help. */
const elsewhere = new Set(["serve", "remote", "help", "--help", "-h"]);

const words = process.argv.slice(2);
if (words.some((w) => runsRules.has(w)) && !words.some((w) => elsewhere.has(w))) {
  const { compileQuickJsForShortRuns, startSandboxEarly } = await import("../sandbox/quickjs-sandbox.js");
  compileQuickJsForShortRuns();
  startSandboxEarly();
}
await import("./program.js");
