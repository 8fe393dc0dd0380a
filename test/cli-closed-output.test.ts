/**
 * `nomos … | head`: when the reader closes the pipe before the CLI has written, the CLI
 * ends quietly (exit code 0, nothing on stderr) instead of dying on EPIPE with a stack trace.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { builtCli, cliNodeArgs } from "./built-cli.js";
import { runCli } from "./cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-closed-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `nomos ...args` with its stdout closed from the start, as `| head -0` would. */
function runClosed(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...cliNodeArgs, builtCli(), ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NOMOS_DB: "" },
    });
    // The reader goes away long before the CLI (which takes a while to start) writes a line.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

test("a closed output ends the CLI quietly", async () => {
  const db = join(dir, "game.db");
  const created = await runCli(["--db", db, "new", "Piped", "--preset", "suber", "--player", "Grace Hopper", "--player", "Ada Lovelace", "--start"], false);
  assert.equal(created.code, 0, created.stderr);
  for (const args of [
    ["rules", "--history"],
    ["--json", "log"],
  ]) {
    const r = await runClosed(["--db", db, ...args]);
    assert.equal(r.stderr, "", `nomos ${args.join(" ")}: no stack trace, no message`);
    assert.equal(r.code, 0, `nomos ${args.join(" ")} exits cleanly`);
  }
});
