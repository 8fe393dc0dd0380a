/**
 * The browsers each account has asked to be notified in: a Web Push subscription per browser,
 * as its PushSubscription.toJSON() gives it. An endpoint belongs to one browser, so a browser
 * signed in to another account moves its subscription there. Only endpoints at the known push
 * services (and those the operator adds with --push-hosts) are kept: the server posts to them,
 * and must not be made to post anywhere else.
 */
import type { SqlDatabase, SqlStatement } from "../../store/sqlite-driver.js";

export interface StoredSubscription {
  id: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The push services of Chrome and Edge's Chromium (Google), Firefox (Mozilla), Edge (Microsoft) and Safari (Apple). */
const knownServices = ["fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com"];

/** Why the endpoint cannot be used, in words; undefined where it can. */
export function endpointProblem(endpoint: string, extraHosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "the subscription's endpoint is not a URL";
  }
  if (url.protocol !== "https:") return "the subscription's endpoint must be an https:// URL";
  const known = knownServices.some((d) => url.hostname === d || url.hostname.endsWith(`.${d}`)) || extraHosts.includes(url.host);
  return known ? undefined : `${url.host} is not a push service this server sends to (the browsers' own, and those its operator names with --push-hosts)`;
}

export class PushSubscriptions {
  private readonly q: Record<string, SqlStatement>;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: () => number,
  ) {
    this.q = {
      put: db.prepare(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`,
      ),
      ofUser: db.prepare("SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY id"),
      one: db.prepare("SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = ?"),
      dropEndpoint: db.prepare("DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?"),
      drop: db.prepare("DELETE FROM push_subscriptions WHERE id = ?"),
      dropUser: db.prepare("DELETE FROM push_subscriptions WHERE user_id = ?"),
      dropQueued: db.prepare("DELETE FROM push_outbox WHERE subscription_id = ?"),
      dropQueuedOfUser: db.prepare("DELETE FROM push_outbox WHERE subscription_id IN (SELECT id FROM push_subscriptions WHERE user_id = ?)"),
    };
  }

  add(userId: string, endpoint: string, keys: { p256dh: string; auth: string }): void {
    this.db.transaction(() => this.q.put!.run(userId, endpoint, keys.p256dh, keys.auth, this.clock()));
  }

  ofUser(userId: string): StoredSubscription[] {
    return (this.q.ofUser!.all(userId) as unknown as Row[]).map(stored);
  }

  one(id: number): StoredSubscription | undefined {
    const row = this.q.one!.get(id) as unknown as Row | undefined;
    return row && stored(row);
  }

  /** This browser no longer asks (its owner turned it off); false if the account had no such subscription. */
  remove(userId: string, endpoint: string): boolean {
    return this.db.transaction(() => {
      const found = this.ofUser(userId).find((s) => s.endpoint === endpoint);
      if (found) this.drop(found.id);
      return found !== undefined;
    });
  }

  /** The push service said the subscription is gone (404, 410): it and what was queued for it go. */
  drop(id: number): void {
    this.db.transaction(() => {
      this.q.dropQueued!.run(id);
      this.q.drop!.run(id);
    });
  }

  /** A closed account's subscriptions, and what was queued for them. */
  dropUser(userId: string): void {
    this.db.transaction(() => {
      this.q.dropQueuedOfUser!.run(userId);
      this.q.dropUser!.run(userId);
    });
  }
}

interface Row {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const stored = (r: Row): StoredSubscription => ({ id: r.id, endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } });
