/**
 * The words of every mail the server sends. A notification says only what the recipient's own
 * page would show them: the game's name, the rule's words for what awaits them (said by the rules
 * to every player), a link. Every notification can be ended in one click (List-Unsubscribe, RFC
 * 8058), threads with the game's other mails, and says it is automatic (RFC 3834), so that an
 * auto-responder does not answer it.
 */
import type { Notice } from "../notify/notices.js";
import type { StoredMail } from "./transport.js";

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

  /** A day's notifications in one mail, game by game; its one click ends all mail to the account, since it spans games. */
  digest(to: Recipient, games: { game: GameMail; notices: Notice[] }[], unsubscribe: string): StoredMail {
    const count = games.reduce((n, g) => n + g.notices.length, 0);
    const stop = `${this.base}/unsubscribe/${unsubscribe}`;
    const mail = this.mail(
      to,
      "notification",
      `Your Nomos digest: ${count === 1 ? "1 notification" : `${count} notifications`} from ${games.length === 1 ? `"${games[0]!.game.name}"` : `${games.length} games`}`,
      [
        `Hello ${to.displayName},`,
        "",
        "Since your last digest:",
        ...games.flatMap(({ game, notices }) => [
          "",
          `${game.name} (${this.base}/games/${game.id})`,
          // Each notice's own lines (its duties and their deadlines), under its subject.
          ...notices.flatMap((n) => [
            `  - ${n.subject.replace(`${game.name}: `, "")}`,
            ...n.lines
              .slice(1)
              .filter((l) => l.trim())
              .map((l) => `    ${l.trim()}`),
          ]),
        ]),
        "",
        "-- ",
        `You get this digest once a day, as you chose. To choose what you are told, and how: ${this.base}/account`,
        `To stop all mail from your games: ${stop}`,
      ],
    );
    mail.headers["List-Unsubscribe"] = `<${stop}>`;
    mail.headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
    return mail;
  }

  /** The week's records of a game, as its reader may see them: the short ruleset, then the proposals report. */
  weeklyReports(to: Recipient, game: GameMail, reports: string[], unsubscribe: string): StoredMail {
    return this.notification(
      to,
      game,
      {
        subject: `${game.name}: this week's ruleset and proposals`,
        lines: [`This week's records of "${game.name}":`, ...reports.flatMap((r) => ["", r.trimEnd()])],
      },
      unsubscribe,
    );
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

  /** A notification (notify/notices.ts) as a mail: greeted, with the game's link, how to answer it where mail is read, and how to stop it. */
  notification(to: Recipient, game: GameMail, notice: Notice, unsubscribe: string): StoredMail {
    const stop = `${this.base}/unsubscribe/${unsubscribe}`;
    const mail = this.mail(to, "notification", notice.subject, [
      `Hello ${to.displayName},`,
      "",
      ...notice.lines,
      ...(game.replyTo ? ["", 'You can answer this mail to play: its first line names the action ("vote 301 for"; "help" lists them).'] : []),
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
