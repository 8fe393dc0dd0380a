/**
 * Playing by mail: one mail read from the server's mailbox, acted on as its sender, answered in
 * words. The mail must come to a player's own address for the game (play-addresses.ts) from
 * that account's verified address: a right address with another sender changes nothing, and
 * the account's owner is told, not the sender. A mail is acted on once (table `mail_seen`, by
 * Message-ID); an automatic one (an auto-reply, a bounce, a list) is never answered, so that
 * two robots cannot write to each other forever.
 */
import { createHash } from "node:crypto";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { ActionError } from "../../kernel/action-error.js";
import { logEntryFor } from "../../kernel/visibility.js";
import { formatAct } from "../../present/format-log.js";
import { FieldError } from "../../present/form-fields.js";
import { describeForm } from "../../present/form-words.js";
import type { SqlDatabase, SqlStatement } from "../../store/sqlite-driver.js";
import type { Accounts } from "../accounts.js";
import { ApiError } from "../errors.js";
import type { GameHub } from "../hub.js";
import type { GameMail, MailWriter, Recipient } from "./compose.js";
import { ownLines, readCommand, type MailCommand } from "./mail-command.js";
import type { Outbox } from "./outbox.js";
import type { PlayAddresses } from "./play-addresses.js";
import type { Game } from "../../kernel/game.js";

/** The largest mail acted on; a move is a few lines, rule code a few kilobytes. */
export const maxMailBytes = 1024 * 1024;

/** The addresses of a header as mailparser gives it: address objects for the headers it knows, text for others. */
const addresses = (field: unknown): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((o: unknown) =>
      typeof o === "string"
        ? o.split(",").map((a) => a.replace(/^.*<(.*)>.*$/, "$1").trim())
        : Array.isArray((o as AddressObject).value)
          ? (o as AddressObject).value.map((v) => v.address ?? "")
          : [],
    )
    .filter(Boolean);

/** Mail no person wrote: RFC 3834's Auto-Submitted, bulk or list precedence, a bounce (empty return path) or a mailer daemon. */
function automatic(mail: ParsedMail): boolean {
  const header = (name: string) => String(mail.headers.get(name) ?? "").toLowerCase();
  const auto = header("auto-submitted");
  if (auto && auto !== "no") return true;
  if (/^(bulk|junk|list|auto_reply)$/.test(header("precedence").trim())) return true;
  if (mail.headers.has("x-autoreply") || mail.headers.has("x-autorespond")) return true;
  const returnPath = mail.headerLines.find((h) => h.key === "return-path")?.line ?? "";
  if (/<\s*>/.test(returnPath)) return true;
  return /^(mailer-daemon|postmaster)@/i.test(mail.from?.value[0]?.address ?? "");
}

export class MailPlay {
  private readonly q: Record<string, SqlStatement>;

  constructor(
    private readonly db: SqlDatabase,
    private readonly accounts: Accounts,
    private readonly hub: GameHub,
    private readonly playAddresses: PlayAddresses,
    private readonly writer: MailWriter,
    private readonly outbox: Outbox,
    private readonly clock: () => number,
  ) {
    this.q = {
      seen: db.prepare("INSERT INTO mail_seen (message_id, seen_at) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING message_id"),
    };
  }

