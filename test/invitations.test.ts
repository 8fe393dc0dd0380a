/**
 * Invitations a group controls, through the HTTP API and the remote CLI on a real server: the
 * game's creator closes its link to newcomers and opens it again, replaces the link (the old one
 * refused in words), and no one else may; a player who forfeited and opens the link again is told
 * what they are now.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "./cli-run.js";
import { ApiClient, startServer, suberTable, type TestServer } from "./server-helpers.js";

let server: TestServer;
const home = mkdtempSync(join(tmpdir(), "nomos-invitations-"));
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

const settingsOf = (id: string) => `/api/games/${id}/settings`;

test("a creator closes the link: a late joiner is refused in words and nothing changes; opened again, they join", async () => {
  const table = await suberTable(server);
  const [ada, grace] = table.clients;
  const dave = await new ApiClient(server.url).signup("dave", "Dave Late");

  const bystander = await grace!.request("PATCH", settingsOf(table.id), { joining: "closed" });
  assert.equal(bystander.status, 403);
  assert.match(bystander.body.error.message, /only the game's creator, Ada Lovelace, can change/);

  const closed = await ada!.request("PATCH", settingsOf(table.id), { joining: "closed" });
  assert.equal(closed.status, 200, JSON.stringify(closed.body));
  assert.equal(closed.body.joining, "closed");
  assert.equal((await grace!.get(`/api/games/${table.id}`)).body.joining, "closed", "every member's page says so");

  const about = await new ApiClient(server.url).get(`/api/invites/${table.invite}/about`);
  assert.equal(about.body.joining, "closed", "the link says so before anyone signs in");
  const refused = await dave.post(`/api/invites/${table.invite}/join`);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error.code, "joining-closed");
  assert.match(
    refused.body.error.message,
    /Friday Nomic takes no new players or observers just now: Ada Lovelace has closed its invitation; ask them to open it/,
  );
  const observing = await dave.post(`/api/invites/${table.invite}/join`, { as: "observer" });
  assert.equal(observing.status, 403, "nor as an observer");
  const page = await ada!.get(`/api/games/${table.id}`);
  assert.equal(page.body.view.players.length, 3, "no one joined");
  assert.equal((await grace!.act(table.id, "forfeit")).status, 200, "the players play on");

  const empty = await ada!.request("PATCH", settingsOf(table.id), {});
  assert.equal(empty.status, 400);
  assert.match(empty.body.error.message, /say what to change: timeZone, joining \(open, approval or closed\), or both/);
  const wrong = await ada!.request("PATCH", settingsOf(table.id), { joining: "ajar" });
  assert.equal(wrong.status, 400);
  assert.equal((await ada!.get(`/api/games/${table.id}`)).body.joining, "closed", "a refused change changes nothing");

  assert.equal((await ada!.request("PATCH", settingsOf(table.id), { joining: "open" })).body.joining, "open");
  const joined = await dave.post(`/api/invites/${table.invite}/join`);
  assert.equal(joined.status, 200, JSON.stringify(joined.body));
  assert.ok((await ada!.get(`/api/games/${table.id}`)).body.view.players.some((p: { name: string }) => p.name === "Dave Late"));
});

test("a new link retires the old one, which then says it was replaced; a forfeited player is told they are out", async () => {
  const table = await suberTable(server, ["Ada Byron", "Grace Brewster", "Alan Mathison"]);
  const [ada, grace] = table.clients;
  const renewed = await ada!.post(`/api/games/${table.id}/settings/new-invite`);
  assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
  assert.notEqual(renewed.body.invite, table.invite);
  assert.equal((await grace!.get(`/api/games/${table.id}`)).body.invite, renewed.body.invite, "members see the new link");
  assert.equal((await grace!.post(`/api/games/${table.id}/settings/new-invite`)).status, 403, "only the creator renews it");

  const erin = await new ApiClient(server.url).signup("erin", "Erin");
  for (const path of [`/api/invites/${table.invite}/about`, `/api/invites/${table.invite}/join`]) {
    const old = path.endsWith("join") ? await erin.post(path) : await erin.get(path);
    assert.equal(old.status, 404, path);
    assert.equal(old.body.error.code, "invite-replaced");
    assert.match(old.body.error.message, /this invitation link was replaced by a newer one: ask the game's players for the new link/);
  }
  assert.equal((await erin.post(`/api/invites/${renewed.body.invite}/join`)).status, 200, "the new link admits");

  assert.equal((await grace!.act(table.id, "forfeit")).status, 200);
  const again = await grace!.get(`/api/invites/${renewed.body.invite}`);
  assert.equal(again.status, 200);
  assert.match(again.body.left, /forfeited the game/);
  const rejoin = await grace!.post(`/api/invites/${renewed.body.invite}/join`);
  assert.match(rejoin.body.left, /forfeited the game/, "joining again does not make them a player");
});

test("on approval: a newcomer asks, the creator alone sees and answers; approved, they are seated as they asked; declined, they may ask again", async () => {
  const table = await suberTable(server, ["Ada Approver", "Grace Asked", "Alan Asked"]);
  const [ada, grace] = table.clients;
  assert.equal((await ada!.request("PATCH", settingsOf(table.id), { joining: "approval" })).body.joining, "approval");
  const about = await new ApiClient(server.url).get(`/api/invites/${table.invite}/about`);
  assert.equal(about.body.joining, "approval");

  const [dave, erin] = [await new ApiClient(server.url).signup("dave-asks", "Dave Asks"), await new ApiClient(server.url).signup("erin-asks", "Erin Asks")];
  const asked = await dave.post(`/api/invites/${table.invite}/join`);
  assert.equal(asked.status, 200, JSON.stringify(asked.body));
  assert.equal(asked.body.me, null, "not a player yet");
  assert.match(asked.body.awaits, /^the approval of Ada Approver, who created the game; you join as soon as they approve$/);
  assert.equal((await dave.get(`/api/invites/${table.invite}`)).body.awaits, asked.body.awaits, "the link's page says so again");
  assert.equal((await dave.post(`/api/invites/${table.invite}/join`)).body.awaits, asked.body.awaits, "asking twice keeps one request");
  assert.equal((await erin.post(`/api/invites/${table.invite}/join`, { as: "observer" })).status, 200);
  assert.equal((await ada!.get(`/api/games/${table.id}`)).body.view.players.length, 3, "no one is seated by asking");

  const requests = `/api/games/${table.id}/join-requests`;
  assert.equal((await grace!.get(requests)).status, 403, "only the creator sees the requests");
  const waiting = (await ada!.get(requests)).body as { user: string; name: string; as: string }[];
  assert.deepEqual(
    waiting.map((r) => [r.name, r.as]),
    [
      ["Dave Asks", "player"],
      ["Erin Asks", "observer"],
    ],
  );
  const [daveId, erinId] = waiting.map((r) => r.user);
  assert.equal((await grace!.post(`${requests}/${daveId}/approve`)).status, 403, "nor answers them");

  const approved = await ada!.post(`${requests}/${daveId}/approve`);
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  assert.deepEqual(
    approved.body.map((r: { name: string }) => r.name),
    ["Erin Asks"],
  );
  const seated = (await dave.get(`/api/invites/${table.invite}`)).body;
  assert.equal(seated.awaits, undefined);
  assert.ok(
    seated.players.some((p: { id: string }) => p.id === seated.me),
    "Dave is a player",
  );

  const declined = await ada!.request("DELETE", `${requests}/${erinId}`);
  assert.deepEqual(declined.body, []);
  const erinNow = (await erin.get(`/api/invites/${table.invite}`)).body;
  assert.deepEqual([erinNow.me, erinNow.awaits], [null, undefined], "declined: not seated, nothing waits");
  const again = await ada!.post(`${requests}/${erinId}/approve`);
  assert.equal(again.status, 404);
  assert.match(again.body.error.message, /no request to join from that person is waiting/);

  // A request answered another way: Erin asks to observe, the link opens and she observes by it; her request is gone, nothing waits.
  assert.equal((await erin.post(`/api/invites/${table.invite}/join`, { as: "observer" })).body.awaits, asked.body.awaits);
  await ada!.request("PATCH", settingsOf(table.id), { joining: "open" });
  const observing = await erin.post(`/api/invites/${table.invite}/join`, { as: "observer" });
  assert.equal(observing.body.observes, true);
  assert.equal(observing.body.awaits, undefined);
  assert.deepEqual((await ada!.get(requests)).body, [], "joining by the link answers the request");

  // A request from an account closed meanwhile is forgotten with it: nothing to approve, no player "a closed account".
  await ada!.request("PATCH", settingsOf(table.id), { joining: "approval" });
  const frank = await new ApiClient(server.url).signup("frank-asks", "Frank Asks");
  assert.equal((await frank.post(`/api/invites/${table.invite}/join`)).status, 200);
  assert.equal((await ada!.get(requests)).body.length, 1);
  assert.equal((await frank.post("/api/me/close", { password: "frank-asks-secret-pw" })).status, 200);
  assert.deepEqual((await ada!.get(requests)).body, []);
});

test("the remote CLI shows the link, and its creator closes and replaces it", async () => {
  const session = join(home, "ada.json");
  const env = { NOMOS_REMOTE_FILE: session, NOMOS_PASSWORD: "ada-cli-password" };
  const cli = (...args: string[]) => runCli(["remote", ...args], false, env);
  assert.equal((await cli("login", server.url, "ada-cli", "--signup", "--name", "Ada")).code, 0);
  const created = await runCli(["remote", "new", "Cli Nomic", "--preset", "suber"], true, env);
  assert.equal(created.code, 0, created.stderr);
  const id: string = created.out.id;

  const shown = await cli("invitation");
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, new RegExp(`Game ${id} takes newcomers by its invitation link .*\\n  ${server.url}/invite/${created.out.invite}`));
  const closed = await cli("invitation", "--close");
  assert.match(
    closed.stdout,
    /Saved\.\nGame .* is closed to newcomers: its invitation link admits no one until its creator runs: nomos remote invitation --open/,
  );
  const contradicted = await cli("invitation", "--close", "--open");
  assert.notEqual(contradicted.code, 0);
  assert.match(contradicted.stderr, /--close, --approval and --open say different things: give one/);

  const approval = await cli("invitation", "--approval");
  assert.match(approval.stdout, /takes requests by its invitation link; its creator approves each newcomer/);
  const fay = await new ApiClient(server.url).signup("fay-cli", "Fay Asks");
  assert.equal((await fay.post(`/api/invites/${created.out.invite}/join`)).status, 200);
  const listed = await cli("invitation");
  assert.match(listed.stdout, /Waiting for your approval:\n {2}Fay Asks \(([^)]+)\), as a player/);
  const fayId = /Fay Asks \(([^)]+)\)/.exec(listed.stdout)![1]!;
  const approvedByCli = await cli("invitation", "--approve", fayId);
  assert.match(approvedByCli.stdout, /^Approved: .* joined\./m);
  assert.doesNotMatch(approvedByCli.stdout, /Waiting for your approval/);

  const renewed = await runCli(["remote", "invitation", "--open", "--new-link"], true, env);
  assert.equal(renewed.out.joining, "open");
  assert.notEqual(renewed.out.inviteUrl, `${server.url}/invite/${created.out.invite}`);
  const old = await new ApiClient(server.url).get(`/api/invites/${created.out.invite}/about`);
  assert.equal(old.body.error.code, "invite-replaced");
});
