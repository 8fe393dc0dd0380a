/**
 * The server's mail, put together: the outbox and its worker, the links sent by mail, the
 * words of each mail, notifications by mail and the mailbox read for moves. Made only when the operator gave a relay
 * (--smtp-url) and the address players use (--public-url); without them the server sends none.
 */
import type { SqlDatabase } from "../../store/sqlite-driver.js";
import type { Accounts, User } from "../accounts.js";
import { MailWriter } from "./compose.js";
import { serverKey, Signer } from "./keys.js";
import { Mailbox } from "./mailbox.js";
import { MailPlay, maxMailBytes } from "./mail-play.js";
import { PlayAddresses } from "./play-addresses.js";
import type { GameHub } from "../hub.js";
import { Links } from "./links.js";
import { Outbox } from "./outbox.js";
import { Digests } from "./digests.js";
import { MailNotices } from "./mail-notices.js";
import { WeeklyReports } from "./weekly-reports.js";
import type { NotificationPrefs } from "../notify/settings.js";
import { Mailer } from "./transport.js";

/** The address in "Nomos <nomos@nomic.example.org>". */
const mailboxOf = (from: string) => from.replace(/^.*<(.*)>\s*$/, "$1").trim();

export interface MailConfig {
  /** The relay: smtp://user:password@host:port (smtps:// for TLS from the start). */
  smtpUrl: string;
  /** The sender: "Nomos <nomos@nomic.example.org>"; its address is the mailbox players answer, with their token after a '+'. */
  from: string;
  /** The mailbox that address delivers to, read over IMAP: imap://user:password@host:143 (imaps:// for TLS); none: mail is not read. */
  imapUrl?: string;
}

export class MailService {
  readonly links: Links;
  readonly signer: Signer;
  /** Notifications by mail (a channel of notify/notifications.ts). */
  readonly notices: MailNotices;
  private readonly outbox: Outbox;
  private readonly writer: MailWriter;
  private readonly mailer: Mailer;
  private readonly mailbox: Mailbox | undefined;
  private readonly digests: Digests;
  /** Each game's weekly reports, by its creator's schedule. */
  readonly weekly: WeeklyReports;
  /** Each player's address for playing a game by mail; absent where the server reads no mail (no --imap-url). */
  readonly plays: PlayAddresses | undefined;

  constructor(
    private readonly db: SqlDatabase,
    private readonly accounts: Accounts,
    prefs: NotificationPrefs,
    config: MailConfig & { publicUrl: string },
    clock: () => number,
    log: { warn: (what: object, words: string) => void; error: (what: object, words: string) => void },
    hub: GameHub,
  ) {
    this.mailer = new Mailer(config.smtpUrl, config.from);
    const host = new URL(config.publicUrl).hostname;
    this.outbox = new Outbox(db, this.mailer, clock, host, log.warn);
    this.writer = new MailWriter(config.publicUrl, () => this.outbox.messageId());
    this.links = new Links(db, clock);
    this.signer = new Signer(db);
    const plays = config.imapUrl ? new PlayAddresses(db, serverKey(db, "play-addresses"), mailboxOf(config.from)) : undefined;
    this.plays = plays;
    const tools = { db, accounts, outbox: this.outbox, writer: this.writer, signer: this.signer, clock, warn: log.warn };
    this.weekly = new WeeklyReports(tools, prefs, hub);
    this.digests = new Digests(tools);
    this.notices = new MailNotices(this.outbox, this.writer, this.signer, this.digests, plays && ((userId, gameId) => plays.addressOf(userId, gameId)));
    if (config.imapUrl && plays) {
      const play = new MailPlay(db, accounts, hub, plays, this.writer, this.outbox, clock);
      this.mailbox = new Mailbox(config.imapUrl, (source, size) => play.handle(source, size), maxMailBytes, log);
    }
  }

  /** Sends what a crash left in the outbox and the digests due, and reads the mailbox. */
  start(): void {
    this.outbox.wake();
    this.digests.run();
    this.weekly.run();
    this.mailbox?.start();
  }

  async stop(): Promise<void> {
    this.digests.stop();
    await this.weekly.stop();
    await this.mailbox?.stop();
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
