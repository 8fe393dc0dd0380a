/** What each account asks to be told by mail: its own defaults, and a game's own where it set them. */
import { defaultNotificationSettings, type NotificationSettings } from "../../api/notifications.js";
import type { SqlDatabase, SqlStatement } from "../../store/sqlite-driver.js";

/** The account's row: game_id is empty. */
const account = "";

export class NotificationPrefs {
  private readonly q: Record<string, SqlStatement>;

  constructor(private readonly db: SqlDatabase) {
    this.q = {
      get: db.prepare("SELECT settings FROM notification_settings WHERE user_id = ? AND game_id = ?"),
      put: db.prepare("INSERT INTO notification_settings (user_id, game_id, settings) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET settings = excluded.settings"),
      drop: db.prepare("DELETE FROM notification_settings WHERE user_id = ? AND game_id = ?"),
      forgetDigest: db.prepare("DELETE FROM digest_items WHERE user_id = ?"),
      silenceGames: db.prepare("UPDATE notification_settings SET settings = json_patch(settings, ?) WHERE user_id = ? AND game_id <> ?"),
    };
  }

  account(userId: string): Required<NotificationSettings> {
    return this.read(userId, account) ?? defaultNotificationSettings;
  }

  game(userId: string, gameId: string): { settings: Required<NotificationSettings>; own: boolean } {
    const own = this.read(userId, gameId);
    return { settings: own ?? this.account(userId), own: own !== undefined };
  }

  /** A setting left out stays as it was. */
  setAccount(userId: string, settings: NotificationSettings): void {
    this.db.transaction(() => this.q.put!.run(userId, account, JSON.stringify({ ...this.account(userId), ...settings })));
  }

  /** The game's own settings, or (null) the account's from now on. */
  setGame(userId: string, gameId: string, settings: NotificationSettings | null): void {
    const now = this.game(userId, gameId).settings;
    this.db.transaction(() => (settings ? this.q.put!.run(userId, gameId, JSON.stringify({ ...now, ...settings })) : this.q.drop!.run(userId, gameId)));
  }

  /** Nothing more for the account, in any game, and no digest still waiting (a digest's one-click unsubscribe: a digest spans games). */
  silence(userId: string, off: NotificationSettings): void {
    this.db.transaction(() => {
      this.setAccount(userId, off);
      this.q.silenceGames!.run(JSON.stringify(off), userId, account);
      this.q.forgetDigest!.run(userId);
    });
  }

  private read(userId: string, gameId: string): Required<NotificationSettings> | undefined {
    const row = this.q.get!.get(userId, gameId) as { settings: string } | undefined;
    // Settings added later read as their defaults in rows written before them.
    return row && { ...defaultNotificationSettings, ...(JSON.parse(row.settings) as Partial<NotificationSettings>) };
  }
}
