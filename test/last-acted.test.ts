/**
 * When each player last acted, and forum posts as acts, through the HTTP API on a real
 * server: a rule adopted in play counts each player's forum posts (it hears "forum.posted")
 * and reads `lastActed`, which an action or a post sets and a newcomer lacks (null).
 * The log records the post (who, in which channel, which message), never its text.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { adopt, ApiClient, startServer, suberTable, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
});

const activityRule = `
const posts = playerState<number>("posts", { initial: 0, describe: "Forum posts made" });
const heard = gameState<Json>("heard", { initial: null, describe: "The last post heard" });
const activity = gameState<Json>("activity", { initial: null, describe: "When each player last acted, as last looked up" });
on("forum.posted", (e) => {
  posts.set(e.data.player, posts.get(e.data.player) + 1);
  heard.set({ player: e.data.player, topic: e.data.topic, lastActed: game.player(e.data.player)?.lastActed ?? -1, now: game.now() });
});
action("look", { describe: "Look up when each player last acted", input: t.object({}) }, () => {
  const seen: { [id: string]: number | null } = {};
  for (const p of game.players()) seen[p.id] = p.lastActed;
  activity.set(seen);
});
`;

type State = { name: string; value?: any; values?: Record<string, any> };
const stateOf = async (client: ApiClient, id: string, name: string): Promise<State> =>
  ((await client.get(`/api/games/${id}`)).body.view.state as State[]).find((s) => s.name === name)!;

test("a rule counts forum posts and reads when each player last acted, all through play", async () => {
  const table = await suberTable(server);
  const [ada, grace, alan] = table.clients as [ApiClient, ApiClient, ApiClient];
  const ids = { ada: table.players["Ada Lovelace"]!, grace: table.players["Grace Hopper"]!, alan: table.players["Alan Turing"]! };
  await adopt(table, 301, { kind: "enact", text: "Forum posts count, and so does when each player last acted.", code: activityRule });
  const rules = (await ada.get(`/api/games/${table.id}/rules`)).body.rules as { number: number }[];
  assert.ok(
    rules.some((r) => r.number === 301),
    "the rule was adopted",
  );

  // Grace posts; Alan twice. The forum is the channel "general"; a topic naming no channel is refused.
  const nowhere = await grace.post(`/api/games/${table.id}/posts`, { body: "I will propose a tax on points.", topic: "proposals" });
  assert.equal(nowhere.status, 400);
  assert.match(nowhere.body.error.message, /there is no channel "proposals"/);
  assert.equal((await grace.post(`/api/games/${table.id}/posts`, { body: "I will propose a tax on points." })).status, 201);
  const heard = (await stateOf(ada, table.id, "heard")).value;
  assert.deepEqual({ player: heard.player, topic: heard.topic }, { player: ids.grace, topic: "general" }, "the rule heard the post and its channel");
  assert.equal(heard.lastActed, heard.now, "the post is Grace's latest act: the rule reads its time as her lastActed");
  assert.equal((await alan.post(`/api/games/${table.id}/posts`, { body: "Agreed." })).status, 201);
  assert.equal((await alan.post(`/api/games/${table.id}/posts`, { body: "Second thoughts." })).status, 201);
  assert.deepEqual((await stateOf(ada, table.id, "posts")).values, { [ids.ada]: 0, [ids.grace]: 1, [ids.alan]: 2 });

  // The forum keeps the text; the acts keep who posted where, not the text (the log shows it from the forum).
  const listed = (await ada.get(`/api/games/${table.id}/posts`)).body as { body: string; topic: string }[];
  assert.deepEqual(
    listed.map((p) => [p.topic, p.body]),
    [
      ["general", "I will propose a tax on points."],
      ["general", "Agreed."],
      ["general", "Second thoughts."],
    ],
  );
  const log = (await ada.get(`/api/games/${table.id}/log`)).body.entries as { input: any }[];
  const postActs = log.filter((e) => e.input.kind === "message").map((e) => e.input);
  assert.deepEqual(postActs, [
    { kind: "message", op: "post", person: ids.grace, channel: "general", message: 1 },
    { kind: "message", op: "post", person: ids.alan, channel: "general", message: 2 },
    { kind: "message", op: "post", person: ids.alan, channel: "general", message: 3 },
  ]);
  assert.ok(!JSON.stringify(postActs).includes("tax on points"), "no post's text is in its act");
  const shown = log.filter((e) => e.input.kind === "message").map((e) => (e as { message?: { text: string | null } }).message?.text);
  assert.deepEqual(shown, ["I will propose a tax on points.", "Agreed.", "Second thoughts."], "the log shows each post's text beside its act");

  // A newcomer has not acted yet: null. The page shows when each player last acted.
  const dan = await new ApiClient(server.url).signup("dan-brown", "Dan Brown");
  const joined = await dan.post(`/api/invites/${table.invite}/join`);
  assert.equal(joined.status, 200, JSON.stringify(joined.body));
  assert.equal((await ada.act(table.id, "look")).status, 200);
  const activity = (await stateOf(ada, table.id, "activity")).value as Record<string, number | null>;
  assert.equal(activity[joined.body.me], null, "Dan has not acted");
  assert.equal(typeof activity[ids.ada], "number", "Ada just acted");
  const players = (await ada.get(`/api/games/${table.id}`)).body.view.players as { id: string; lastActed?: number }[];
  const alanActed = players.find((p) => p.id === ids.alan)!.lastActed!;
  assert.equal(activity[ids.alan], alanActed, "the rule reads what the page shows");
  assert.ok(alanActed >= heard.now, "Alan's latest act is his last post");
  assert.equal(players.find((p) => p.id === joined.body.me)!.lastActed, undefined);
});
