/**
 * Pushes to browsers, durable as mail is: each is written here in the transaction that decided
 * it, and sent by one worker with web-push (the payload encrypted for the subscription, the
 * request signed with the server's VAPID key), so a crash loses none. A push service that says
 * the subscription is gone (404, 410) has it deleted; one that cannot take the push now (429,
 * 5xx, no answer) is tried again as mail is; any other refusal gives the push up. A push is
 * deleted once delivered or given up: the service holds it for the browser from then on.
 */
import { createHash } from "node:crypto";
import webpush from "web-push";
import type { PushPayload } from "../../api/push.js";
import type { SqlDatabase, SqlStatement } from "../../store/sqlite-driver.js";
import { QueueWorker, retryBackoffMs } from "../notify/queue-worker.js";
import type { PushSubscriptions } from "./subscriptions.js";
import type { VapidKeys } from "./vapid.js";

/** How long a push service keeps a push for a browser that is offline (web-push's TTL, in s). */
const keepForS = 24 * 3600;
const pollMs = 30_000;
/** A push service that has not answered in this long is tried again later. */
const answerWithinMs = 15_000;

interface Row {
  id: number;
  subscription_id: number;
  tag: string;
  payload: string;
  attempts: number;
}

/** Rejects if `work` has not settled in `ms`: a service that trickles its answer does not hold the queue. */
function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export class PushOutbox {
  private readonly q: Record<string, SqlStatement>;
  private readonly worker: QueueWorker<Row>;

  constructor(
    private readonly db: SqlDatabase,
    private readonly subscriptions: PushSubscriptions,
    private readonly vapid: VapidKeys,
    private readonly clock: () => number,
    private readonly warn: (what: object, words: string) => void,
  ) {
    this.q = {
      // A newer push of the same game replaces one not yet delivered, as it would on the device.
      superseded: db.prepare("DELETE FROM push_outbox WHERE subscription_id = ? AND tag = ?"),
      insert: db.prepare("INSERT INTO push_outbox (subscription_id, tag, payload, created_at, next_at) VALUES (?, ?, ?, ?, ?)"),
      due: db.prepare("SELECT id, subscription_id, tag, payload, attempts FROM push_outbox WHERE next_at <= ? ORDER BY id LIMIT 20"),
      done: db.prepare("DELETE FROM push_outbox WHERE id = ?"),
      retry: db.prepare("UPDATE push_outbox SET next_at = ?, attempts = attempts + 1 WHERE id = ?"),
    };
    this.worker = new QueueWorker(
      () => this.q.due!.all(this.clock()) as unknown as Row[],
      (row) => this.sendOne(row),
      pollMs,
      warn,
      "push outbox",
    );
  }

  /** Queues a push to one browser; call inside the transaction that decided it, then {@link wake}. */
  add(subscriptionId: number, payload: PushPayload): void {
    const now = this.clock();
    this.db.transaction(() => {
      this.q.superseded!.run(subscriptionId, payload.tag);
      this.q.insert!.run(subscriptionId, payload.tag, JSON.stringify(payload), now, now);
    });
  }

  wake(): void {
    this.worker.wake();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  private async sendOne(row: Row): Promise<void> {
    const subscription = this.subscriptions.one(row.subscription_id);
    if (!subscription) {
      this.db.transaction(() => this.q.done!.run(row.id));
      return;
    }
    // The push service, too, keeps only the latest of a topic for a browser that is offline.
    const topic = createHash("sha256").update(row.tag).digest("base64url").slice(0, 32);
    const options = { vapidDetails: this.vapid, TTL: keepForS, timeout: answerWithinMs, topic };
    try {
      await withinTime(webpush.sendNotification(subscription, row.payload, options), answerWithinMs * 2);
      this.db.transaction(() => this.q.done!.run(row.id));
    } catch (err) {
      const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
      const host = new URL(subscription.endpoint).host;
      if (status === 404 || status === 410) {
        this.subscriptions.drop(subscription.id);
        this.warn({ push: row.id, status }, `a browser's push subscription at ${host} is gone (${status}): it was deleted`);
        return;
      }
      const later = retryBackoffMs[row.attempts];
      const transient = status === undefined || status === 429 || status >= 500;
      this.db.transaction(() => (transient && later !== undefined ? this.q.retry!.run(this.clock() + later, row.id) : this.q.done!.run(row.id)));
      if (!transient || later === undefined)
        this.warn({ push: row.id, status, error: String(err) }, `a push to ${host} was given up (${status ?? "no answer"})`);
    }
  }
}
