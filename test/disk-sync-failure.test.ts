/**
 * A sync the disk fails (issue 34): the write it should have confirmed is in the game file's log,
 * so the server must not say "nothing was changed". It says the change may or may not have been
 * saved, takes no change until it restarts, says so at /readyz while /healthz answers at once,
 * and after the restart shows whatever SQLite recovered. The failure is real: the log file's name
 * is gone when the server first syncs it, so the sync cannot open it.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { buildServer } from "../src/server/app.js";
import { ApiClient } from "./server-helpers.js";

test("after a failed sync the server says a change may not have been saved, refuses the next, is live but not ready, and a restart shows the truth", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-sync-"));
  const db = join(dir, "games.db");
  let app = await buildServer({ db, durability: "full", authRateLimit: 10_000 });
  try {
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    rmSync(`${db}-wal`);
    const signup = await new ApiClient(url).post("/api/auth/signup", { username: "ada", password: "ada-secret-pw", displayName: "Ada Lovelace" });
    assert.equal(signup.status, 503, signup.text);
    assert.equal(signup.body.error.code, "unconfirmed");
    assert.match(signup.body.error.message, /could not confirm that your change was saved: .*may or may not have been/);
    assert.doesNotMatch(signup.body.error.message, /nothing was changed/);

    const next = await new ApiClient(url).post("/api/auth/signup", { username: "alan", password: "alan-secret-pw", displayName: "Alan Turing" });
    assert.equal(next.status, 503, next.text);
    assert.equal(next.body.error.code, "not-saved", "a later change is never made");
    assert.match(next.body.error.message, /nothing more is written until the server restarts; nothing was changed/);

    const games = await new ApiClient(url).get("/api/games");
    assert.equal(games.status, 503, games.text);
    assert.match(games.body.error.message, /failed to confirm recent changes, so it shows nothing until it is restarted/);
    const live = await fetch(`${url}/healthz`);
    assert.equal(live.status, 200, "the process is up");
    const ready = await fetch(`${url}/readyz`);
    assert.equal(ready.status, 503);
    assert.match((await ready.json()).error.message, /cannot save changes: the disk failed to sync/);

    await app.close();
    app = await buildServer({ db, durability: "full", authRateLimit: 10_000 });
    const again = await app.listen({ port: 0, host: "127.0.0.1" });
    assert.equal((await fetch(`${again}/readyz`)).status, 200, "a restart is ready again");
    const signin = await new ApiClient(again).post("/api/auth/signin", { username: "ada", password: "ada-secret-pw" });
    assert.equal(signin.status, 200, "the account whose saving was unconfirmed was in the log, and SQLite kept it");
    const alan = await new ApiClient(again).post("/api/auth/signin", { username: "alan", password: "alan-secret-pw" });
    assert.equal(alan.status, 401, "the account refused after the failure was never made");
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
