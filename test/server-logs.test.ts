/**
 * The server's log: one JSON line per request with its id, method, route, status and time;
 * X-Request-Id honoured or made, and echoed; an unexpected error logged with its request's id
 * and its causes; and nothing secret (passwords, session cookies, CSRF tokens, invitation codes)
 * even at the most talkative level. Test servers log nothing unless a test asks (startServer).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { test } from "node:test";
import { buildServer } from "../src/server/app.js";
import { parseLogLevel } from "../src/server/log-level.js";
import { ApiClient, testPasswordCost } from "./server-helpers.js";

type Line = Record<string, any>;

/** A server logging at `level` into memory, with one route that fails with a cause, as a real bug would. */
async function loggingServer(level: "trace" | "info") {
  const dir = mkdtempSync(join(tmpdir(), "nomos-logs-"));
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const app = await buildServer({ db: join(dir, "games.db"), durability: "process", passwordCost: testPasswordCost, log: { level, stream } });
  app.get("/api/test-failure", async () => {
    const low = Object.assign(new Error("the disk said no"), { code: "EIO" });
    throw new Error("could not read the game", { cause: new Error("the snapshot is unreadable", { cause: low }) });
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    lines,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test("each request is one line with its id, method, route, status and time; the id is honoured or made, and echoed", async () => {
  const server = await loggingServer("info");
  try {
    const sent = await fetch(`${server.url}/api/presets`, { headers: { "x-request-id": "lb-7f3a.42" } });
    assert.equal(sent.status, 200);
    assert.equal(sent.headers.get("x-request-id"), "lb-7f3a.42", "a proxy's id is kept and echoed");
    const made = await fetch(`${server.url}/api/games/nope?seq=3`);
    const madeId = made.headers.get("x-request-id") ?? "";
    assert.match(madeId, /^[0-9a-f-]{36}$/, "without one, a new id is made and echoed");
    const odd = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "a b\tc" } });
    assert.notEqual(odd.headers.get("x-request-id"), "a b\tc", "an id that is not a plain token is replaced");

    const presets = server.lines.find((l) => l.reqId === "lb-7f3a.42");
    assert.ok(presets, JSON.stringify(server.lines));
    assert.equal(presets.msg, "request");
    assert.equal(presets.method, "GET");
    assert.equal(presets.route, "/api/presets");
    assert.equal(presets.status, 200);
    assert.equal(typeof presets.ms, "number");
    assert.equal(presets.ip, "127.0.0.1");
    assert.equal(presets.level, 30, "info");
    const missing = server.lines.find((l) => l.reqId === madeId);
    assert.ok(missing, "the made id is the one logged");
    assert.equal(missing.status, 401);
    assert.deepEqual(missing.params, { id: "nope" }, "the route's parameters beside its pattern");
    assert.ok(!JSON.stringify(missing).includes("seq=3"), "the query string is not logged");
    assert.equal(server.lines.filter((l) => l.msg === "request").length, 2, "one line per request, not two; none for a healthy probe");
    assert.ok(!server.lines.some((l) => l.route === "/healthz"), "a probe that succeeds is logged at debug only (a container asks every 10 s)");
  } finally {
    await server.close();
  }
});

test("an unexpected error is logged with its request's id and its causes; the client hears only that it failed", async () => {
  const server = await loggingServer("info");
  try {
    const reply = await fetch(`${server.url}/api/test-failure`, { headers: { "x-request-id": "boom-1" } });
    assert.equal(reply.status, 500);
    const body = await reply.text();
    assert.ok(!body.includes("snapshot"), `the cause stays on the server: ${body}`);
    const error = server.lines.find((l) => l.reqId === "boom-1" && l.level === 50);
    assert.ok(error, JSON.stringify(server.lines));
    assert.equal(error.msg, "the request failed unexpectedly");
    assert.match(error.err.message, /could not read the game: the snapshot is unreadable: the disk said no/, "the message carries the whole chain");
    assert.match(error.err.stack, /caused by: Error: the snapshot is unreadable[\s\S]*caused by: Error: the disk said no/, "and so does the stack");
    assert.equal(server.lines.find((l) => l.reqId === "boom-1" && l.msg === "request")?.status, 500);
  } finally {
    await server.close();
  }
});

test("nothing secret reaches the log, even at trace level", async () => {
  const server = await loggingServer("trace");
  try {
    const password = "Ada-analytical-engine-1843";
    const ada = new ApiClient(server.url);
    const signedUp = await ada.post("/api/auth/signup", { username: "ada", password, displayName: "Ada Lovelace" });
    assert.equal(signedUp.status, 201);
    ada.csrf = signedUp.body.csrf;
    const again = new ApiClient(server.url);
    const signedIn = await again.post("/api/auth/signin", { username: "ada", password });
    assert.equal(signedIn.status, 200);
    again.csrf = signedIn.body.csrf;
    const created = await again.post("/api/games", { name: "Friday Nomic", preset: "suber" });
    assert.equal(created.status, 201, created.text);
    assert.equal((await new ApiClient(server.url).get(`/api/invites/${created.body.invite}`)).status < 500, true);
    await again.post("/api/auth/signin", { username: "ada", password: `${password}-wrong` });

    const log = JSON.stringify(server.lines);
    const secrets = {
      password,
      "the first session's cookie": ada.cookie!.split("=")[1]!,
      "the second session's cookie": again.cookie!.split("=")[1]!,
      "a CSRF token": ada.csrf!,
      "another CSRF token": again.csrf!,
      "the invitation's code": created.body.invite as string,
    };
    for (const [what, secret] of Object.entries(secrets)) assert.ok(!log.includes(secret), `${what} is in the log`);
    assert.ok(
      server.lines.some((l) => l.route === "/api/invites/:code" && l.params.code === "[redacted]"),
      "the code's place says it was redacted",
    );
    assert.ok(
      server.lines.some((l) => l.msg === "request received"),
      "trace level logs more than info",
    );
  } finally {
    await server.close();
  }
});

test("the log level is one of pino's, in any case; anything else is refused in words", () => {
  assert.equal(parseLogLevel("WARN"), "warn");
  assert.equal(parseLogLevel("silent"), "silent");
  assert.throws(() => parseLogLevel("verbose"), /"verbose" is not a log level; use one of fatal, error, warn, info, debug, trace, silent/);
});
