/** The channels' API: post, list, edit, delete, redact; every refusal in words; private channels only to their readers; watchers hear of messages. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { votesGame } from "./channels-helpers.js";
import type { ApiClient } from "./server-helpers.js";
import { startServer, type TestServer } from "./server-helpers.js";

let server: TestServer;
let id: string;
let ada: ApiClient;
let grace: ApiClient;
const path = (rest = "") => `/api/games/${id}${rest}`;
const patch = (c: ApiClient, rest: string, body: unknown) => c.request("PATCH", path(rest), body);
const del = (c: ApiClient, rest: string) => c.request("DELETE", path(rest));
const say = async (c: ApiClient, channel: string, text: string): Promise<number> => {
  const r = await c.post(path("/messages"), { channel, text });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.id;
};
const messages = async (c: ApiClient, query = "") => {
  const r = await c.get(path(`/messages${query}`));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as {
    id: number;
    channel: string;
    author: string;
    authorName: string;
    text: string | null;
    editedAt: number | null;
    deleted: boolean;
    redacted: { byName: string; reason: string } | null;
  }[];
};
const votes = async (c: ApiClient) => {
  const page = (await c.get(path())).body;
  return page.view.state.find((s: { name: string }) => s.name === "proposals").value["1"].votes;
};
/** The error's words, after checking its status. */
const refused = async (reply: Promise<{ status: number; body: any }>, status: number): Promise<string> => {
  const r = await reply;
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body.error.message;
};

before(async () => {
  server = await startServer();
  ({ id, ada, grace } = await votesGame(server));
});
after(() => server.close());

test("post in channels, list them with counts, read one channel or all, oldest first", async () => {
  const hello = await say(ada, "general", "Hello, Grace.");
  const vote = await say(grace, "votes", "  AYE ");
  const chat = await say(grace, "general", "Hello, Ada. <b>not bold</b>");
  assert.ok(hello < vote && vote < chat);
  const channels = (await ada.get(path("/channels"))).body;
  assert.deepEqual(
    channels.map((c: { id: string; title: string; messages: number; open: boolean; private: boolean; rule: number | null }) => [
      c.id,
      c.title,
      c.messages,
      c.open,
      c.private,
      c.rule,
    ]),
    [
      ["general", "General", 2, true, false, null],
      ["votes", "Votes", 1, true, false, 101],
    ],
  );
  const general = await messages(ada, "?channel=general");
  assert.deepEqual(
    general.map((m) => [m.authorName, m.text]),
    [
      ["Ada Lovelace", "Hello, Grace."],
      ["Grace Hopper", "Hello, Ada. <b>not bold</b>"],
    ],
  );
  assert.deepEqual(
    (await messages(grace)).map((m) => m.id),
    [hello, vote, chat],
  );
  assert.deepEqual(
    (await messages(grace, `?after=${vote}`)).map((m) => m.id),
    [chat],
  );
  assert.deepEqual(await votes(ada), { "grace-hopper": "for" }, "the rule counted Grace's message as her vote");
});

test("edit and delete your own messages; an edited or deleted vote is voided", async () => {
  const vote = await say(ada, "votes", "nay");
  assert.equal((await votes(ada))["ada-lovelace"], "against");
  const edited = await patch(ada, `/messages/${vote}`, { text: "nay, on reflection" });
  assert.equal(edited.status, 200, JSON.stringify(edited.body));
  const mine = (await messages(grace, "?channel=votes")).find((m) => m.id === vote)!;
  assert.equal(mine.text, "nay, on reflection");
  assert.ok(mine.editedAt !== null);
  assert.equal((await votes(ada))["ada-lovelace"], undefined, "the edit voided Ada's vote");

  const again = await say(ada, "votes", "aye");
  assert.equal((await votes(ada))["ada-lovelace"], "for");
  assert.equal((await del(ada, `/messages/${again}`)).status, 200);
  const gone = (await messages(grace, "?channel=votes")).find((m) => m.id === again)!;
  assert.equal(gone.deleted, true);
  assert.equal(gone.text, null, "a deleted message's text is not sent");
  assert.equal((await votes(ada))["ada-lovelace"], undefined, "the deletion voided Ada's vote");
});

