/**
 * The test suite as `npm test` runs it, after the typecheck and the web build: every file of
 * test/, the browser tests (test/web*.test.ts) one at a time and the others two at a time.
 *
 * Node runs one file at a time on two cores, but one of the other files keeps only about 1.3
 * cores busy (its servers, CLI processes and sandboxes wait on one another): ten of the longest
 * took 139 s two at a time against 165 s one at a time. Chromium keeps both cores busy on its
 * own, and two browser files at once took longer than one after the other (407 s against 360 s).
 *
 *   node scripts/run-tests.mjs [--no-browser]     (--no-browser: CI on Node 24)
 *
 * Exits non-zero if any test failed; both groups run either way.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--no-browser");
if (unknown.length) {
  console.error(`run-tests: unknown argument ${unknown[0]}; the only option is --no-browser`);
  process.exit(2);
}
const files = readdirSync("test")
  .filter((f) => f.endsWith(".test.ts"))
  .sort()
  .map((f) => `test/${f}`);
const browser = files.filter((f) => f.startsWith("test/web"));
const others = files.filter((f) => !browser.includes(f));

function run(group, concurrency) {
  if (group.length === 0) return 0;
  const { status, signal } = spawnSync(process.execPath, ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, ...group], { stdio: "inherit" });
  return status ?? (signal ? 1 : 0);
}

const failed = [run(others, 2), args.includes("--no-browser") ? 0 : run(browser, 1)].some((status) => status !== 0);
process.exit(failed ? 1 : 0);
