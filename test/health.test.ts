/**
 * The health checks: /healthz (the process is up) and /readyz (the database answers, the server
 * is not stopping) answer without a session, and the OpenAPI document describes them as needing none.
 * Their 503 while stopping is tested with a real process (shutdown.test.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiClient, startServer } from "./server-helpers.js";

test("/healthz and /readyz answer anyone, and the API's document says they need no session", async () => {
  const server = await startServer();
  try {
    const client = new ApiClient(server.url);
    const health = await client.get("/healthz");
    assert.equal(health.status, 200);
    assert.deepEqual(health.body, { status: "up" });
    const ready = await client.get("/readyz");
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: "ready" });
    assert.equal((await client.request("HEAD", "/readyz")).status, 200, "a probe may ask with HEAD");

    const doc = (await client.get("/api/openapi.json")).body;
    for (const path of ["/healthz", "/readyz"]) {
      const op = doc.paths[path]?.get;
      assert.ok(op, `${path} is described`);
      assert.deepEqual(op.security, [], `${path} needs no session`);
    }
    assert.ok(doc.paths["/readyz"].get.responses["503"], "/readyz's 503 is described");
  } finally {
    await server.close();
  }
});
