/**
 * The game reaches players' browsers by Web Push: `nomos serve` with --vapid-subject and no mail
 * at all, pushing through a push service the test starts (test/push-service.ts: real HTTPS on
 * loopback, trusted by the server through NODE_EXTRA_CA_CERTS), which checks each push's VAPID
 * signature and decrypts it with the keys a browser would hold.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { servePushing, startPushService, type PushService, type Subscription } from "./push-service.js";
import type { ServeChild } from "./serve-child.js";
import { ApiClient, startServer } from "./server-helpers.js";
import { fitBytes } from "../src/server/push/push-service.js";

let service: PushService;
let server: ServeChild;
const dir = mkdtempSync(join(tmpdir(), "nomos-push-"));
before(async () => {
  service = await startPushService();
  server = await servePushing(service, join(dir, "nomos.db"));
});
after(async () => {
  server?.kill();
  await server?.exited;
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A player whose browser is subscribed: signed up, subscribed as a browser would with the server's key. */
async function subscribed(username: string, name: string): Promise<{ client: ApiClient; browser: Subscription; key: string }> {
  const client = await new ApiClient(server.url).signup(username, name);
  const key = (await client.get("/api/push")).body.publicKey as string;
  const browser = service.subscribe(key);
  const stored = await client.post("/api/me/push", browser);
  assert.equal(stored.status, 200, JSON.stringify(stored.body));
  return { client, browser, key };
}

const titles = async (browser: Subscription, count: number) => (await service.waitFor(count, browser.endpoint)).map((p) => (p.json as { title: string }).title);

test("each browser is pushed what the game awaits of its player, signed with the server's key, and nobody else is", async () => {
  const ada = await subscribed("ada", "Ada Lovelace");
  const grace = await subscribed("grace", "Grace Hopper");
  const alan = await new ApiClient(server.url).signup("alan", "Alan Turing");
  assert.equal(ada.key, grace.key, "one key for the server");
  const created = await ada.client.post("/api/games", { name: "Push Nomic", preset: "suber", timeZone: "Europe/Paris" });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id: string = created.body.id;
  await grace.client.post(`/api/invites/${created.body.invite}/join`);

  const [first] = await service.waitFor(1, ada.browser.endpoint);
  assert.deepEqual(first!.json, {
    title: "Push Nomic: the game waits for you to start the game",
    body: 'In "Push Nomic", the game waits for you:\n- start the game (rule 201)',
    url: `/games/${id}`,
    tag: `game-${id}`,
  });
  assert.equal(first!.vapidKey, ada.key, "signed with the key browsers subscribe with");
  assert.equal(first!.subject, "mailto:ops@nomos.test");
  assert.ok(first!.ttl > 0, "the push service keeps it for a browser that is offline");

  assert.equal((await ada.client.act(id, "start")).status, 200);
  // Hopper before Lovelace: Grace moves first.
  assert.deepEqual(await titles(grace.browser, 2), [
    "Push Nomic: the game waits for you to start the game",
    "Push Nomic: the game waits for you to propose a rule-change",
  ]);
  assert.equal((await grace.client.act(id, "propose", { change: { kind: "enact", text: "Browsers may ring." } })).status, 200);
  // Pushes go out in the order they were decided: Ada's vote comes after anything queued for her before it.
  assert.deepEqual(await titles(ada.browser, 2), [
    "Push Nomic: the game waits for you to start the game",
    "Push Nomic: the game waits for you to vote on proposal 301",
  ]);
  assert.equal((await titles(grace.browser, 3))[2], "Push Nomic: the game waits for you to vote on proposal 301");

  // Alan has no browser subscribed; a stranger's subscription is nobody's business but its owner's.
  assert.equal((await alan.post("/api/me/push/test")).status, 409);
  const endpoints = new Set(service.received.map((p) => p.endpoint));
  assert.deepEqual([...endpoints].sort(), [ada.browser.endpoint, grace.browser.endpoint].sort());
  assert.deepEqual(service.rejected, [], "every push was signed and encrypted as the service requires");
});