test("the host redacts a message: its text is gone, who did it and why stay", async () => {
  const rude = await say(grace, "general", "Something that breaks the platform's terms");
  assert.match(await refused(grace.post(path(`/messages/${rude}/redact`), { reason: "mine" }), 422), /only the game's host|redact/i);
  assert.equal((await ada.post(path(`/messages/${rude}/redact`), { reason: "the platform's terms" })).status, 200);
  const shown = (await messages(grace)).find((m) => m.id === rude)!;
  assert.equal(shown.text, null);
  assert.deepEqual(shown.redacted, { by: "ada-lovelace", byName: "Ada Lovelace", reason: "the platform's terms" });
  const log = JSON.stringify((await ada.get(path("/log"))).body);
  assert.ok(!log.includes("breaks the platform"), "the log does not hold the redacted text");
  assert.match(log, /Redacted by Ada Lovelace: the platform's terms/);
});

test("errors in words, nothing changed: blank, too long, unknown channel, not yours, no such message", async () => {
  const before = (await messages(ada)).length;
  assert.match(await refused(ada.post(path("/messages"), { channel: "general", text: "   " }), 400), /a message cannot be blank/);
  assert.match(
    await refused(ada.post(path("/messages"), { channel: "general", text: "x".repeat(10_001) }), 400),
    /too long: at most 10,000 characters; it has 10,001 \(1 too many\)/,
  );
  assert.match(await refused(ada.post(path("/messages"), { channel: "backstage", text: "hi" }), 400), /no channel "backstage"/);
  assert.match(await refused(ada.get(path("/messages?channel=backstage")), 400), /no channel "backstage"/);
  const graces = await say(grace, "general", "Mine.");
  assert.match(await refused(patch(ada, `/messages/${graces}`, { text: "Now mine." }), 422), /only its author may (edit|delete) a message/);
  assert.match(await refused(del(ada, `/messages/${graces}`), 422), /only its author may (edit|delete) a message/);
  assert.match(await refused(patch(ada, "/messages/9999", { text: "hi" }), 400), /no message 9999/);
  assert.equal((await messages(ada)).length, before + 1);
  assert.equal((await messages(ada)).find((m) => m.id === graces)!.text, "Mine.");
});

test("watchers hear of a message posted", async () => {
  const controller = new AbortController();
  const response = await fetch(`${server.url}${path("/live")}`, { headers: { cookie: grace.cookie! }, signal: controller.signal });
  const reader = response.body!.getReader();
  let heard = "";
  const posted = say(ada, "general", "Are you there?");
  const decoder = new TextDecoder();
  while (!heard.includes("event: message")) heard += decoder.decode((await reader.read()).value);
  const number = await posted;
  controller.abort();
  assert.match(heard, new RegExp(`event: message\\ndata: \\{"id":${number}\\}`));
});

/** Rule 102: opens a private back room for Ada, closes the votes channel, and keeps votes from being deleted. */
const steward = compileRuleCode(`
action("open-back-room", { describe: "Opens a back room only Ada reads", input: t.object({}) }, () => {
  game.channels.open("back-room", { title: "Back room", readers: ["ada-lovelace"] });
});
action("close-votes", { describe: "Closes the votes channel", input: t.object({}) }, () => game.channels.close("votes"));
answer("message.allowed", (q: any) => (q.op === "delete" && q.channel === "votes" ? "a vote is withdrawn by saying so, not deleted" : undefined));
`);

test("private channels only to their readers; the rules' refusal in their words; a closed channel takes no posts", async () => {
  const s = await startServer();
  try {
    const g = await votesGame(s, [{ number: 102, title: "Steward", text: "The steward keeps the channels.", mutable: true, code: steward }]);
    const at = (rest = "") => `/api/games/${g.id}${rest}`;
    assert.equal((await g.ada.act(g.id, "open-back-room")).status, 200);
    const secret = (await g.ada.post(at("/messages"), { channel: "back-room", text: "Only I read this." })).body.id as number;
    assert.ok((await g.ada.get(at("/channels"))).body.some((c: { id: string; private: boolean }) => c.id === "back-room" && c.private));
    assert.ok(!(await g.grace.get(at("/channels"))).body.some((c: { id: string }) => c.id === "back-room"), "Grace is not told it exists");
    assert.ok(!(await g.grace.get(at("/messages"))).body.some((m: { id: number }) => m.id === secret));
    assert.match(await refused(g.grace.get(at("/messages?channel=back-room")), 400), /no channel "back-room"/);
    assert.match(await refused(g.grace.post(at("/messages"), { channel: "back-room", text: "Let me in." }), 400), /no channel "back-room"/);

    const vote = (await g.grace.post(at("/messages"), { channel: "votes", text: "aye" })).body.id as number;
    assert.match(await refused(g.grace.request("DELETE", at(`/messages/${vote}`)), 422), /a vote is withdrawn by saying so, not deleted/);
    assert.equal((await g.ada.act(g.id, "close-votes")).status, 200);
    assert.equal((await g.ada.get(at("/channels"))).body.find((c: { id: string }) => c.id === "votes").open, false);
    assert.match(await refused(g.grace.post(at("/messages"), { channel: "votes", text: "nay" }), 422), /closed/);
  } finally {
    await s.close();
  }
});
