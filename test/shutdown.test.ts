/**
 * Stopping the server: SIGTERM or Ctrl-C (SIGINT) ends `nomos serve` with code 0 even while a
 * page holds a live stream open; the stream is closed, not left hanging. An act in flight is
 * answered and kept; with --drain-delay, /readyz says 503 while the server still serves; a
 * second signal stops it at once.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ApiClient, suberTable, type TestServer } from "./server-helpers.js";
import { startServeChild, type ServeChild } from "./serve-child.js";

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
      // Beside its JSON log, the server tells its operator where it serves, in words.
      assert.ok(server.stderr().startsWith(`Nomos is serving on ${server.url.replace("127.0.0.1", "localhost")} (games in `), server.stderr());
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

/** The process's exit code, or "still running" past a bound only a hang reaches. */
async function exitOf(server: ServeChild): Promise<number | string> {
  let bound: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([server.exited, new Promise<string>((resolve) => (bound = setTimeout(() => resolve("still running"), generousBound)))]);
  clearTimeout(bound);
  return outcome;
}

/** Reads a live stream to its end; true once it has ended (or was cut). */
async function ends(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  try {
    for (;;) if ((await reader.read()).done) return true;
  } catch {
    return true;
  }
}

test("SIGTERM with an act in flight: the act is answered and kept, live pages are closed, the server exits by itself", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-shutdown-"));
  const db = join(dir, "games.db");
  // Debug level logs each request as it arrives: the test sends the signal once the act is in.
  let server = await startServeChild(db, ["--log-level", "debug"]);
  const streams = new AbortController();
  try {
    const table = await suberTable({ url: server.url } as TestServer);
    const pages = [];
    for (const client of table.clients) {
      const live = await fetch(`${server.url}/api/games/${table.id}/live`, { headers: { cookie: client.cookie! }, signal: streams.signal });
      assert.equal(live.status, 200);
      const reader = live.body!.getReader();
      assert.match(new TextDecoder().decode((await reader.read()).value), /retry/, "the stream is open");
      pages.push(reader);
    }
    const page = await table.clients[0]!.get(`/api/games/${table.id}`);
    const who = page.body.view.state.find((s: { name: string }) => s.name === "turn").value.player as string;
    const mover = table.clients[Object.values(table.players).indexOf(who)]!;

    // Code to type-check keeps the act busy a while (the checker starts on first use).
    const change = { kind: "enact", text: "Each turn begins with a greeting.", code: 'on("turn.began", () => { game.post("Hello."); });' };
    const acting = mover.request("POST", `/api/games/${table.id}/act`, { action: "propose", input: { change } }, { "x-request-id": "act-in-flight" });
    await server.logged((line) => line.reqId === "act-in-flight" && line.msg === "request received");
    server.child.kill("SIGTERM");

    const acted = await acting;
    assert.equal(acted.status, 200, `the act in flight is answered: ${acted.text}`);
    assert.equal(acted.headers.get("x-request-id"), "act-in-flight", "its id is echoed");
    assert.equal(await exitOf(server), 0, `the server exits by itself with code 0 (stderr: ${server.stderr()})`);
    for (const reader of pages) assert.ok(await ends(reader), "every live page hears its stream end (and reconnects to whatever serves next)");
    const logs = server.logs();
    assert.ok(
      logs.some((line) => line.reqId === "act-in-flight" && line.status === 200 && line.route === "/api/games/:id/act"),
      "the act's request is logged with its id, route and status",
    );
    assert.match(logs.at(-1)!.msg, /^stopped/, "the last word is that it stopped, the database closed");

    // Started again on the same file: the act is in the log, and the session still signs the player in.
    server = await startServeChild(db);
    const again = new ApiClient(server.url);
    again.cookie = mover.cookie;
    const log = await again.get(`/api/games/${table.id}/log`);
    assert.equal(log.status, 200, log.text);
    assert.ok(
      log.body.entries.some((entry: { seq: number }) => entry.seq === acted.body.seq),
      `act ${acted.body.seq} is in the log after the restart: ${log.text.slice(0, 300)}`,
    );
    server.child.kill("SIGTERM");
    assert.equal(await exitOf(server), 0);
  } finally {
    streams.abort();
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("with --drain-delay, /readyz answers 503 while the server still serves; a second signal stops it at once", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-shutdown-"));
  // A delay no test waits out: the second signal ends it.
  const server = await startServeChild(join(dir, "games.db"), ["--drain-delay", "600"]);
  try {
    const client = new ApiClient(server.url);
    assert.deepEqual((await client.get("/readyz")).body, { status: "ready" });
    server.child.kill("SIGTERM");
    await server.logged((line) => line.signal === "SIGTERM");

    const ready = await client.get("/readyz");
    assert.equal(ready.status, 503, "not ready: a load balancer sends nothing new");
    assert.equal(ready.body.error.code, "shutting-down");
    assert.match(ready.headers.get("connection") ?? "", /close/, "and the connection is closed after the answer");
    assert.deepEqual((await client.get("/healthz")).body, { status: "up" }, "the process is still up");
    assert.equal((await client.get("/api/presets")).status, 200, "and it still serves what it is asked");

    server.child.kill("SIGTERM");
    assert.equal(await exitOf(server), 128 + 15, "the second SIGTERM stops it at once, with 128 + the signal's number");
    assert.ok(server.logs().some((line) => /again: stopping at once/.test(line.msg)));
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
