/**
 * The browsers each account is notified in: a Web Push subscription per browser, as its
 * PushSubscription.toJSON() gives it, tied to the session it was made in (the database ends it
 * with the session: migrations.ts). An endpoint belongs to one browser, so a browser signed in to
 * another account moves there, without what was queued for the first. An account keeps its
 * latest ten browsers.
 *
 * The server posts to every endpoint, so only plain https URLs at the known push services (and
 * at those the operator adds with --push-host) are kept, in the form both URL parsers (WHATWG's
 * here, Node's legacy url.parse in web-push) read the same.
 */
import type { SqlDatabase, SqlStatement } from "../../store/sqlite-driver.js";

export interface StoredSubscription {
  id: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The push services of Chrome and Edge's Chromium (Google), Firefox (Mozilla), Edge (Microsoft) and Safari (Apple). */
const knownServices = ["fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com"];
const maxBrowsers = 10;

/** "Push.Example.org:443" -> "push.example.org": a host as --push-host names it and URLs compare. */
export function pushHost(host: string): string {
  return host.toLowerCase().replace(/:443$/, "");
}

/** Why the endpoint cannot be used, in words; undefined where it can. */
export function endpointProblem(endpoint: string, extraHosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "the subscription's endpoint is not a URL";
  }
  if (url.protocol !== "https:") return "the subscription's endpoint must be an https:// URL";
  // Letters, digits, dots and dashes only, no user or password, and the URL as written is the URL as read.
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(url.hostname) || url.username || url.password || url.href !== endpoint)
    return "the subscription's endpoint is not a plain https:// URL of a push service";
  const host = pushHost(url.host);
  const known = (!url.port && knownServices.some((d) => host === d || host.endsWith(`.${d}`))) || extraHosts.includes(host);
  return known ? undefined : `${url.host} is not a push service this server sends to (the browsers' own, and those its operator names with --push-host)`;
}

export class PushSubscriptions {
  private readonly q: Record<string, SqlStatement>;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: () => number,
  ) {
    this.q = {
      owner: db.prepare("SELECT id, user_id FROM push_subscriptions WHERE endpoint = ?"),
      put: db.prepare(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, session_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, session_hash = excluded.session_hash`,
      ),
      ofUser: db.prepare("SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY id"),
      // A session past its end is deleted only when the next one opens: until then, it notifies no one.
      live: db.prepare(
        "SELECT p.id, p.endpoint, p.p256dh, p.auth FROM push_subscriptions p JOIN sessions s ON s.token_hash = p.session_hash WHERE p.user_id = ? AND s.expires_at > ? ORDER BY p.id",
      ),
      one: db.prepare("SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = ?"),
      drop: db.prepare("DELETE FROM push_subscriptions WHERE id = ?"),
      oldest: db.prepare("DELETE FROM push_subscriptions WHERE id IN (SELECT id FROM push_subscriptions WHERE user_id = ? ORDER BY id DESC LIMIT -1 OFFSET ?)"),
    };
  }

  /** This browser, for the account signed in to it in the session `sessionHash`. */
  add(userId: string, sessionHash: string, endpoint: string, keys: { p256dh: string; auth: string }): void {
    this.db.transaction(() => {
      const owner = this.q.owner!.get(endpoint) as { id: number; user_id: string } | undefined;
      if (owner && owner.user_id !== userId) this.q.drop!.run(owner.id);
      this.q.put!.run(userId, endpoint, keys.p256dh, keys.auth, sessionHash, this.clock());
      this.q.oldest!.run(userId, maxBrowsers);
    });
  }

  /** The account's browsers whose session still lasts: those to notify. */
  live(userId: string): StoredSubscription[] {
    return (this.q.live!.all(userId, this.clock()) as unknown as Row[]).map(stored);
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

  /** The push service said the subscription is gone (404, 410): it goes, and what was queued for it. */
  drop(id: number): void {
    this.db.transaction(() => this.q.drop!.run(id));
  }
}

interface Row {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const stored = (r: Row): StoredSubscription => ({ id: r.id, endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } });
