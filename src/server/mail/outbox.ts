/**
 * The outbox: every mail is written here first, in the transaction that decides it (a duty
 * found, a link made), and sent by one worker, so that a crash between the decision and the
 * sending loses nothing: a server starting sends what is left. A mail the relay cannot take
 * now is tried again after 1, 5 and 30 minutes, 2 and 6 hours, then given up; one it refuses
 * for good is given up at once, and an address refused twice since it was verified is marked
 * bouncing: nothing but a verification link goes there until it is verified again.
 */
import { randomBytes } from "node:crypto";
import type { SqlDatabase, SqlStatement } from "../../store/sqlite-driver.js";
import { QueueWorker, retryBackoffMs } from "../notify/queue-worker.js";
import { SendFailure, type Mailer, type StoredMail } from "./transport.js";

/** Refusals for good, since the address was verified, that mark it bouncing. */
const bouncesToMark = 2;
/** A recipient is sent at most this many notifications (or answers to a stranger) a minute; the rest wait for the next minute. */
const perMinute = 10;
/** How often the worker looks for mail due, besides being woken by each new one. */
const pollMs = 30_000;

interface Row {
  id: number;
  user_id: string | null;
  address: string;
  mail: string;
  attempts: number;
}

export class Outbox {
  private readonly q: Record<string, SqlStatement>;
  private readonly worker: QueueWorker<Row>;

  constructor(
    private readonly db: SqlDatabase,
    private readonly mailer: Mailer,
    private readonly clock: () => number,
    /** The host part of Message-IDs: the server's public name. */
    private readonly host: string,
    /** Tells the log of a mail given up (the server's own logger). */
    private readonly warn: (what: object, words: string) => void,
  ) {
    this.worker = new QueueWorker(
      () => this.q.due!.all(this.clock()) as unknown as Row[],
      (row) => this.sendOne(row),
      pollMs,
      warn,
      "outbox",
    );
    this.q = {
      insert: db.prepare("INSERT INTO outbox (user_id, address, mail, created_at, next_at) VALUES (?, ?, ?, ?, ?)"),
      due: db.prepare(
        "SELECT id, user_id, address, mail, attempts FROM outbox WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_at <= ? ORDER BY id LIMIT 20",
      ),
      sent: db.prepare("UPDATE outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?"),
      // A link's token is kept hashed elsewhere; its mail's text (the token itself) goes once it is sent or given up.
      forgetLink: db.prepare("UPDATE outbox SET mail = json_object('kind', 'link') WHERE id = ? AND json_extract(mail, '$.kind') = 'link'"),
      retry: db.prepare("UPDATE outbox SET next_at = ?, attempts = attempts + 1, last_error = ? WHERE id = ?"),
      postpone: db.prepare("UPDATE outbox SET next_at = ? WHERE id = ?"),
      giveUp: db.prepare("UPDATE outbox SET gave_up_at = ?, attempts = attempts + 1, last_error = ? WHERE id = ?"),
      // Only what the recipient did not ask for counts: notifications, and answers to mail from an unknown address.
      sentLately: db.prepare(
        "SELECT count(*) AS n FROM outbox WHERE address = ? AND sent_at > ? AND (user_id IS NULL OR json_extract(mail, '$.kind') <> 'reply')",
      ),
      address: db.prepare("SELECT email, email_verified_at, email_failing_at FROM users WHERE id = ?"),
      bounces: db.prepare("SELECT count(*) AS n FROM outbox WHERE address = ? AND gave_up_at >= ? AND last_error LIKE 'refused for good:%'"),
      markBouncing: db.prepare("UPDATE users SET email_failing_at = ? WHERE id = ? AND email = ?"),
    };
  }

  /** A Message-ID of this server's. */
  messageId(): string {
    return `<${randomBytes(12).toString("base64url")}@${this.host}>`;
  }

  /** Queues a mail; call inside the transaction that decided it, then {@link wake} once it commits. */
  add(userId: string | null, mail: StoredMail): void {
    const now = this.clock();
    this.db.transaction(() => this.q.insert!.run(userId, mail.to, JSON.stringify(mail), now, now));
  }

  /** Sends what is due now (and again later, by the poll): after a commit that queued mail, and at start. */
  wake(): void {
    this.worker.wake();
  }

  /** Stops the worker; a mail being sent finishes. */
  stop(): Promise<void> {
    return this.worker.stop();
  }

  private async sendOne(row: Row): Promise<void> {
    const mail = JSON.parse(row.mail) as StoredMail;
    const now = this.clock();
    const owner =
      row.user_id === null
        ? undefined
        : (this.q.address!.get(row.user_id) as { email: string | null; email_verified_at: number | null; email_failing_at: number | null } | undefined);
    // Only a link may go to an address not (or no longer) verified, and only to the one the account has now.
    const reachable =
      owner !== undefined && owner.email === row.address && (mail.kind === "link" || (owner.email_verified_at !== null && owner.email_failing_at === null));
    if (row.user_id !== null && !reachable) {
      this.db.transaction(() => {
        this.q.giveUp!.run(now, "the address is no longer the account's, verified and working", row.id);
        this.q.forgetLink!.run(row.id);
      });
      return;
    }
    // Everything but a player's answers to their own mails is held back past the rate (links too: no one mails a victim through us).
    const limited = mail.kind !== "reply" || row.user_id === null;
    if (limited && (this.q.sentLately!.get(row.address, now - 60_000) as { n: number }).n >= perMinute) {
      this.db.transaction(() => this.q.postpone!.run(now + 60_000, row.id));
      return;
    }
    try {
      await this.mailer.send(mail);
      this.db.transaction(() => {
        this.q.sent!.run(this.clock(), row.id);
        this.q.forgetLink!.run(row.id);
      });
    } catch (err) {
      const failure = err instanceof SendFailure ? err : new SendFailure(String(err), false);
      const later = retryBackoffMs[row.attempts];
      this.db.transaction(() => {
        if (failure.permanent || later === undefined) {
          this.q.giveUp!.run(this.clock(), `${failure.permanent ? "refused for good" : "gave up"}: ${failure.message}`, row.id);
          if (failure.permanent && row.user_id !== null && owner?.email_verified_at != null) {
            const { n } = this.q.bounces!.get(row.address, owner.email_verified_at) as { n: number };
            if (n >= bouncesToMark) this.q.markBouncing!.run(this.clock(), row.user_id, row.address);
          }
          this.q.forgetLink!.run(row.id);
        } else this.q.retry!.run(this.clock() + later, failure.message, row.id);
      });
      if (failure.permanent || later === undefined) this.warn({ outbox: row.id, error: failure.message }, `a mail to ${row.address} was given up`);
    }
  }
}
