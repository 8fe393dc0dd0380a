/**
 * Notifications to browsers by Web Push (a channel of notify/notifications.ts): the browsers an
 * account subscribed, the server's VAPID keys, and the durable queue of pushes. A push says what
 * the same notification's mail says (notify/notices.ts), never more, and opens the game.
 */
import type { SqlDatabase } from "../../store/sqlite-driver.js";
import type { User } from "../accounts.js";
import type { NoticeChannel, NoticeGame } from "../notify/duties.js";
import type { Notice } from "../notify/notices.js";
import type { PushPayload } from "../../api/push.js";
import { PushOutbox } from "./push-outbox.js";
import { PushSubscriptions } from "./subscriptions.js";
import { vapidKeys } from "./vapid.js";

export interface PushConfig {
  /** Who runs the server, for the push services: mailto:... or https://... */
  subject: string;
  /** Push services besides the browsers' own (host or host:port), such as a self-hosted one. */
  extraHosts: string[];
}

/** A push carries at most ~4 KB encrypted: its words are cut to fit 3 KB, by their UTF-8 bytes. */
const maxPayloadBytes = 3000;

/** As much of `text` as fits in `bytes` bytes of UTF-8, whole characters, "…" where cut. */
export function fitBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  // The longest prefix that fits with its "…" (3 bytes): a binary search on whole characters.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (Buffer.byteLength(chars.slice(0, mid).join("")) + 3 <= bytes) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join("")}…`;
}

/** A push's words: the notice's subject as its title, its lines as its body, cut to fit a push. */
function payloadOf(notice: Notice, url: string, tag: string): PushPayload {
  const title = fitBytes(notice.subject, 600);
  const body = notice.lines
    .filter((l) => l.trim())
    .map((l) => l.trim())
    .join("\n");
  const room = maxPayloadBytes - Buffer.byteLength(JSON.stringify({ title, body: "", url, tag }));
  return { title, body: fitBytes(body, Math.max(0, room)), url, tag };
}

export class PushService implements NoticeChannel {
  readonly subscriptions: PushSubscriptions;
  readonly publicKey: string;
  readonly extraHosts: readonly string[];
  private readonly outbox: PushOutbox;

  constructor(
    private readonly db: SqlDatabase,
    config: PushConfig,
    clock: () => number,
    warn: (what: object, words: string) => void,
  ) {
    const keys = vapidKeys(db, config.subject);
    this.publicKey = keys.publicKey;
    this.extraHosts = config.extraHosts;
    this.subscriptions = new PushSubscriptions(db, clock);
    this.outbox = new PushOutbox(db, this.subscriptions, keys, clock, warn);
  }

  queue(user: User, game: NoticeGame, notice: Notice): boolean {
    return this.queueTo(user.id, payloadOf(notice, `/games/${game.id}`, `game-${game.id}`));
  }

  /** A push to every browser of the account, to see that they work. */
  test(userId: string): boolean {
    const notice = { subject: "Nomos: notifications work", lines: ["This browser will show you what your games await of you."] };
    const queued = this.db.transaction(() => this.queueTo(userId, payloadOf(notice, "/account", "nomos-test")));
    this.wake();
    return queued;
  }

  wake(): void {
    this.outbox.wake();
  }

  /** Sends what a crash left queued. */
  start(): void {
    this.outbox.wake();
  }

  stop(): Promise<void> {
    return this.outbox.stop();
  }

  private queueTo(userId: string, payload: PushPayload): boolean {
    const browsers = this.subscriptions.live(userId);
    for (const s of browsers) this.outbox.add(s.id, payload);
    return browsers.length > 0;
  }
}
