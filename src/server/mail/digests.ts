/**
 * Daily digests: a player who chose one (digestHour) is mailed what their games told them once
 * a day, at that hour of their own time zone, instead of a mail each. Each notice waits in
 * `digest_items`, written in the notifier's transaction as a mail would be; when the hour comes
 * to a recipient, what waited since before it began goes out as one mail, in the transaction that
 * deletes it; an hour missed (the server down, a clock changed) is caught up at the next run. A
 * notice that arrives after the hour began waits for the next day's. Reminders never wait
 * (Notice.timely): a digest could come after the deadline they warn of.
 */
import { localTime, nextLocal, weekdays } from "../../sandbox/calendar.js";
import type { SqlStatement } from "../../store/sqlite-driver.js";
import type { MailTools } from "./mail-tools.js";
import type { NoticeGame } from "../notify/duties.js";
import type { Notice } from "../notify/notices.js";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** When `hour` next begins in `zone`, strictly after `after`. */
function nextHour(after: number, zone: string, hour: number): number {
  const { weekday } = localTime(after, zone);
  const time = `${String(hour).padStart(2, "0")}:00`;
  // Today's, or else tomorrow's: the next day's name follows in the week.
  const today = nextLocal({ weekday, time, zone, after });
  const tomorrow = nextLocal({ weekday: weekdays[(weekdays.indexOf(weekday) + 1) % 7]!, time, zone, after });
  return Math.min(today, tomorrow);
}

interface Item {
  user_id: string;
  game_id: string;
  game_name: string;
  notice: string;
}

export class Digests {
  private readonly q: Record<string, SqlStatement>;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Something was held since the last run: its hour may come before the timer set. */
  private held = false;

  constructor(private readonly tools: MailTools) {
    this.q = {
      hold: tools.db.prepare("INSERT INTO digest_items (user_id, game_id, game_name, hour, notice, created_at) VALUES (?, ?, ?, ?, ?, ?)"),
      waiting: tools.db.prepare("SELECT DISTINCT user_id, hour FROM digest_items"),
      items: tools.db.prepare("SELECT user_id, game_id, game_name, notice FROM digest_items WHERE user_id = ? AND hour = ? AND created_at < ? ORDER BY id"),
      sent: tools.db.prepare("DELETE FROM digest_items WHERE user_id = ? AND hour = ? AND created_at < ?"),
    };
  }

  /** Keeps the notice for the recipient's digest at `hour`; inside the notifier's transaction. */
  hold(userId: string, game: NoticeGame, hour: number, notice: Notice): void {
    this.tools.db.transaction(() => this.q.hold!.run(userId, game.id, game.name, hour, JSON.stringify(notice), this.tools.clock()));
    this.held = true;
  }

  /** After the notifier's transaction: sets the timer again if something was held. */
  wake(): void {
    if (this.held) this.run();
  }

  /** Sends the digests whose hour has come, and sets a timer for the next. */
  run(): void {
    if (this.stopped) return;
    this.held = false;
    clearTimeout(this.timer);
    const now = this.tools.clock();
    let next = now + hourMs;
    let queued = false;
    for (const { user_id: userId, hour } of this.q.waiting!.all() as { user_id: string; hour: number }[]) {
      // One reader's failure (a zone no longer known) holds up no one else's digest.
      try {
        const zone = this.tools.accounts.user(userId)?.timeZone ?? "UTC";
        // The latest start of their hour, at or before now: what waited since before it is due.
        const began = nextHour(now - dayMs, zone, hour);
        if (began <= now && this.send(userId, hour, began)) queued = true;
        next = Math.min(next, nextHour(now, zone, hour));
      } catch (err) {
        this.tools.warn({ err, userId }, "a digest could not be sent now; tried again within the hour");
      }
    }
    if (queued) this.tools.outbox.wake();
    // A timer at each hour's start that some digest waits for; within the hour anyway, for a clock that jumped.
    this.timer = setTimeout(() => this.run(), Math.max(1000, next - now + 1000));
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** One digest mail of what waited since before `began`, in the transaction that deletes it. */
  private send(userId: string, hour: number, began: number): boolean {
    return this.tools.db.transaction(() => {
      const items = this.q.items!.all(userId, hour, began) as unknown as Item[];
      const user = this.tools.accounts.user(userId);
      this.q.sent!.run(userId, hour, began);
      if (!items.length || !user?.email || user.emailStatus !== "verified") return false;
      const games = new Map<string, { game: NoticeGame; notices: Notice[] }>();
      for (const item of items) {
        const entry = games.get(item.game_id) ?? { game: { id: item.game_id, name: item.game_name }, notices: [] };
        entry.notices.push(JSON.parse(item.notice) as Notice);
        games.set(item.game_id, entry);
      }
      const to = { address: user.email, displayName: user.displayName };
      this.tools.outbox.add(userId, this.tools.writer.digest(to, [...games.values()], this.tools.signer.sign(["d", userId])));
      return true;
    });
  }
}
