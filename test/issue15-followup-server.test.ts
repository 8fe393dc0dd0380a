/**
 * What a review of issue 15 left open, through the HTTP API on a real SQLite file (the
 * engine's half is in issue15-followup.test.ts): the live stream tells only a channel's
 * readers of its messages; a person posts only so fast; reading messages never scans those of
 * channels the reader may not read; a message's length counted as the engine counts it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { GameHub } from "../src/server/hub.js";
import { messageList } from "../src/server/message-views.js";
import { MessageTable } from "../src/server/messages.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine } from "./helpers.js";
import { messageRules } from "./message-helpers.js";
import { votesGame } from "./channels-helpers.js";
import { startServer, type ApiClient, type TestServer } from "./server-helpers.js";

/** Ada (the host) and Grace in the votes game, on a server of its own. */
/** Rule 102: opens a back room only Ada reads; "count me" said there counts in public. */
const steward = compileRuleCode(`
action("open-back-room", { describe: "Opens a back room only Ada reads", input: t.object({}) }, () => {
  game.channels.open("back-room", { title: "Back room", readers: ["ada-lovelace"] });
});
const counted = gameState<number>("counted", { initial: 0, describe: "Times counted in the back room" });
on("message.posted", (e: GameEvent<MessagePosted>) => {
  if (e.data.channel === "back-room" && e.data.text === "count me") counted.set(counted.get() + 1);
});
`);

