/**
 * What a review of issue 15 left open, through the HTTP API on a real SQLite file (the
 * engine's half is in issue15-followup.test.ts): a message's length counted as the engine
 * counts it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { votesGame } from "./channels-helpers.js";
import { startServer, type ApiClient, type TestServer } from "./server-helpers.js";

/** Ada (the host) and Grace in the votes game, on a server of its own. */
async function talking(play: (g: { server: TestServer; id: string; ada: ApiClient; grace: ApiClient }) => Promise<void>, options = {}) {
  const server = await startServer(options);
  try {
    await play({ server, ...(await votesGame(server)) });
  } finally {
    await server.close();
  }
}

test("the API counts a message's length as the engine does, in characters: an emoji is one; too long says how much over", () =>
  talking(async ({ id, ada }) => {
    const posted = await ada.post(`/api/games/${id}/messages`, { channel: "general", text: "😀".repeat(6000) });
    assert.equal(posted.status, 201, JSON.stringify(posted.body));
    const long = await ada.post(`/api/games/${id}/messages`, { channel: "general", text: "😀".repeat(10_002) });
    assert.equal(long.status, 400);
    assert.match(long.body.error.message, /at most 10,000 characters; it has 10,002 \(2 too many\)/);
    const edit = await ada.request("PATCH", `/api/games/${id}/messages/${posted.body.id}`, { text: "é".repeat(10_001) });
    assert.equal(edit.status, 400);
    assert.match(edit.body.error.message, /at most 10,000 characters; it has 10,001 \(1 too many\)/);
    assert.equal((await ada.get(`/api/games/${id}/messages`)).body.length, 1, "nothing else was posted");
  }));
