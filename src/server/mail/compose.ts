/**
 * The words of every mail the server sends. A notification says only what the recipient's own
 * page would show them: the game's name, the rule's words for what awaits them (said by the rules
 * to every player), a link. Every notification can be ended in one click (List-Unsubscribe, RFC
 * 8058), threads with the game's other mails, and says it is automatic (RFC 3834), so that an
 * auto-responder does not answer it.
 */
import type { StoredMail } from "./transport.js";

/** One thing a game awaits of its recipient. */
export interface Duty {
  does: string;
  rule: number;
  /** When it lapses, by the game's clock. */
  until?: number;
}

/** The game a mail is about, and the recipient's own address for playing it by mail, where the server reads mail. */
export interface GameMail {
  id: string;
  name: string;
  replyTo?: string;
}

export interface Recipient {
  address: string;
  displayName: string;
  /** Where deadlines are told in: the recipient's zone, or the game's. */
  timeZone?: string;
}

/** "Tue 1 Dec 2026, 14:00 (Europe/Paris)": a moment in the recipient's zone. */
export function momentIn(time: number, zone = "UTC"): string {
  const words = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(time);
  return `${words} (${zone})`;
}

const dutyLine = (d: Duty, zone?: string) => `  - ${d.does} (rule ${d.rule})${d.until !== undefined ? `, by ${momentIn(d.until, zone)}` : ""}`;

export class MailWriter {
  private readonly base: string;
  private readonly host: string;

  constructor(
    publicUrl: string,
    private readonly messageId: () => string,
  ) {
    this.base = publicUrl.replace(/\/+$/, "");
    this.host = new URL(publicUrl).hostname;
  }

  verify(to: Recipient, token: string): StoredMail {
    return this.mail(to, "link", "Verify your e-mail address for Nomos", [
      `Hello ${to.displayName},`,
      "",
      "Someone (you, we hope) gave this address to a Nomos account. To have the games you play",
      "mail you here, open this link within 24 hours:",
      "",
      `${this.base}/account/verify#${token}`,
      "",
      "If it was not you, ignore this mail: nothing is sent here unless the link is opened.",
    ]);
  }

  reset(to: Recipient, username: string, token: string): StoredMail {
    return this.mail(to, "link", "Reset your Nomos password", [
      `Hello ${to.displayName},`,
      "",
      `Someone asked to reset the password of the Nomos account "${username}". To choose a new`,
      "one, open this link within the hour (it works once):",
      "",
      `${this.base}/reset-password#${token}`,
      "",
      "If it was not you, ignore this mail: your password stays as it is.",
    ]);
  }

  /** Sent to the account's address when its password changes, so that a change not its owner's is noticed. */
  passwordChanged(to: Recipient, how: "changed" | "reset"): StoredMail {
    return this.mail(to, "notice", "Your Nomos password was changed", [
      `Hello ${to.displayName},`,
      "",
      `The password of your Nomos account was ${how}, and your other sessions ended.`,
      "If it was not you, reset it at once:",
      "",
      `${this.base}/reset-password`,
    ]);
  }

  duties(to: Recipient, game: GameMail, duties: Duty[], unsubscribe: string): StoredMail {
    const first = duties[0]!;
    const subject = `${game.name}: the game waits for you to ${first.does}${duties.length > 1 ? ` (and ${duties.length - 1} more)` : ""}`;
    return this.notification(to, game, subject, unsubscribe, [
      `In "${game.name}", the game waits for you:`,
      "",
      ...duties.map((d) => dutyLine(d, to.timeZone)),
      ...(game.replyTo ? ["", 'You can answer this mail to play: its first line names the action ("vote 301 for"; "help" lists them).'] : []),
    ]);
  }

  /** Before a duty lapses; `now` by the host's clock, `duty.until` too. */
  reminder(to: Recipient, game: GameMail, duty: Duty, now: number, unsubscribe: string): StoredMail {
    const left = Math.max(1, Math.round((duty.until! - now) / 3_600_000));
    return this.notification(to, game, `${game.name}: reminder, ${left === 1 ? "an hour" : `${left} hours`} left to ${duty.does}`, unsubscribe, [
      `In "${game.name}", the game still waits for you, for about ${left === 1 ? "an hour" : `${left} hours`} more:`,
      "",
      dutyLine({ does: duty.does, rule: duty.rule }, to.timeZone),
      ...(game.replyTo ? ["", 'You can answer this mail to play: its first line names the action ("help" lists them).'] : []),
    ]);
  }

  outcomes(to: Recipient, game: GameMail, outcomes: { kind: string; number: string; status: string }[], unsubscribe: string): StoredMail {
    const line = (o: (typeof outcomes)[number]) => `${o.kind} ${o.number}: ${o.status}`;
    return this.notification(to, game, `${game.name}: ${line(outcomes[0]!)}${outcomes.length > 1 ? ` (and ${outcomes.length - 1} more)` : ""}`, unsubscribe, [
      `In "${game.name}":`,
      "",
      ...outcomes.map((o) => `  - ${line(o)}`),
    ]);
  }

  gameOver(to: Recipient, game: GameMail, how: string, unsubscribe: string): StoredMail {
    return this.notification(to, game, `${game.name}: the game is over`, unsubscribe, [`"${game.name}" is over: ${how}.`]);
  }

  /** The answer to a mail a player sent the game (a move, a message, a refusal), in the game's thread. */
  reply(to: Recipient, game: GameMail | null, answering: { subject: string; messageId: string | null }, lines: string[]): StoredMail {
    const subject = /^re:/i.test(answering.subject) ? answering.subject : `Re: ${answering.subject || (game?.name ?? "your mail")}`;
    const mail = this.mail(to, "reply", subject, [
      `Hello ${to.displayName},`,
      "",
      ...lines,
      ...(game ? ["", `Open the game: ${this.base}/games/${game.id}`] : []),
    ]);
    mail.headers["Auto-Submitted"] = "auto-replied";
    if (game) mail.references = `<game.${game.id}@${this.host}>`;
    if (answering.messageId) mail.inReplyTo = answering.messageId;
    if (game?.replyTo) mail.replyTo = game.replyTo;
    return mail;
  }

  private notification(to: Recipient, game: GameMail, subject: string, unsubscribe: string, lines: string[]): StoredMail {
    const stop = `${this.base}/unsubscribe/${unsubscribe}`;
    const mail = this.mail(to, "notification", subject, [
      `Hello ${to.displayName},`,
      "",
      ...lines,
      "",
      `Open the game: ${this.base}/games/${game.id}`,
      "",
      "-- ",
      `You get this because you play in "${game.name}". To choose what you are told: ${this.base}/account`,
      `To stop all mail from this game: ${stop}`,
    ]);
    mail.references = `<game.${game.id}@${this.host}>`;
    mail.headers["List-Unsubscribe"] = `<${stop}>`;
    mail.headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
    mail.headers["List-Id"] = `<${game.id}.games.${this.host}>`;
    if (game.replyTo) mail.replyTo = game.replyTo;
    return mail;
  }

  private mail(to: Recipient, kind: StoredMail["kind"], subject: string, lines: string[]): StoredMail {
    return {
      to: to.address,
      subject: oneLine(subject),
      text: `${lines.join("\n")}\n`,
      messageId: this.messageId(),
      headers: { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All", Precedence: "bulk" },
      kind,
    };
  }
}

/** A subject on one line, not too long to read in a list. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 150 ? `${flat.slice(0, 149)}…` : flat;
}