/** Ada (the host) and Grace in the votes game with the steward, on a server of its own. */
async function talking(
  play: (g: { server: TestServer; id: string; ada: ApiClient; grace: ApiClient }) => Promise<void>,
  options: Parameters<typeof startServer>[0] = {},
) {
  const server = await startServer(options);
  try {
    await play({ server, ...(await votesGame(server, [{ number: 102, title: "Steward", text: "The steward.", mutable: true, code: steward }])) });
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

/** A watcher's live stream: the events heard so far, as { event, data } (`act` carries the seq, `message` the message's number). */
async function watch(server: TestServer, client: ApiClient, id: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/games/${id}/live`, { headers: { cookie: client.cookie! }, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const events = () =>
    [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({ event: m[1]!, ...(JSON.parse(m[2]!) as { seq?: number; id?: number }) }));
  return {
    /** The events heard until one satisfies `done`. */
    async until(done: (e: { event: string; seq?: number; id?: number }) => boolean) {
      while (!events().some(done)) text += decoder.decode((await reader.read()).value);
      return events();
    },
    stop: () => controller.abort(),
  };
}

test("the live stream tells only a private channel's readers of its messages and their acts", () =>
  talking(async ({ server, id, ada, grace }) => {
    assert.equal((await ada.act(id, "open-back-room")).status, 200);
    const adaHears = await watch(server, ada, id);
    const graceHears = await watch(server, grace, id);
    const secret = (await ada.post(`/api/games/${id}/messages`, { channel: "back-room", text: "Only I read this." })).body.id as number;
    const secretSeq = (await ada.get(`/api/games/${id}`)).body.view.seq as number;
    await ada.request("PATCH", `/api/games/${id}/messages/${secret}`, { text: "Only I read this, still." });
    const hello = (await grace.post(`/api/games/${id}/messages`, { channel: "general", text: "Hello" })).body.id as number;
    const graceHeard = await graceHears.until((e) => e.event === "message" && e.id === hello);
    const adaHeard = await adaHears.until((e) => e.event === "message" && e.id === hello);
    graceHears.stop();
    adaHears.stop();
    assert.ok(
      adaHeard.some((e) => e.event === "message" && e.id === secret) && adaHeard.some((e) => e.event === "act" && e.seq === secretSeq),
      "Ada reads the back room: she hears of it",
    );
    assert.deepEqual(
      graceHeard.filter((e) => (e.event === "message" && e.id === secret) || (e.event === "act" && (e.seq === secretSeq || e.seq === secretSeq + 1))),
      [],
      "Grace does not read it: she hears nothing of its messages, nor of their acts",
    );
    assert.ok(
      graceHeard.some((e) => e.event === "act" && e.seq === secretSeq + 2),
      "she hears of the act of her own post",
    );
  }));

test("a private message whose consequences the rules make public is news of an act to everyone, but not of the message", () =>
  talking(async ({ server, id, ada, grace }) => {
    assert.equal((await ada.act(id, "open-back-room")).status, 200);
    const graceHears = await watch(server, grace, id);
    const counted = (await ada.post(`/api/games/${id}/messages`, { channel: "back-room", text: "count me" })).body.id as number;
    const seq = (await ada.get(`/api/games/${id}`)).body.view.seq as number;
    const hello = (await grace.post(`/api/games/${id}/messages`, { channel: "general", text: "Hello" })).body.id as number;
    const heard = await graceHears.until((e) => e.event === "message" && e.id === hello);
    graceHears.stop();
    assert.ok(
      heard.some((e) => e.event === "act" && e.seq === seq),
      "her page hears of the act, and fetches the count again",
    );
    assert.ok(!heard.some((e) => e.event === "message" && e.id === counted), "but not of the message");
    const view = (await grace.get(`/api/games/${id}`)).body.view;
    assert.equal(view.state.find((s: { name: string }) => s.name === "counted").value, 1);
  }));

test("one person posts only so fast: past the limit, every message op is refused in words and changes nothing; others post on", () =>
  talking(
    async ({ id, ada, grace }) => {
      const say = (who: ApiClient, text: string) => who.post(`/api/games/${id}/messages`, { channel: "general", text });
      const first = await say(ada, "One");
      assert.equal(first.status, 201);
      assert.equal((await say(ada, "Two")).status, 201);
      assert.equal((await ada.request("PATCH", `/api/games/${id}/messages/${first.body.id}`, { text: "One, edited" })).status, 200);
      const seq = (await ada.get(`/api/games/${id}`)).body.view.seq as number;
      for (const flood of [
        say(ada, "Three"),
        ada.request("PATCH", `/api/games/${id}/messages/${first.body.id}`, { text: "One, again" }),
        ada.request("DELETE", `/api/games/${id}/messages/${first.body.id}`),
        ada.post(`/api/games/${id}/posts`, { body: "Three, by the forum" }),
      ]) {
        const refused = await flood;
        assert.equal(refused.status, 429, JSON.stringify(refused.body));
        assert.equal(refused.body.error.code, "posting-too-fast");
        assert.match(refused.body.error.message, /^you are posting too fast \(at most 3 messages in 60 seconds\); wait .+ and try again$/);
      }
      assert.equal((await ada.get(`/api/games/${id}`)).body.view.seq, seq, "nothing was recorded");
      assert.equal((await say(grace, "My turn")).status, 201, "the limit is Ada's alone");
      assert.deepEqual(
        (await grace.get(`/api/games/${id}/messages`)).body.map((m: { text: string }) => m.text),
        ["One, edited", "Two", "My turn"],
      );
    },
    { messageRateLimit: { max: 3, windowMs: 60_000 } },
  ));

/** The messages table, counting the rows it hands out. */
class CountingTable extends MessageTable {
  read = 0;
  override list(gameId: string, options?: { channel?: string; after?: number; limit?: number }) {
    const rows = super.list(gameId, options);
    this.read += rows.length;
    return rows;
  }
}

test("reading messages never scans those of channels the reader may not read", async () => {
  const store = SqliteStore.open(":memory:");
  const table = new CountingTable(store.sql);
  const hub = new GameHub(engine(store), Date.now, table);
  try {
    const game = await hub.create({ name: "Back rooms", preset: null, rules: messageRules(), seed: "rooms" });
    for (const name of ["Ada Lovelace", "Grace Hopper"]) await hub.change(game, (g) => g.join(name));
    await hub.change(game, (g) => g.act("ada-lovelace", "open-mods"));
    await hub.message(game, "grace-hopper", { op: "post", channel: "general", text: "Anyone?" });
    // Ada's private channel fills up (talk, written straight to the table: as many as a long game's).
    for (let i = 0; i < 1000; i++) table.insertTalk(game.id, "mods", "ada-lovelace", null, `Note ${i}`, Date.now());
    await hub.message(game, "grace-hopper", { op: "post", channel: "general", text: "Still here." });
    table.read = 0;
    const seen = messageList(table, game, "grace-hopper", { after: 0 });
    assert.deepEqual(
      seen.map((m) => m.text),
      ["Anyone?", "Still here."],
    );
    assert.ok(table.read <= 10, `Grace's read looked at ${table.read} rows, not at Ada's 1,000`);
    table.read = 0;
    assert.equal(messageList(table, game, "ada-lovelace", { after: 0 }).length, 200, "Ada reads a page of them");
    assert.ok(table.read <= 400, `Ada's page looked at ${table.read} rows`);
  } finally {
    await hub.close();
    store.close();
  }
});
