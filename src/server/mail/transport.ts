/**
 * Sending mail: SMTP through nodemailer to the operator's relay (--smtp-url). A refusal the
 * relay gives for good (a 5xx reply) is told apart from one worth trying again.
 */
import nodemailer, { type Transporter } from "nodemailer";

/** A mail as the outbox keeps it: everything needed to send it again, the same, after a restart. */
export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  /** Its own Message-ID, kept so that a mail sent again is known to its reader as the same. */
  messageId: string;
  /** Where the recipient's answer goes: their own address for playing the game by mail. */
  replyTo?: string;
  /** The mail this one answers (a reply to a move sent by mail). */
  inReplyTo?: string;
  /** Threads a game's mails in the reader's client ("References": the game's thread id). */
  references?: string;
  headers: Record<string, string>;
  /** What the mail is about, for the outbox's rules: a verification link goes where nothing else may. */
  kind: "link" | "notice" | "notification" | "reply";
}

export class SendFailure extends Error {
  constructor(
    message: string,
    /** The relay refused it for good (5xx): trying again would not help. */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "SendFailure";
  }
}

export class Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // No pooling: the outbox sends one mail at a time, and an idle connection would hold the relay.
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: StoredMail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.references ? { references: mail.references } : {}),
        ...(mail.inReplyTo || mail.references ? { inReplyTo: mail.inReplyTo ?? mail.references } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        headers: mail.headers,
      });
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      throw new SendFailure((err as Error).message, typeof code === "number" && code >= 500 && code < 600);
    }
  }

  close(): void {
    this.transport.close();
  }
}
