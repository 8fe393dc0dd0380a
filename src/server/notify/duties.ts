/**
 * Tells players (by mail, by push: each a NoticeChannel) when the game waits for them. After each act is durable, the game is
 * asked what play awaits (the answer its pages read), that is diffed against what was last
 * seen (table `awaited`), and each player with something new is mailed once, in one transaction
 * with the new set and the act it was seen at (table `notified`): each channel queues its own
 * durable copy in that transaction. A server starting looks again
 * at every game whose acts went past what it had seen, so a crash between an act and its mail
 * loses no mail, and a mail queued is never queued twice. The game's end is told the same way.
 */
import type { Awaited } from "../../kernel/availability.js";
import type { SqlDatabase, SqlStatement } from "../../store/sqlite-driver.js";
import type { Accounts, User } from "../accounts.js";
import { dutiesNotice, gameOverNotice, outcomesNotice, reminderNotice, type Duty, type Notice, type Outcome } from "./notices.js";
import type { NotificationSettings } from "../../api/notifications.js";
import type { NotificationPrefs } from "./settings.js";

/** The game a notification is about. */
export interface NoticeGame {
  id: string;
  name: string;
}

/** A way of telling players: mail, push. */
export interface NoticeChannel {
  /** Queues the notice for the account inside the caller's transaction, as its settings for the game say; false if it cannot reach them. */
  queue(user: User, game: NoticeGame, notice: Notice, settings: Required<NotificationSettings>): boolean;
  /** Sends what was queued, once the transaction has committed. */
  wake(): void;
}

/** What the notifier reads of a game: the act it is at, and what play awaits, from whom. */
export interface GameNow {
  id: string;
  name: string;
  seq: number;
  over: string | null;
  awaits: Awaited[];
  /** How far a practice game's clock runs ahead of the host's (ms): its deadlines come that much sooner. */
  aheadMs: number;
  /** Every proposal decided and case ruled on so far, by its record (which says what is still open). */
  outcomes: Outcome[];
}

const hour = 3_600_000;
/** The longest lead a reminder may have (NotificationSettings.reminderHours). */
const maxLeadMs = 72 * hour;

const keyOf = (a: Awaited) => `${a.rule}\u0000${a.action ?? ""}\u0000${a.does}`;

export class DutyNotifier {
  private readonly q: Record<string, SqlStatement>;
  /** Each game's run, one at a time; a change during one runs it once more after. */
  private readonly runs = new Map<string, { done: Promise<void>; again: boolean }>();

  constructor(
    private readonly db: SqlDatabase,
    private readonly accounts: Accounts,
    private readonly prefs: NotificationPrefs,
    private readonly channels: NoticeChannel[],
    /** The game now, or undefined if there is none. */
    private readonly read: (gameId: string) => Promise<GameNow | undefined>,
    private readonly fail: (gameId: string, err: unknown) => void,
    private readonly clock: () => number,
  ) {
    this.q = {
      seen: db.prepare("SELECT player_id, key FROM awaited WHERE game_id = ?"),
      add: db.prepare("INSERT INTO awaited (game_id, player_id, key, since, due, until, reminded) VALUES (?, ?, ?, ?, ?, ?, ?)"),
      // `due` is the deadline by the game's clock, `until` by the host's: a practice clock moved on
      // brings `until` nearer; a deadline the rules moved (`due`) may be reminded of again.
      moved: db.prepare(
        "UPDATE awaited SET until = ?, reminded = CASE WHEN due IS ? THEN reminded ELSE 0 END, due = ? WHERE game_id = ? AND player_id = ? AND key = ?",
      ),
      due: db.prepare(`
        SELECT a.game_id, a.player_id, a.key, a.until, m.user_id, g.name FROM awaited a
        JOIN memberships m ON m.game_id = a.game_id AND m.player_id = a.player_id JOIN games g ON g.id = a.game_id
        WHERE a.until IS NOT NULL AND a.reminded = 0 AND a.until > ? AND a.until <= ?`),
      reminded: db.prepare("UPDATE awaited SET reminded = 1 WHERE game_id = ? AND player_id = ? AND key = ?"),
      outcomesTold: db.prepare("SELECT key FROM outcomes_told WHERE game_id = ?"),
      tellOutcome: db.prepare("INSERT OR IGNORE INTO outcomes_told (game_id, key) VALUES (?, ?)"),
      drop: db.prepare("DELETE FROM awaited WHERE game_id = ? AND player_id = ? AND key = ?"),
      progress: db.prepare("SELECT seq, over FROM notified WHERE game_id = ?"),
      setProgress: db.prepare("INSERT INTO notified (game_id, seq, over) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET seq = excluded.seq, over = excluded.over"),
      member: db.prepare("SELECT user_id FROM memberships WHERE game_id = ? AND player_id = ?"),
      members: db.prepare("SELECT user_id FROM memberships WHERE game_id = ?"),
      behind: db.prepare(`
        SELECT g.id FROM games g LEFT JOIN notified n ON n.game_id = g.id
        WHERE COALESCE(n.seq, -1) < (SELECT max(seq) FROM acts a WHERE a.game_id = g.id)
          AND EXISTS (SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.game_id = g.id
            AND (u.email_verified_at IS NOT NULL OR EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id)))`),
    };
  }

  /** After acts of the game are durable. */
  changed(gameId: string): void {
    const run = this.runs.get(gameId);
    if (run) {
      run.again = true;
      return;
    }
    const entry = { done: Promise.resolve(), again: false };
    entry.done = (async () => {
      do {
        entry.again = false;
        await this.look(gameId).catch((err: unknown) => this.fail(gameId, err));
      } while (entry.again);
      this.runs.delete(gameId);
    })();
    this.runs.set(gameId, entry);
  }

