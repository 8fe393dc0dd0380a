/**
 * "Since you last looked" through the API: the game's page says the last act its player had
 * seen (lastSeen), which POST .../seen moves on: only forward, only up to the game's last act,
 * only for the game's own players, and on every device the player signs in on.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ApiClient, moving, startServer, suberTable, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test("a player's mark of what they have seen: null before they look, only forward, the same on every device", async () => {
  const table = await suberTable(server);
  const [ada, grace] = table.clients as [ApiClient, ApiClient];
  const page = `/api/games/${table.id}`;
  const seen = `${page}/seen`;
  const first = await ada.get(page);
  assert.equal(first.body.lastSeen, null, "a player who has not looked yet has seen nothing");
  const last: number = first.body.view.seq;

  assert.deepEqual((await ada.post(seen, { seq: last })).body, { seen: last });
  assert.equal((await ada.get(page)).body.lastSeen, last, "the page read again says it, though no act came meanwhile");
  assert.deepEqual((await ada.post(seen, { seq: 1 })).body, { seen: last }, "an older act does not move the mark back");
  assert.equal((await ada.get(page)).body.lastSeen, last);
  assert.equal((await grace.get(page)).body.lastSeen, null, "each player has a mark of their own");

  // Acts come; the mark stays where the player left it until they look again.
  const proposed = await (await moving(table)).act(table.id, "propose", { change: { kind: "enact", text: "Players shall be kind." } });
  assert.equal(proposed.status, 200, proposed.text);
  const moved = await ada.get(page);
  assert.ok(moved.body.view.seq > last);
  assert.equal(moved.body.lastSeen, last);
  assert.deepEqual((await ada.post(seen, { seq: moved.body.view.seq })).body, { seen: moved.body.view.seq });

  // Another device of Ada's finds the same mark.
  const phone = new ApiClient(server.url);
  const signedIn = await phone.post("/api/auth/signin", { username: "ada-lovelace", password: "ada-lovelace-secret-pw" });
  assert.equal(signedIn.status, 200, signedIn.text);
  phone.csrf = signedIn.body.csrf;
  assert.equal((await phone.get(page)).body.lastSeen, moved.body.view.seq);
});

test("marking seen: refused in words to those not in the game, signed out, or past the game's last act", async () => {
  const table = await suberTable(server, ["Ann Ho", "Bea Li", "Cy Wu"]);
  const [ann] = table.clients as [ApiClient];
  const seen = `/api/games/${table.id}/seen`;
  const last: number = (await ann.get(`/api/games/${table.id}`)).body.view.seq;

  const stranger = await new ApiClient(server.url).signup("dee-fox", "Dee Fox");
  const refused = await stranger.post(seen, { seq: last });
  assert.equal(refused.status, 403);
  assert.match(refused.body.error.message, /you are not a player in this game/);

  const signedOut = await new ApiClient(server.url).post(seen, { seq: last });
  assert.equal(signedOut.status, 401);

  const ahead = await ann.post(seen, { seq: last + 5 });
  assert.equal(ahead.status, 400);
  assert.equal(ahead.body.error.message, `the game has no act ${last + 5} yet: its last is ${last}`);
  const negative = await ann.post(seen, { seq: -1 });
  assert.equal(negative.status, 400);
  assert.equal((await ann.get(`/api/games/${table.id}`)).body.lastSeen, null, "nothing refused was marked");

  const missing = await ann.post("/api/games/no-such-game/seen", { seq: 1 });
  assert.equal(missing.status, 404);
});