  /** Acts on one mail as the mailbox gave it; what the mail says never makes this throw. */
  async handle(source: Buffer, size = source.length): Promise<void> {
    const mail = await simpleParser(source);
    const id = mail.messageId ?? createHash("sha256").update(source).digest("base64url");
    // Marked before acting: a crash mid-way loses this one move rather than risk making it twice.
    const first = this.db.transaction(() => this.q.seen!.get(id, this.clock()) !== undefined);
    if (!first || automatic(mail)) return;
    const from = mail.from?.value[0]?.address?.toLowerCase();
    if (!from) return;
    const sender: Recipient = { address: from, displayName: mail.from?.value[0]?.name || from };
    const answering = { subject: mail.subject ?? "", messageId: mail.messageId ?? null };
    // Delivered-To and X-Original-To name the address it was delivered to (a Bcc, a forward): mailparser reads them as addresses.
    const header = (name: string) => mail.headers.get(name);
    const to = [...addresses(mail.to), ...addresses(mail.cc), ...addresses(header("delivered-to")), ...addresses(header("x-original-to"))];
    const owner = this.playAddresses.owner(to);
    if (!owner) {
      // Answered only where the sender is an account's verified address: a forged sender gets no mail from us (no backscatter).
      if (!this.accounts.userByEmail(from)) return;
      this.send(sender, null, answering, [
        "This address is not (or is no longer) anyone's address for playing a game, so your mail changed nothing.",
        "Your own address for a game is the Reply-To of the mails the game sends you; answer one of them.",
      ]);
      return;
    }
    const user = this.accounts.user(owner.userId);
    if (!user?.email || user.emailStatus !== "verified") return;
    const player: Recipient = { address: user.email, displayName: user.displayName };
    if (user.email.toLowerCase() !== from) {
      // Told to the owner, never to the sender: a forger learns nothing, and the owner can change the address.
      const notice = [
        `A mail to your address for playing a game came from ${from}, not from your address, so it was refused and changed nothing.`,
        `Its subject: "${answering.subject.slice(0, 200)}".`,
        "If someone else has your game address, give the game a new one in its settings.",
      ];
      this.send(player, null, { subject: "A mail claiming to be from you was refused", messageId: null }, notice, user.id);
      return;
    }
    const game = await this.hub.get(owner.gameId);
    const membership = this.accounts.membership(owner.gameId, owner.userId);
    if (!game || !membership) {
      this.send(player, null, answering, ["You no longer play in that game, so your mail changed nothing."]);
      return;
    }
    const about = { id: game.id, name: game.state.name, replyTo: this.playAddresses.addressOf(owner.userId, owner.gameId) };
    const answer = (lines: string[]) => this.send(player, about, answering, lines, owner.userId);
    if (size > maxMailBytes)
      return answer([`Your mail is over ${maxMailBytes / 1024 / 1024} MB, so it was not read. Send the move alone, without large attachments.`]);
    const attached = (mail.attachments ?? []).map((a) => ({ filename: a.filename ?? "attachment", content: a.content.toString("utf8") }));
    const other = attached.find((a) => !/\.(ts|js)$/i.test(a.filename));
    if (other)
      return answer([`${other.filename} is not rule code (a .ts file), so your mail was not acted on. Attach only rule code, or put the text in the mail.`]);
    let command: MailCommand;
    try {
      command = readCommand(ownLines(mail.text ?? ""), game.actions(), attached);
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      return answer([`Your mail could not be read as a move: ${err.message}. Nothing was done.`, "", ...(await this.help(game, membership.playerId))]);
    }
    await this.perform(game, membership.playerId, owner.userId, command, answer);
  }

  private async perform(game: Game, player: string, userId: string, command: MailCommand, answer: (lines: string[]) => void): Promise<void> {
    if (command.kind === "empty") return answer(["Your mail says nothing to do, so nothing was done.", "", ...(await this.help(game, player))]);
    if (command.kind === "help") return answer(await this.help(game, player));
    try {
      if (command.kind === "post") {
        if (!command.text) return answer(["Your mail has no text to post, so nothing was posted.", "", ...(await this.help(game, player))]);
        const { id } = await this.hub.message(game, player, { op: "post", channel: command.channel, text: command.text }, userId);
        return answer([`Posted to the ${command.channel} channel as message ${id}.`]);
      }
      const outcome = await this.hub.change(game, (g) => g.act(player, command.action, command.input));
      const entry = logEntryFor(game.state, outcome.act, player);
      const name = (id: string) => game.state.players.find((p) => p.id === id)?.name ?? id;
      const words = formatAct({ ...outcome.act, input: entry.input }, entry.effects, name).split("\n");
      return answer([
        outcome.failed ? `Recorded, but it had no effect: rule ${outcome.failed.rule}'s code failed (${outcome.failed.error}).` : "Recorded:",
        ...words.map((w) => `  ${w}`),
      ]);
    } catch (err) {
      // Not the rules' refusal (a conflict, a disk that refused the write): the player is told it was not done, in the server's words.
      if (err instanceof ApiError) return answer([`Not done: ${err.message}. Send it again in a moment.`]);
      if (!(err instanceof ActionError)) throw err;
      if (err.code === "refused") return answer([`Refused${err.rule !== null ? ` by rule ${err.rule}` : ""}: ${err.message}. Nothing was done.`]);
      return answer([`Not done: ${err.message}.`, "", ...(await this.help(game, player))]);
    }
  }

  /** The actions open to the player now, with their forms: what a mail may say. */
  private async help(game: Game, player: string): Promise<string[]> {
    const { refused } = await this.hub.read(game, (g) => g.standing(player));
    const open = game.actions().filter((a) => !refused[a.name]);
    if (!open.length) return ["No action is open to you now; a mail with no action's name is posted to the game's General channel."];
    return [
      "What you can do now, each as the first line of a mail (its fields on the lines below, as name: value):",
      ...open.flatMap((a) => ["", `${a.name}: ${a.describe}`, ...describeForm(a.input, "    ")]),
      "",
      "A mail whose first line names no action is posted to the game's General channel.",
    ];
  }

  /** Queues an answer; `userId` where it goes to an account's address (sent only while that stays verified). */
  private send(
    to: Recipient,
    game: GameMail | null,
    answering: { subject: string; messageId: string | null },
    lines: string[],
    userId: string | null = null,
  ): void {
    this.outbox.add(userId, this.writer.reply(to, game, answering, lines));
    this.outbox.wake();
  }
}