test("a subscription that is not a browser's is refused in words; a test reaches each browser; one its service says is gone is forgotten", async () => {
  const mary = await new ApiClient(server.url).signup("mary", "Mary Somerville");
  const key = (await mary.get("/api/push")).body.publicKey as string;
  const good = service.subscribe(key);
  for (const [endpoint, words] of [
    ["http://127.0.0.1:9/push/x", /https:\/\//],
    ["https://push.example.net/x", /push\.example\.net is not a push service this server sends to/],
    ["not a url", /not a URL/],
    // Read one way here and another by the library that posts: refused, not sent to 127.0.0.1.
    ["https://127.0.0.1;.fcm.googleapis.com/x", /not a plain https:\/\/ URL/],
    ["https://user:secret@fcm.googleapis.com/x", /not a plain https:\/\/ URL/],
    ["https://fcm.googleapis.com:22/x", /fcm\.googleapis\.com:22 is not a push service/],
  ] as const) {
    const refused = await mary.post("/api/me/push", { ...good, endpoint });
    assert.equal(refused.status, 400, endpoint);
    assert.match(refused.body.error.message, words);
  }
  const badKey = await mary.post("/api/me/push", { ...good, keys: { ...good.keys, p256dh: "short" } });
  assert.equal(badKey.status, 400);
  const nobody = await new ApiClient(server.url).post("/api/me/push", good);
  assert.equal(nobody.status, 401, "a subscription belongs to a signed-in account");
  const none = await mary.post("/api/me/push/test");
  assert.equal(none.status, 409, "nothing was stored by the refusals");
  assert.match(none.body.error.message, /no browser of yours/);

  assert.equal((await mary.post("/api/me/push", good)).status, 200);
  assert.equal((await mary.post("/api/me/push/test")).status, 200);
  const [tested] = await service.waitFor(1, good.endpoint);
  assert.deepEqual(tested!.json, {
    title: "Nomos: notifications work",
    body: "This browser will show you what your games await of you.",
    url: "/account",
    tag: "nomos-test",
  });

  // The browser's push service says the subscription is gone: the server forgets it.
  service.answer(good.endpoint, 410);
  assert.equal((await mary.post("/api/me/push/test")).status, 200);
  await server.logged((line) => /push subscription .* is gone \(410\): it was deleted/.test(line.msg));
  assert.equal((await mary.post("/api/me/push/test")).status, 409);

  // Turned off from the page: the browser is told no more.
  const other = service.subscribe(key);
  assert.equal((await mary.post("/api/me/push", other)).status, 200);
  const off = await mary.request("DELETE", "/api/me/push", { endpoint: other.endpoint });
  assert.equal(off.status, 200);
  assert.equal((await mary.post("/api/me/push/test")).status, 409);

  // Signed out of the browser: its notifications end with the session they were asked in.
  const shared = service.subscribe(key);
  assert.equal((await mary.post("/api/me/push", shared)).status, 200);
  assert.equal((await mary.post("/api/auth/signout")).status, 200);
  await mary.post("/api/auth/signin", { username: "mary", password: "mary-secret-pw" }).then((r) => (mary.csrf = r.body.csrf));
  assert.equal((await mary.post("/api/me/push/test")).status, 409, "no browser of Mary's is notified after she signed out of it");
  // The same browser, signed in to another account, notifies that account alone.
  const hal = await new ApiClient(server.url).signup("hal", "Hal Abelson");
  assert.equal((await mary.post("/api/me/push", shared)).status, 200);
  assert.equal((await hal.post("/api/me/push", shared)).status, 200);
  assert.equal((await mary.post("/api/me/push/test")).status, 409, "the browser moved to Hal");
  assert.equal((await hal.post("/api/me/push/test")).status, 200);
  await service.waitFor(1, shared.endpoint);
});

test("a server not set up for push says so: no key, and a subscription is refused in words", async () => {
  const plain = await startServer();
  try {
    const client = await new ApiClient(plain.url).signup("ada");
    assert.deepEqual((await client.get("/api/push")).body, { publicKey: null });
    assert.equal((await client.get("/api/session")).body.push, false);
    const refused = await client.post("/api/me/push", service.subscribe());
    assert.equal(refused.status, 409);
    assert.match(refused.body.error.message, /--vapid-subject/);
  } finally {
    await plain.close();
  }
});

test("a push's words are cut to what a push carries, by UTF-8 bytes and whole characters", () => {
  assert.equal(fitBytes("short", 100), "short");
  const cut = fitBytes("🎲".repeat(1000), 301);
  assert.equal(cut, `${"🎲".repeat(74)}…`, "74 dice of 4 bytes and the ellipsis's 3: 299 bytes; a 75th would not fit");
  assert.equal(fitBytes("héllo wörld", 8), "héll…", "h, é (2 bytes), l, l and the ellipsis (3): 8 bytes");
});
