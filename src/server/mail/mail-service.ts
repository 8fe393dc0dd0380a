/**
 * The server's mail, put together: the outbox and its worker, the links sent by mail, the
 * words of each mail, and the notifier of duties. Made only when the operator gave a relay
 * (--smtp-url) and the address players use (--public-url); without them the server sends none.
 */
import type { SqlDatabase } from "../../store/sqlite-driver.js";
import type { Accounts, User } from "../accounts.js";
import { MailWriter } from "./compose.js";
import { DutyNotifier, type GameNow } from "./duties.js";
import { Signer } from "./keys.js";
import { Links } from "./links.js";
import { Outbox } from "./outbox.js";
import type { NotificationPrefs } from "./settings.js";
import { Mailer } from "./transport.js";

export interface MailConfig {
  /** The relay: smtp://user:password@host:port (smtps:// for TLS from the start). */
  smtpUrl: string;
  /** The sender: "Nomos <nomos@nomic.example.org>". */
  from: string;
}

export class MailService {
  readonly links: Links;
  readonly signer: Signer;
  readonly notifier: DutyNotifier;
  private readonly outbox: Outbox;
  private readonly writer: MailWriter;
  private readonly mailer: Mailer;

  constructor(
    private readonly db: SqlDatabase,
    private readonly accounts: Accounts,
    prefs: NotificationPrefs,
    config: MailConfig & { publicUrl: string },
    clock: () => number,
    log: { warn: (what: object, words: string) => void; error: (what: object, words: string) => void },
    read: (gameId: string) => Promise<GameNow | undefined>,
  ) {
    this.mailer = new Mailer(config.smtpUrl, config.from);
    const host = new URL(config.publicUrl).hostname;
    this.outbox = new Outbox(db, this.mailer, clock, host, log.warn);
    this.writer = new MailWriter(config.publicUrl, () => this.outbox.messageId());
    this.links = new Links(db, clock);
    this.signer = new Signer(db);
    this.notifier = new DutyNotifier(db, accounts, prefs, this.outbox, this.writer, this.signer, read, (gameId, err) =>
      log.error({ err, gameId }, "what the game awaits could not be read for its players' mail; it is read again after its next act or restart"),
    );
  }

  /** Sends what a crash left in the outbox, and looks at the games whose acts went past what was last seen. */
  start(): void {
    this.outbox.wake();
    this.notifier.catchUp();
  }

  async stop(): Promise<void> {
    await this.notifier.settled();
    await this.outbox.stop();
    this.mailer.close();
  }

  /** Runs `work` in one transaction, with the mail it queues and the links it uses. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work);
  }

  /** Gives the account a new address (or none) and, for an address, sends the link that verifies it. */
  changeAddress(user: User, address: string | null): void {
    this.db.transaction(() => {
      this.accounts.setEmail(user.id, address);
      if (address === null) return;
      const token = this.links.make(user.id, "verify", address);
      this.outbox.add(user.id, this.writer.verify({ address, displayName: user.displayName }, token));
    });
    this.outbox.wake();
  }

  /** Sends a password reset link to the account's verified address. */
  sendReset(user: User): void {
    if (!user.email || user.emailStatus !== "verified") return;
    const address = user.email;
    this.db.transaction(() => {
      const token = this.links.make(user.id, "reset", null);
      this.outbox.add(user.id, this.writer.reset({ address, displayName: user.displayName }, user.username, token));
    });
    this.outbox.wake();
  }

  /** Tells the account's owner that its password changed, where they have a verified address. */
  passwordChanged(user: User, how: "changed" | "reset"): void {
    if (!user.email || user.emailStatus !== "verified") return;
    this.outbox.add(user.id, this.writer.passwordChanged({ address: user.email, displayName: user.displayName }, how));
    this.outbox.wake();
  }
}
