/**
 * Participants who are not players, through the HTTP API on a real SQLite file: a person
 * joins by the invitation without playing, reads the public game but no player's secret, is
 * refused a players-only action in words, takes an action the rules open to participants once
 * a rule's list (moderators) names them, joins as a player later; another leaves. A game's
 * creator may take part without playing from the start: they are its founder.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { exportGame } from "../src/records/archive/index.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { runCli } from "./cli-run.js";
import { engine } from "./helpers.js";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const moderated = compileRuleCode(`
const moderators = gameState<PersonId[]>("moderators", { initial: [] });
const hidden = playerState<number>("hand", { initial: 42, visibility: "owner" });
const redacted = gameState<Json[]>("redacted", { initial: [] });
on("player.joined", () => {
  if (moderators.get().length === 0) moderators.set([game.founder()!]);
});
action("wave", { describe: "Wave at the table", input: t.object({}) }, () => {});
action("appoint", { describe: "Appoint a moderator", input: t.object({ id: t.string() }) }, (i) => moderators.set([...moderators.get(), i.id]));
action(
  "redact",
  { describe: "Redact a post", input: t.object({ post: t.integer() }), participants: true, when: (c) => (moderators.get().includes(c.actor) ? undefined : "only a moderator redacts") },
  (i, c) => redacted.update((r) => [...r, [i.post, c.actor]]),
);
`);

async function moderatedOnServer(ada: ApiClient): Promise<{ id: string; invite: string }> {
  const options = engine();
  const game = await Game.create(options, {
    name: "Moderated",
    preset: null,
    rules: [{ number: 1, text: "Moderators moderate.", mutable: false, code: moderated }],
  });
  await game.join("Ada Lovelace");
  const archive = await exportGame(options.store, game.id, {});
  game.close();
  const imported = await ada.post("/api/games/import", { archive, as: "ada-lovelace" });
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  return { id: imported.body.id, invite: imported.body.invite };
}

const stateOf = (page: { view: { state: { name: string; value?: unknown; values?: unknown }[] } }, name: string) =>
  page.view.state.find((s) => s.name === name);

test("an observer joins by the invitation, reads the public game, is refused players' actions in words, moderates once appointed, then joins as a player", async () => {
  const [ada, mona, walt] = await Promise.all(
    ["Ada Lovelace", "Mona Moderator", "Walt Watcher"].map((n) => new ApiClient(server.url).signup(n.split(" ")[0]!.toLowerCase(), n)),
  );
  const { id, invite } = await moderatedOnServer(ada!);

  const joined = await mona!.post(`/api/invites/${invite}/join`, { as: "observer" });
  assert.equal(joined.status, 200, JSON.stringify(joined.body));
  assert.equal(joined.body.me, "mona-moderator");
  assert.equal(joined.body.observes, true);
  assert.ok(!joined.body.players.some((p: { id: string }) => p.id === "mona-moderator"), "an observer is not a player");
  assert.equal((await mona!.get("/api/games")).body[0].observes, true, "the lobby says so too");

  const page = await mona!.get(`/api/games/${id}`);
  assert.equal(page.status, 200, "an observer looks in");
  assert.deepEqual(stateOf(page.body, "moderators")?.value, ["ada-lovelace"], "the public game");
  assert.deepEqual(stateOf(page.body, "hand")?.values, {}, "no player's secret");
  assert.deepEqual(stateOf((await ada!.get(`/api/games/${id}`)).body, "hand")?.values, { "ada-lovelace": 42 }, "the player sees their own");
  assert.deepEqual(
    page.body.view.observers.map((o: { id: string }) => o.id),
    ["mona-moderator"],
  );
  assert.equal(page.body.view.founder, "ada-lovelace");
  const waveOffer = page.body.actions.find((a: { name: string }) => a.name === "wave");
  assert.equal(waveOffer.refused.reason, "only players can wave at the table; you take part without playing");

  const wave = await mona!.act(id, "wave");
  assert.equal(wave.status, 403);
  assert.equal(wave.body.error.message, "only players can wave at the table; you take part without playing");
  const early = await mona!.act(id, "redact", { post: 3 });
  assert.equal(early.status, 422);
  assert.match(early.body.error.message, /Rule 1: only a moderator redacts/);

  assert.equal((await ada!.act(id, "appoint", { id: "mona-moderator" })).status, 200);
  const redact = await mona!.act(id, "redact", { post: 3 });
  assert.equal(redact.status, 200, JSON.stringify(redact.body));
  assert.deepEqual(stateOf((await ada!.get(`/api/games/${id}`)).body, "redacted")?.value, [[3, "mona-moderator"]]);
  // The log names the observer who moderated, as it names players.
  const log = await runCli(["--db", server.db, "--game", id, "log"], false);
  assert.match(log.stdout, /Mona Moderator: redact \{"post":3\}/);
  assert.doesNotMatch(log.stdout, /mona-moderator: redact/);

  // Another watches for a while, then leaves.
  assert.equal((await walt!.post(`/api/invites/${invite}/join`, { as: "observer" })).body.observes, true);
  const left = await walt!.post(`/api/games/${id}/leave`);
  assert.equal(left.status, 200, JSON.stringify(left.body));
  assert.deepEqual(
    (await ada!.get(`/api/games/${id}`)).body.view.observers.map((o: { id: string }) => o.id),
    ["mona-moderator"],
  );

  // The moderator joins as a player, keeping their id.
  const playing = await mona!.post(`/api/invites/${invite}/join`, { as: "player" });
  assert.equal(playing.status, 200, JSON.stringify(playing.body));
  assert.equal(playing.body.me, "mona-moderator");
  assert.equal(playing.body.observes, undefined);
  assert.ok(playing.body.players.some((p: { id: string }) => p.id === "mona-moderator"));
  assert.equal((await mona!.act(id, "wave")).status, 200);
  assert.deepEqual(stateOf((await mona!.get(`/api/games/${id}`)).body, "hand")?.values, { "mona-moderator": 42 });
});

test("a game's creator may take part without playing: they are its founder, and its first player is the next to join", async () => {
  const [host, grace] = await Promise.all(["Hana Host", "Grace Hopper"].map((n) => new ApiClient(server.url).signup(n.split(" ")[0]!.toLowerCase(), n)));
  const created = await host!.post("/api/games", { name: "Hosted", preset: "suber", as: "observer" });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.observes, true);
  assert.deepEqual(created.body.players, []);
  assert.equal((await grace!.post(`/api/invites/${created.body.invite}/join`)).status, 200);
  const page = (await host!.get(`/api/games/${created.body.id}`)).body;
  assert.equal(page.view.founder, "hana-host");
  assert.deepEqual(
    page.view.players.map((p: { id: string }) => p.id),
    ["grace-hopper"],
  );
  const bad = await host!.post("/api/games", { name: "Hosted", preset: "suber", as: "judge" });
  assert.equal(bad.status, 400);
});
