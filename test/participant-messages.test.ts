/**
 * Messages from participants who are not players, through the HTTP API on a real SQLite file:
 * an observer posts in "general" and is refused, in words, a channel only players write in;
 * a rule naming the observer a moderator lets them redact a player's message (its text is
 * gone); an applicant whose join a rule deferred posts a public request to be admitted.
 * Only players have a Player.lastActed.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { adaAndGrace } from "./decision-helpers.js";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const moderated = compileRuleCode(`
channel("council", { title: "Council", writers: "players" });
const moderators = gameState<PersonId[]>("moderators", { initial: [] });
action("appoint", { describe: "Appoint a moderator", input: t.object({ id: t.string() }) }, (i) => moderators.set([...moderators.get(), i.id]));
answer("message.redact", (q: { by: PersonId }) => (moderators.get().includes(q.by) ? true : undefined));
answer("membership.join", (q: MembershipJoinQuestion) => (q.name.startsWith("Carol") ? { defer: "the council must admit you" } : undefined));
`);

type Shown = { id: number; author: string; authorName: string; text: string | null; redacted: { by: string; byName: string; reason: string } | null };

test("an observer talks in general, not in a players' channel; appointed moderator, they redact; an applicant asks in public", async () => {
  const { id, invite, ada } = await adaAndGrace(server, "Moderated talk", [{ number: 1, text: "Moderators moderate.", mutable: false, code: moderated }]);
  const [mona, carol] = await Promise.all(["Mona Moderator", "Carol Cray"].map((n) => new ApiClient(server.url).signup(n.split(" ")[0]!.toLowerCase(), n)));
  assert.equal((await mona!.post(`/api/invites/${invite}/join`, { as: "observer" })).body.observes, true);
  const messages = async (who: ApiClient, channel: string): Promise<Shown[]> => (await who.get(`/api/games/${id}/messages?channel=${channel}`)).body;

  const hello = await mona!.post(`/api/games/${id}/messages`, { channel: "general", text: "Hello from the gallery" });
  assert.equal(hello.status, 201, JSON.stringify(hello.body));
  const general = await messages(ada, "general");
  assert.deepEqual(
    general.map((m) => [m.author, m.text]),
    [["mona-moderator", "Hello from the gallery"]],
    "the players read the observer's message",
  );
  assert.equal(general[0]!.authorName, "Mona Moderator", "by their name");

  const council = await mona!.post(`/api/games/${id}/messages`, { channel: "council", text: "May I speak?" });
  assert.equal(council.status, 422, JSON.stringify(council.body));
  assert.match(council.body.error.message, /only players post in "Council"/);
  assert.deepEqual(await messages(ada, "council"), [], "nothing was posted");

  const rude = await ada.post(`/api/games/${id}/messages`, { channel: "council", text: "Something that must not stay" });
  assert.equal(rude.status, 201, JSON.stringify(rude.body));
  const early = await mona!.post(`/api/games/${id}/messages/${rude.body.id}/redact`, { reason: "house rules" });
  assert.equal(early.status, 422, "not yet a moderator: only the host redacts");
  assert.equal((await ada.act(id, "appoint", { id: "mona-moderator" })).status, 200);
  const redacted = await mona!.post(`/api/games/${id}/messages/${rude.body.id}/redact`, { reason: "house rules" });
  assert.equal(redacted.status, 200, JSON.stringify(redacted.body));
  const shown = (await messages(ada, "council")).find((m) => m.id === rude.body.id)!;
  assert.equal(shown.text, null, "the text is gone");
  assert.deepEqual(shown.redacted, { by: "mona-moderator", byName: "Mona Moderator", reason: "house rules" });

  const applied = await carol!.post(`/api/invites/${invite}/join`);
  assert.equal(applied.body.awaits, "the council must admit you");
  const request = await carol!.post(`/api/games/${id}/messages`, { channel: "general", text: "Please admit me: I play fair" });
  assert.equal(request.status, 201, JSON.stringify(request.body));
  assert.deepEqual(
    (await messages(ada, "general")).map((m) => [m.author, m.text]),
    [
      ["mona-moderator", "Hello from the gallery"],
      ["carol-cray", "Please admit me: I play fair"],
    ],
    "the applicant's request is public",
  );
  assert.equal((await carol!.get(`/api/games/${id}`)).status, 403, "the rest of the game still waits for the admission");

  const page = (await ada.get(`/api/games/${id}`)).body;
  assert.equal(typeof page.view.players.find((p: { id: string }) => p.id === "ada-lovelace").lastActed, "number");
  assert.deepEqual(
    page.view.players.map((p: { id: string }) => p.id),
    ["ada-lovelace", "grace-hopper"],
    "talking makes no one a player",
  );
});