  /** At start: every game whose acts went past what was last seen of it. */
  catchUp(): void {
    for (const { id } of this.q.behind!.all() as { id: string }[]) this.changed(id);
  }

  /** Waits for the runs under way (a server stopping). */
  async settled(): Promise<void> {
    while (this.runs.size) await Promise.all([...this.runs.values()].map((r) => r.done));
  }

  private async look(gameId: string): Promise<void> {
    const game = await this.read(gameId);
    if (!game) return;
    const progress = this.q.progress!.get(gameId) as { seq: number; over: number } | undefined;
    if (progress && progress.seq >= game.seq) return;
    const seen = new Map((this.q.seen!.all(gameId) as { player_id: string; key: string }[]).map((r) => [`${r.player_id}\u0000${r.key}`, r]));
    const now = new Map(game.awaits.map((a) => [`${a.player}\u0000${keyOf(a)}`, a]));
    const fresh = new Map<string, Duty[]>();
    // Deadlines are kept by the host's clock, which the reminders run on.
    const hostUntil = (a: Awaited) => (a.until === undefined ? null : a.until - game.aheadMs);
    for (const [key, a] of now)
      if (!seen.has(key))
        fresh.set(a.player, [...(fresh.get(a.player) ?? []), { does: a.does, rule: a.rule, ...(a.until !== undefined ? { until: a.until } : {}) }]);
    let queued = false;
    this.db.transaction(() => {
      for (const [id, row] of seen) if (!now.has(id)) this.q.drop!.run(gameId, row.player_id, row.key);
      for (const [key, a] of now)
        if (!seen.has(key))
          this.q.add!.run(gameId, a.player, keyOf(a), game.seq, a.until ?? null, hostUntil(a), this.remindedAlready(gameId, a.player, hostUntil(a)));
        else this.q.moved!.run(hostUntil(a), a.until ?? null, a.until ?? null, gameId, a.player, keyOf(a));
      for (const [player, duties] of fresh) {
        const member = this.q.member!.get(gameId, player) as { user_id: string } | undefined;
        if (member && this.tell(member.user_id, game, "duties", (zone) => dutiesNotice(game.name, duties, zone))) queued = true;
      }
      // Outcomes already decided when the game was first seen (or mail began) are not news.
      const told = new Set((this.q.outcomesTold!.all(gameId) as { key: string }[]).map((r) => r.key));
      const news = game.outcomes.filter((o) => !told.has(`${o.kind} ${o.number} ${o.status}`));
      for (const o of news) this.q.tellOutcome!.run(gameId, `${o.kind} ${o.number} ${o.status}`);
      if (news.length && progress)
        for (const { user_id } of this.q.members!.all(gameId) as { user_id: string }[])
          if (this.tell(user_id, game, "outcomes", () => outcomesNotice(game.name, news))) queued = true;
      if (game.over !== null && !progress?.over) {
        for (const { user_id } of this.q.members!.all(gameId) as { user_id: string }[])
          if (this.tell(user_id, game, "gameEnd", () => gameOverNotice(game.name, game.over!))) queued = true;
      }
      this.q.setProgress!.run(gameId, game.seq, game.over !== null ? 1 : 0);
    });
    if (queued) this.wake();
    this.remind();
  }

  /** 1 for a duty new with less time left than its player's reminder lead: the mail telling of it is reminder enough. */
  private remindedAlready(gameId: string, player: string, until: number | null): number {
    if (until === null) return 0;
    const member = this.q.member!.get(gameId, player) as { user_id: string } | undefined;
    const lead = member ? (this.prefs.game(member.user_id, gameId).settings.reminderHours ?? 12) * hour : 0;
    return until - lead <= this.clock() ? 1 : 0;
  }

  /** Reminds each player whose duty lapses within the hours they chose (12 by default), once per deadline. */
  remind(): void {
    const now = this.clock();
    let queued = false;
    for (const row of this.q.due!.all(now, now + maxLeadMs) as {
      game_id: string;
      player_id: string;
      key: string;
      until: number;
      user_id: string;
      name: string;
    }[]) {
      const { duties, reminderHours = 12 } = this.prefs.game(row.user_id, row.game_id).settings;
      if (!duties || !reminderHours || row.until - reminderHours * hour > now) continue;
      const [rule, , does] = row.key.split("\u0000") as [string, string, string];
      const duty = { does, rule: Number(rule), until: row.until };
      this.db.transaction(() => {
        const game = { id: row.game_id, name: row.name };
        if (this.tell(row.user_id, game, "duties", (zone) => reminderNotice(game.name, duty, now, zone))) queued = true;
        this.q.reminded!.run(row.game_id, row.player_id, row.key);
      });
    }
    if (queued) this.wake();
  }

  /** Queues the notice on every channel that reaches the account, if it asked for this kind; true if any did. */
  private tell(userId: string, game: NoticeGame, kind: "duties" | "gameEnd" | "outcomes", notice: (zone: string) => Notice): boolean {
    const { settings } = this.prefs.game(userId, game.id);
    if (!settings[kind]) return false;
    const user = this.accounts.user(userId);
    if (!user) return false;
    const words = notice(user.timeZone ?? this.accounts.settings(game.id)?.timeZone ?? "UTC");
    let queued = false;
    for (const channel of this.channels) if (channel.queue(user, { id: game.id, name: game.name }, words, settings)) queued = true;
    return queued;
  }

  private wake(): void {
    for (const channel of this.channels) channel.wake();
  }
}
