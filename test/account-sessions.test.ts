/**
 * An account as its owner runs it: the sessions open on other devices, seen and ended one by
 * one; and the account closed for good, its games keeping its acts and player.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
});

test("a player sees where they are signed in and signs another device out", async () => {
  const laptop = await new ApiClient(server.url).signup("ada");
  const phone = new ApiClient(server.url);
  const signedIn = await phone.request("POST", "/api/auth/signin", { username: "ada", password: "ada-secret-pw" }, { "user-agent": "Ada's phone" });
  assert.equal(signedIn.status, 200);
  phone.csrf = signedIn.body.csrf;

  const sessions = await laptop.get("/api/me/sessions");
  assert.equal(sessions.status, 200);
  assert.equal(sessions.body.length, 2);
  const other = sessions.body.find((s: { current: boolean }) => !s.current);
  assert.equal(other.userAgent, "Ada's phone");
  assert.equal(sessions.body.filter((s: { current: boolean }) => s.current).length, 1, "this session is marked");

  assert.equal((await laptop.request("DELETE", `/api/me/sessions/${other.id}`)).status, 200);
  assert.equal((await phone.get("/api/session")).body.user, null, "the phone is signed out");
  assert.equal((await laptop.get("/api/session")).body.user.username, "ada", "the laptop is not");
  const again = await laptop.request("DELETE", `/api/me/sessions/${other.id}`);
  assert.equal(again.status, 404);
  assert.match(again.body.error.message, /no open session with that id/);
  // Another account's session is not yours to end.
  const grace = await new ApiClient(server.url).signup("grace");
  const mine = (await laptop.get("/api/me/sessions")).body[0].id;
  assert.equal((await grace.request("DELETE", `/api/me/sessions/${mine}`)).status, 404);
  assert.equal((await laptop.get("/api/session")).body.user.username, "ada");
});

test("a player closes their account: the password is asked, no one signs in to it again, its username is free, its games keep its player", async () => {
  const bob = await new ApiClient(server.url).signup("bob", "Bob Bemer");
  const carol = await new ApiClient(server.url).signup("carol", "Carol Shaw");
  const created = await bob.post("/api/games", { name: "Farewell Nomic", preset: "suber" });
  await carol.post(`/api/invites/${created.body.invite}/join`);

  const wrong = await bob.post("/api/me/close", { password: "not it" });
  assert.equal(wrong.status, 400);
  assert.match(wrong.body.error.message, /not your password, so your account stays open/);
  assert.equal((await bob.get("/api/session")).body.user.username, "bob");

  const closed = await bob.post("/api/me/close", { password: "bob-secret-pw" });
  assert.equal(closed.status, 200, JSON.stringify(closed.body));
  assert.equal((await bob.get("/api/session")).body.user, null, "signed out");
  assert.equal((await new ApiClient(server.url).post("/api/auth/signin", { username: "bob", password: "bob-secret-pw" })).status, 401);
  const page = await carol.get(`/api/games/${created.body.id}`);
  assert.deepEqual(
    page.body.view.players.map((p: { name: string }) => p.name).sort(),
    ["Bob Bemer", "Carol Shaw"],
    "the game keeps Bob's player under the name he had",
  );
  const newBob = await new ApiClient(server.url).signup("bob", "Another Bob");
  assert.deepEqual((await newBob.get("/api/games")).body, [], "the new bob has none of the old one's games");
});
