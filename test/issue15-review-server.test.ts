/**
 * A second look at issue 15's messages, through the HTTP API on a real SQLite file (the
 * engine's half is in issue15-review.test.ts): a private channel leaves no trace in the log
 * of those who do not read it; a closed channel's history can still be read; the forum's old
 * route posts nothing the rules did not hear; a deleted or redacted text is gone from the file.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { votesGame } from "./channels-helpers.js";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";

/** Rule 102: a private room for its opener, numbered by a hidden draw (so no code or input names it), opened and closed in play; the votes channel closed. */
const steward = compileRuleCode(`
const room = gameState<string>("room", { initial: "", visibility: "hidden" });
action("open-room", { describe: "Opens a room only you read", input: t.object({}) }, (_i, c) => {
  room.set("room-" + game.random.int(1000, 9999));
  game.channels.open(room.get(), { title: "Plans of " + room.get(), readers: [c.actor] });
});
action("close-room", { describe: "Closes the room", input: t.object({}) }, () => game.channels.close(room.get()));
action("close-votes", { describe: "Closes the votes channel", input: t.object({}) }, () => game.channels.close("votes"));
`);

/** Ada (the host) and Grace in the votes game with the steward, on a server of its own. */
async function stewarded(play: (g: { server: TestServer; id: string; ada: ApiClient; grace: ApiClient; invite: string }) => Promise<void>) {
  const server = await startServer();
  try {
    await play({
      server,
      ...(await votesGame(server, [{ number: 102, title: "Steward", text: "The steward keeps the channels.", mutable: true, code: steward }])),
    });
  } finally {
    await server.close();
  }
}

test("a private channel's opening and closing are not in the log of those who do not read it", () =>
  stewarded(async ({ id, ada, grace }) => {
    assert.equal((await ada.act(id, "open-room")).status, 200);
    const room = (await ada.get(`/api/games/${id}/channels`)).body.find((c: { private: boolean }) => c.private).id as string;
    assert.equal((await ada.post(`/api/games/${id}/messages`, { channel: room, text: "Only I read this." })).status, 201);
    assert.equal((await ada.act(id, "close-room")).status, 200);
    const log = async (c: ApiClient) => JSON.stringify((await c.get(`/api/games/${id}/log`)).body);
    assert.ok((await log(ada)).includes(`Plans of ${room}`), "Ada reads it");
    assert.ok(!(await log(grace)).includes(room), "Grace is not told it exists, nor what it is called");
  }));

test("a closed channel's messages can still be read, one channel at a time", () =>
  stewarded(async ({ id, ada, grace }) => {
    const vote = (await grace.post(`/api/games/${id}/messages`, { channel: "votes", text: "aye" })).body.id as number;
    assert.equal((await ada.act(id, "close-votes")).status, 200);
    const read = await ada.get(`/api/games/${id}/messages?channel=votes`);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.deepEqual(
      read.body.map((m: { id: number; text: string }) => [m.id, m.text]),
      [[vote, "aye"]],
    );
  }));

test("the forum's route posts as the channels' do: an observer is refused a players' channel, everyone a closed one, in words", () =>
  stewarded(async ({ server, id, ada, invite }) => {
    const olive = await new ApiClient(server.url).signup("olive", "Olive Onlooker");
    assert.equal((await olive.post(`/api/invites/${invite}/join`, { as: "observer" })).status, 200);
    const count = async () => (await ada.get(`/api/games/${id}/messages`)).body.length as number;
    const before = await count();
    const intoVotes = await olive.post(`/api/games/${id}/posts`, { body: "aye", topic: "votes" });
    assert.equal(intoVotes.status, 422, JSON.stringify(intoVotes.body));
    assert.match(intoVotes.body.error.message, /only players post in "Votes"/);
    assert.equal((await ada.act(id, "close-votes")).status, 200);
    const intoClosed = await ada.post(`/api/games/${id}/posts`, { body: "nay", topic: "votes" });
    assert.equal(intoClosed.status, 422, JSON.stringify(intoClosed.body));
    assert.match(intoClosed.body.error.message, /closed/);
    assert.equal(await count(), before, "nothing was posted");
    const hello = await olive.post(`/api/games/${id}/posts`, { body: "Hello from the gallery" });
    assert.equal(hello.status, 201, JSON.stringify(hello.body));
    const heard = (await ada.get(`/api/games/${id}/log`)).body.entries.at(-1);
    assert.deepEqual([heard.input.kind, heard.input.person], ["message", "olive-onlooker"], "an observer's post in play is an act the rules hear");
  }));

test("a deleted or redacted text is gone from the game file and its write-ahead log, not only from views", async () => {
  const s = await startServer();
  try {
    const { id, ada, grace } = await votesGame(s);
    const long = (n: number) => `TEXT-${n}-TO-REMOVE ${"so much to say ".repeat(500)}`;
    const ids: number[] = [];
    for (let n = 0; n < 4; n++) ids.push((await grace.post(`/api/games/${id}/messages`, { channel: "general", text: long(n) })).body.id);
    assert.equal((await ada.post(`/api/games/${id}/messages/${ids[1]}/redact`, { reason: "the platform's terms" })).status, 200);
    assert.equal((await grace.request("DELETE", `/api/games/${id}/messages/${ids[2]}`)).status, 200);
    const holding = () =>
      readdirSync(dirname(s.db)).flatMap((file) => {
        const bytes = readFileSync(join(dirname(s.db), file));
        return [1, 2].filter((n) => bytes.includes(`TEXT-${n}-TO-REMOVE`)).map((n) => `${file} holds text ${n}`);
      });
    assert.deepEqual(holding(), [], "while the server runs");
    await s.app.close();
    assert.deepEqual(holding(), [], "after it stops");
    assert.ok(readFileSync(s.db).includes("TEXT-3-TO-REMOVE"), "the others' texts stay");
  } finally {
    await s.close().catch(() => undefined);
  }
});
