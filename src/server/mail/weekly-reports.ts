/**
 * Weekly reports, as Agora's officers send theirs: a game's creator chooses a day and an hour of
 * the game's time zone, and each week then the short ruleset and the proposals report are mailed
 * to the players who asked for them (NotificationSettings.weeklyReports), each rendered for its
 * reader by the records (nothing the reader's page would not show). A week's reports are sent
 * once: the moment they were due is kept (`weekly_reports.last_due`) in the transaction that
 * queues them, which checks it again; a schedule set now begins with its next moment, not a past
 * one; and no reports go within six days of the last (a changed zone or hour moves the moment).
 */
import type { SqlStatement } from "../../store/sqlite-driver.js";
import type { MailTools } from "./mail-tools.js";
import { visible } from "../../present/visible-text.js";
import { renderRecord } from "../../records/documents.js";
import { asOf } from "../../records/reports/as-of.js";
import { nextLocal } from "../../sandbox/calendar.js";
import type { GameHub } from "../hub.js";
import type { NotificationPrefs } from "../notify/settings.js";
import type { StoredMail } from "./transport.js";

export interface WeeklySchedule {
  /** 0 is Sunday, as Date.getDay counts. */
  weekday: number;
  hour: number;
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const weekMs = 7 * dayMs;
/** A week's reports go once: none sooner than this after the last (a zone or schedule changed meanwhile). */
const minGapMs = 6 * dayMs;
/** Sunday first, as WeeklySchedule.weekday counts. */
const dayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** The latest moment at or before `now` that is `schedule`'s weekday and hour in `zone` (weeks of 167 or 169 hours included). */
export function lastDue(now: number, zone: string, schedule: WeeklySchedule): number {
  const spec = { weekday: dayNames[schedule.weekday]!, time: `${String(schedule.hour).padStart(2, "0")}:00`, zone };
  let at = nextLocal({ ...spec, after: now - weekMs - dayMs });
  for (let next = nextLocal({ ...spec, after: at }); next <= now; next = nextLocal({ ...spec, after: at })) at = next;
  return at;
}

export class WeeklyReports {
  private readonly q: Record<string, SqlStatement>;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly tools: MailTools,
    private readonly prefs: NotificationPrefs,
    private readonly hub: GameHub,
  ) {
    this.q = {
      get: tools.db.prepare("SELECT weekday, hour FROM weekly_reports WHERE game_id = ?"),
      set: tools.db.prepare(
        "INSERT INTO weekly_reports (game_id, weekday, hour, last_due) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET weekday = excluded.weekday, hour = excluded.hour, last_due = excluded.last_due",
      ),
      drop: tools.db.prepare("DELETE FROM weekly_reports WHERE game_id = ?"),
      all: tools.db.prepare("SELECT game_id, weekday, hour, last_due, sent_at FROM weekly_reports"),
      lastDue: tools.db.prepare("SELECT last_due FROM weekly_reports WHERE game_id = ?"),
      sent: tools.db.prepare("UPDATE weekly_reports SET last_due = ?, sent_at = ? WHERE game_id = ?"),
      members: tools.db.prepare("SELECT user_id, player_id FROM memberships WHERE game_id = ?"),
    };
  }

  schedule(gameId: string): WeeklySchedule | null {
    return (this.q.get!.get(gameId) as WeeklySchedule | undefined) ?? null;
  }

  /** The creator's choice; null: no weekly reports. The week under way is not sent at once. */
  setSchedule(gameId: string, schedule: WeeklySchedule | null, zone: string): void {
    this.tools.db.transaction(() =>
      schedule ? this.q.set!.run(gameId, schedule.weekday, schedule.hour, lastDue(this.tools.clock(), zone, schedule)) : this.q.drop!.run(gameId),
    );
    this.run();
  }

  /** Sends each game's reports now due, then sets a timer for the next hour's start. */
  run(): void {
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.running = this.sendDue()
      .catch((err: unknown) => this.tools.warn({ err }, "weekly reports could not be sent now; tried again within the hour"))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const now = this.tools.clock();
        this.timer = setTimeout(() => this.run(), hourMs - (now % hourMs) + 1000);
        this.timer.unref();
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async sendDue(): Promise<void> {
    let queued = false;
    for (const row of this.q.all!.all() as { game_id: string; weekday: number; hour: number; last_due: number; sent_at: number | null }[]) {
      // One game's failure (a zone no longer known, a record that fails to render) holds up no other game's.
      try {
        const now = this.tools.clock();
        const due = lastDue(now, this.tools.accounts.settings(row.game_id)?.timeZone ?? "UTC", row);
        if (due <= row.last_due || (row.sent_at !== null && now - row.sent_at < minGapMs)) continue;
        if (await this.send(row.game_id, due, row.last_due)) queued = true;
      } catch (err) {
        this.tools.warn({ err, gameId: row.game_id }, "a game's weekly reports could not be sent now; tried again within the hour");
      }
    }
    if (queued) this.tools.outbox.wake();
  }

  /** Each reader's reports, as they may see them, queued in the transaction that marks the week sent. */
  private async send(gameId: string, due: number, lastDue: number): Promise<boolean> {
    const acts = await this.hub.engine.store.readActs(gameId, 0);
    const { state } = asOf(acts);
    const mails: (readonly [string, StoredMail])[] = [];
    for (const { user_id: userId, player_id: viewer } of this.q.members!.all(gameId) as { user_id: string; player_id: string }[]) {
      if (!this.prefs.game(userId, gameId).settings.weeklyReports) continue;
      const user = this.tools.accounts.user(userId);
      if (!user?.email || user.emailStatus !== "verified") continue;
      const source = { acts, state, viewer };
      // As the records route sends text: control characters shown, not passed to the reader's terminal.
      const reports = [visible(String(renderRecord("ruleset", source, "text"))), visible(String(renderRecord("proposals", source, "text")))];
      const to = { address: user.email, displayName: user.displayName };
      mails.push([
        userId,
        this.tools.writer.weeklyReports(to, { id: gameId, name: state.name }, reports, this.tools.signer.sign(["u", userId, gameId])),
      ] as const);
    }
    // Sent by another run (or process) meanwhile, or rescheduled: nothing queued.
    return this.tools.db.transaction(() => {
      const now = this.q.lastDue!.get(gameId) as { last_due: number } | undefined;
      if (now?.last_due !== lastDue) return false;
      this.q.sent!.run(due, this.tools.clock(), gameId);
      for (const [userId, mail] of mails) this.tools.outbox.add(userId, mail);
      return mails.length > 0;
    });
  }
}
