/**
 * Membership the rules govern, through the HTTP API on a real SQLite file: a rule refuses some
 * joins, defers others until an action admits the applicant, refuses a rename, and refuses a
 * leave that would leave too few players. The game is made with rules written here, then
 * imported into the server as any exported game is.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "./cli-run.js";
import { Game } from "../src/kernel/game.js";
import { exportGame } from "../src/records/archive/index.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { engine } from "./helpers.js";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const club = compileRuleCode(`
answer("membership.join", (q: MembershipJoinQuestion) =>
  q.name.startsWith("Mallory") ? "Mallory was expelled and may not return" : q.name.startsWith("Carol") ? { defer: "a motion must make you a player" } : undefined,
);
answer("membership.rename", (q: MembershipRenameQuestion) => (q.name.endsWith("!") ? "names change only during convention" : undefined));
answer("membership.leave", () => (game.players().length <= 2 ? "the club needs two members at least" : undefined));
const heard = gameState<Json[]>("heard", { initial: [] });
on("player.applied", (e) => heard.update((h) => [...h, e.data.id]));
action("admit", { describe: "A motion passed: an applicant becomes a player", input: t.object({ id: t.string() }), changesRules: true }, (i) => {
  const who = game.applicants().find((a) => a.id === i.id);
  if (!who) game.refuse("no one by that id has asked to join");
  game.admit(who);
});
action("wave", { describe: "Waves", input: t.object({}) }, () => {});
`);

/** The club game, founded by Ada, on the server; its invitation. */
async function clubOnServer(ada: ApiClient): Promise<{ id: string; invite: string }> {
  const options = engine();
  const game = await Game.create(options, { name: "The club", preset: null, rules: [{ number: 1, text: "The club's charter.", mutable: false, code: club }] });
  await game.join("Ada Lovelace");
  const archive = await exportGame(options.store, game.id, {});
  game.close();
  const imported = await ada.post("/api/games/import", { archive, as: "ada-lovelace" });
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  return { id: imported.body.id, invite: imported.body.invite };
}

test("a rule refuses a join, defers one until a motion admits the applicant, refuses a rename and a leave; the player left can still read the game", async () => {
  const [ada, bob, carol, mallory] = await Promise.all(
    ["Ada Lovelace", "Bob Byte", "Carol Cray", "Mallory Mask"].map((n) => new ApiClient(server.url).signup(n.split(" ")[0]!.toLowerCase(), n)),
  );
  const { id, invite } = await clubOnServer(ada!);

  const refused = await mallory!.post(`/api/invites/${invite}/join`);
  assert.equal(refused.status, 422);
  assert.match(refused.body.error.message, /Rule 1: Mallory was expelled and may not return/);
  assert.deepEqual((await mallory!.get("/api/games")).body, [], "a refused person has no seat");

  const deferred = await carol!.post(`/api/invites/${invite}/join`);
  assert.equal(deferred.status, 200, JSON.stringify(deferred.body));
  assert.equal(deferred.body.awaits, "a motion must make you a player");
  assert.ok(!deferred.body.players.some((p: { id: string }) => p.id === deferred.body.me), "an applicant is not a player");
  const early = await carol!.get(`/api/games/${id}`);
  assert.equal(early.status, 403);
  assert.match(early.body.error.message, /your request to join this game awaits: a motion must make you a player/);
  assert.equal((await carol!.act(id, "wave")).status, 403, "an applicant cannot act");

  assert.equal((await bob!.post(`/api/invites/${invite}/join`)).status, 200);
  const page = (await ada!.get(`/api/games/${id}`)).body;
  assert.deepEqual(page.view.state.find((s: { name: string }) => s.name === "heard").value, [deferred.body.me], "rules hear player.applied");

  const admitted = await ada!.act(id, "admit", { id: deferred.body.me });
  assert.equal(admitted.status, 200, JSON.stringify(admitted.body));
  assert.equal((await carol!.get(`/api/games/${id}`)).status, 200, "admitted, the applicant is a player");
  assert.equal((await carol!.act(id, "wave")).status, 200);
  const listed = (await carol!.get("/api/games")).body[0];
  assert.equal(listed.awaits, undefined);

  const renamed = await bob!.request("PATCH", "/api/me", { displayName: "Bobby!" });
  assert.equal(renamed.status, 422);
  assert.match(renamed.body.error.message, /Rule 1: names change only during convention/);
  const players = (await ada!.get(`/api/games/${id}`)).body.view.players as { id: string; name: string }[];
  assert.equal(players.find((p) => p.id === "bob-byte")?.name, "Bob Byte", "the refused name is not taken in the game");

  const left = await carol!.post(`/api/games/${id}/leave`);
  assert.equal(left.status, 200, JSON.stringify(left.body));
  assert.equal(left.body.entry.input.kind, "leave");
  const stay = await bob!.post(`/api/games/${id}/leave`);
  assert.equal(stay.status, 422);
  assert.match(stay.body.error.message, /Rule 1: the club needs two members at least/);
  const after = (await carol!.get(`/api/games/${id}`)).body;
  assert.deepEqual(
    after.view.players.map((p: { id: string }) => p.id),
    ["ada-lovelace", "bob-byte"],
  );
  assert.equal((await carol!.act(id, "wave")).status, 403, "a player who left no longer acts");
});

test("nomos leave: a player leaves a game file's game, and the log says so", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-leave-"));
  try {
    const db = join(dir, "game.db");
    const nomos = (...args: string[]) => runCli(["--db", db, ...args], false);
    assert.equal((await nomos("new", "Friday game", "--preset", "suber", "--player", "Grace Hopper", "--player", "Ada Lovelace", "--start")).code, 0);
    const left = await nomos("leave", "--as", "ada-lovelace");
    assert.equal(left.code, 0, left.stderr);
    assert.match(left.stdout, /^You left the game \(act \d+\); you may still read it\.$/m);
    assert.match((await nomos("log")).stdout, /Ada Lovelace leaves the game/);
    const again = await nomos("leave", "--as", "ada-lovelace");
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /"ada-lovelace" is not a player in this game/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
