/**
 * The server's notifications, put together: the notifier of duties, outcomes and games' ends,
 * told of each game's durable acts by the hub, and its reminders, which fall due with the clock
 * rather than with acts. Made where at least one channel (mail, push) is set up.
 */
import type { SqlDatabase } from "../../store/sqlite-driver.js";
import type { Accounts } from "../accounts.js";
import type { GameHub } from "../hub.js";
import { DutyNotifier, type NoticeChannel } from "./duties.js";
import { gameNow } from "./game-now.js";
import type { NotificationPrefs } from "./settings.js";

export class Notifications {
  private readonly notifier: DutyNotifier;
  private reminders: NodeJS.Timeout | undefined;

  constructor(
    db: SqlDatabase,
    accounts: Accounts,
    prefs: NotificationPrefs,
    channels: NoticeChannel[],
    hub: GameHub,
    clock: () => number,
    private readonly log: { error: (what: object, words: string) => void },
  ) {
    this.notifier = new DutyNotifier(
      db,
      accounts,
      prefs,
      channels,
      (id) => gameNow(hub, id),
      (gameId, err) =>
        log.error({ err, gameId }, "what the game awaits could not be read for its players' notifications; it is read again after its next act or restart"),
      clock,
    );
    hub.onActs((id) => this.notifier.changed(id));
  }

  /** Looks at the games whose acts went past what was last seen, then for reminders each minute. */
  start(): void {
    this.notifier.catchUp();
    this.reminders = setInterval(() => {
      try {
        this.notifier.remind();
      } catch (err) {
        this.log.error({ err }, "reminders could not be looked for; looked for again in a minute");
      }
    }, 60_000);
    this.reminders.unref();
  }

  /** Waits for the looks under way; the channels stop after. */
  async stop(): Promise<void> {
    clearInterval(this.reminders);
    await this.notifier.settled();
  }
}
