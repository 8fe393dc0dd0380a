/**
 * What a review of issue 15 left open, through the HTTP API on a real SQLite file (the
 * engine's half is in issue15-followup.test.ts): the live stream tells only a channel's
 * readers of its messages; a message's length counted as the engine counts it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
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
async function talking(play: (g: { server: TestServer; id: string; ada: ApiClient; grace: ApiClient }) => Promise<void>, options = {}) {
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
