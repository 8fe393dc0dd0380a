/**
 * Stopping the server: SIGTERM or Ctrl-C (SIGINT) ends `nomos serve` with code 0 even while a
 * page holds a live stream open; the stream is closed, not left hanging.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ApiClient } from "./server-helpers.js";
import { startServeChild } from "./serve-child.js";

// Far beyond a normal shutdown: only a hang reaches it.
const generousBound = 30_000;

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`${signal} stops the server while a live stream is open`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "nomos-shutdown-"));
    const server = await startServeChild(join(dir, "games.db"));
    const streams = new AbortController();
    try {
      const ada = await new ApiClient(server.url).signup("ada", "Ada Lovelace");
      const created = await ada.post("/api/games", { name: "Friday Nomic", preset: "suber" });
      assert.equal(created.status, 201);
      const live = await fetch(`${server.url}/api/games/${created.body.id}/live`, { headers: { cookie: ada.cookie! }, signal: streams.signal });
      assert.equal(live.status, 200);
      const reader = live.body!.getReader();
      const first = await reader.read();
      assert.match(new TextDecoder().decode(first.value), /retry/, "the stream is open");

      server.child.kill(signal);
      let bound: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([server.exited, new Promise((resolve) => (bound = setTimeout(() => resolve("still running"), generousBound)))]);
      clearTimeout(bound);
      assert.equal(outcome, 0, `the server exits with code 0 (stderr: ${server.stderr()})`);
      // The page hears the stream end (and would reconnect to whatever serves next).
      let ended = false;
      try {
        for (;;) if ((await reader.read()).done) break;
        ended = true;
      } catch {
        ended = true; // the connection was cut: also an end
      }
      assert.ok(ended);
    } finally {
      streams.abort();
      server.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
