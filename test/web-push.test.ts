/**
 * Notifications in the browser, end to end but for the browser vendor's push service, which is
 * out of reach here: Chromium cannot subscribe without Google's, so the page turns notifications
 * on (permission, service worker), its subscription attempt fails in words, and the test stores a
 * subscription it made through the page. The server pushes to the test's push service
 * (test/push-service.ts), which decrypts the push; the test hands it to the page's real service
 * worker with the DevTools protocol (ServiceWorker.deliverPushMessage), and the worker shows it
 * and opens the game when it is clicked.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "./browser-helpers.js";
import { servePushing, startPushService, type PushService } from "./push-service.js";
import type { ServeChild } from "./serve-child.js";
import { ApiClient } from "./server-helpers.js";

let service: PushService;
let server: ServeChild;
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), "nomos-web-push-"));
before(async () => {
  service = await startPushService();
  server = await servePushing(service, join(dir, "nomos.db"));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.kill();
  await server?.exited;
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("a push the server sent is shown by the page's service worker, and clicking it opens the game", async () => {
  const ada = await new ApiClient(server.url).signup("ada", "Ada Lovelace");
  const grace = await new ApiClient(server.url).signup("grace", "Grace Hopper");
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["notifications"], { origin: server.url });
  const [name, value] = ada.cookie!.split("=") as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  const page = await context.newPage();
  page.on("pageerror", (err) => assert.fail(`the page threw: ${err.message}`));
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: r }) => registrations.push(...r));
  await cdp.send("ServiceWorker.enable");

  await page.goto(`${server.url}/account`);
  const section = page.getByRole("region", { name: "Notifications in this browser" });
  await section.getByRole("button", { name: "Turn on notifications in this browser" }).click();
  // The worker is registered; the subscription needs Google's push service, which is out of reach.
  await section.getByRole("alert").filter({ hasText: "could not reach its push service" }).waitFor();
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  assert.equal(worker, `${server.url}/sw.js`);

  // The subscription a browser would have made, stored through the page (its session, its CSRF token).
  const key = (await ada.get("/api/push")).body.publicKey as string;
  const subscription = service.subscribe(key);
  const stored = await page.evaluate(async (body) => {
    const { csrf } = await (await fetch("/api/session")).json();
    const r = await fetch("/api/me/push", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": csrf },
      body: JSON.stringify(body),
    });
    return r.status;
  }, subscription);
  assert.equal(stored, 200);

  const created = await ada.post("/api/games", { name: "Ringing Nomic", preset: "suber" });
  const id: string = created.body.id;
  await grace.post(`/api/invites/${created.body.invite}/join`);
  const [push] = await service.waitFor(1, subscription.endpoint);

  const registrationId = registrations.find((r) => r.scopeURL === `${server.url}/`)?.registrationId;
  assert.ok(registrationId, `the page's worker is registered for the site: ${JSON.stringify(registrations)}`);
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: server.url, registrationId, data: push!.payload });
  const shown = await page.waitForFunction(async () => {
    const notes = await (await navigator.serviceWorker.ready).getNotifications();
    return notes.length ? notes.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })) : null;
  });
  assert.deepEqual(await shown.jsonValue(), [
    {
      title: "Ringing Nomic: the game waits for you to start the game",
      body: 'In "Ringing Nomic", the game waits for you:\n- start the game (rule 201)',
      tag: `game-${id}`,
      data: { url: `/games/${id}` },
    },
  ]);

  // The click, as the system would deliver it to the worker: this tab is led to the game.
  const [sw] = context.serviceWorkers();
  assert.ok(sw, "the worker runs");
  await sw.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
    const [notification] = await scope.registration.getNotifications();
    const NotificationEvent = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: notification! }));
  });
  await page.waitForURL(`${server.url}/games/${id}`);
  await page.getByRole("heading", { name: "Ringing Nomic" }).waitFor();
  await context.close();
});
