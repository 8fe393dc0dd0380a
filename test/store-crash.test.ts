/**
 * The store survives its process being killed mid-append: every acknowledged act is there,
 * the log has no gaps, and no row is half-written. (test/crash.test.ts does the same for
 * whole games; this one drives the store alone, as fast as it goes.)
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { Act } from "../src/kernel/types.js";
import { SqliteStore } from "../src/store/sqlite-store.js";

// The bodies test/fixtures/append-forever.ts writes.
const act = (seq: number): Act => ({ seq, time: seq, seed: "00", input: { kind: "action", actor: "p1", name: "noop", input: { n: seq } }, effects: [] });

/** Runs the fixture, kills it with SIGKILL a random moment after its 200th ack, and returns the last seq it acknowledged. */
async function appendUntilKilled(file: string): Promise<number> {
  let child: ChildProcess | undefined;
  try {
    child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/append-forever.ts", file], { stdio: ["ignore", "pipe", "pipe"] });
    const running = child;
    return await new Promise<number>((resolve, reject) => {
      let lastAck = 0;
      let buffer = "";
      let stderr = "";
      const timeout = setTimeout(() => reject(new Error(`no 200 acks within 60 s: ${stderr}`)), 60_000);
      running.stdout!.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split("\n");
        buffer = lines.pop()!; // a line still being written waits for the next chunk
        for (const line of lines) {
          const m = /^ack (\d+)$/.exec(line);
          if (!m) continue;
          lastAck = Number(m[1]);
          // Up to 20 ms later, so the kill lands anywhere in an append, not just after one.
          if (lastAck === 200) setTimeout(() => running.kill("SIGKILL"), Math.random() * 20);
        }
      });
      running.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      running.on("exit", (code, signal) => {
        clearTimeout(timeout);
        if (signal === "SIGKILL") resolve(lastAck);
        else reject(new Error(`the fixture ended by itself (code ${code}): ${stderr}`));
      });
    });
  } finally {
    // Never leave the child behind, whatever went wrong.
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

test("killing the process mid-append loses no acknowledged act and leaves nothing half-written", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-store-crash-"));
  try {
    for (let round = 1; round <= 3; round++) {
      const file = join(dir, `round-${round}.db`);
      const lastAck = await appendUntilKilled(file);
      assert.ok(lastAck >= 200, `the fixture acknowledged ${lastAck} acts`);
      const store = SqliteStore.open(file);
      try {
        const acts = store.readActs("g"); // throws if any row does not parse
        const n = acts.length;
        assert.ok(n >= lastAck, `round ${round}: every acknowledged act is kept (last ack ${lastAck}, ${n} in the log)`);
        assert.equal(store.lastSeq("g"), n);
        // Seqs 1..n without gaps, and each act whole: exactly the body that was appended.
        for (const [i, a] of acts.entries()) assert.deepEqual(a, act(i + 1), `round ${round}: act ${i + 1}`);
      } finally {
        store.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
