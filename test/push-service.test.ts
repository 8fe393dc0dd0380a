/**
 * The push service stand-in checks itself against web-push, the library the server sends with: a
 * notification arrives decrypted with its VAPID key; a subscription answered 410 Gone makes
 * sendNotification fail with that status; and a JWT not signed with its k is refused.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { type TestContext, test } from "node:test";
import webpush from "web-push";
import { type PushService, startPushService } from "./push-service.js";

/** A push service for one test, stopped after it; web-push's requests from this process trust its certificate through an agent (NODE_EXTRA_CA_CERTS is read only at start-up). */
async function pushService(t: TestContext): Promise<{ service: PushService; agent: Agent }> {
  const service = await startPushService();
  const agent = new Agent({ ca: readFileSync(service.caFile) });
  t.after(async () => {
    agent.destroy();
    await service.stop();
  });
  return { service, agent };
}

const subject = "mailto:ops@nomos.test";

test("a notification sent with web-push arrives decrypted, with its VAPID key and subject", async (t) => {
  const { service, agent } = await pushService(t);
  const vapid = webpush.generateVAPIDKeys();
  const subscription = service.subscribe(vapid.publicKey);
  const text = JSON.stringify({ title: "Your turn", body: "Ada proposed Rule 301", url: "/games/1" });
  const sent = await webpush.sendNotification(subscription, text, { vapidDetails: { subject, ...vapid }, TTL: 3600, urgency: "high", agent });
  assert.equal(sent.statusCode, 201);

  const [push, ...more] = await service.waitFor(1, subscription.endpoint);
  assert.deepEqual(more, []);
  assert.equal(push!.payload, text);
  assert.deepEqual(push!.json, JSON.parse(text));
  assert.equal(push!.vapidKey, vapid.publicKey);
  assert.equal(push!.subject, subject);
  assert.equal(push!.ttl, 3600);
  assert.equal(push!.urgency, "high");
});

test("a subscription answered 410 makes sendNotification fail, and a JWT not signed with its k is refused", async (t) => {
  const { service, agent } = await pushService(t);
  const vapid = webpush.generateVAPIDKeys();
  const gone = service.subscribe();
  service.answer(gone.endpoint, 410);
  await assert.rejects(webpush.sendNotification(gone, "{}", { vapidDetails: { subject, ...vapid }, agent }), (error: unknown) => {
    assert.ok(error instanceof webpush.WebPushError, String(error));
    assert.equal(error.statusCode, 410);
    return true;
  });
  assert.deepEqual(service.rejected.at(-1), { endpoint: gone.endpoint, status: 410, reason: "answered 410" });

  // A push whose JWT is signed with another key than the k it names: web-push's own request, its k swapped.
  const live = service.subscribe();
  const other = webpush.generateVAPIDKeys();
  const details = webpush.generateRequestDetails(live, "forged", { vapidDetails: { subject, ...other } });
  const headers = { ...details.headers, Authorization: String(details.headers.Authorization).replace(`k=${other.publicKey}`, `k=${vapid.publicKey}`) };
  assert.notEqual(headers.Authorization, details.headers.Authorization);
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(details.endpoint, { method: "POST", headers, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(details.body);
  });
  assert.equal(status, 403);
  assert.deepEqual(service.rejected.at(-1), { endpoint: live.endpoint, status: 403, reason: "the JWT's signature does not verify with k" });
  assert.ok(!service.received.some((p) => p.endpoint === live.endpoint || p.endpoint === gone.endpoint));
});
