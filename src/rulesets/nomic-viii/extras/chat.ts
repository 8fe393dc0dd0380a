/**
 * The season's chat: messages posted, edited, deleted and redacted as a server records them,
 * each act in the game's log and its text in the file's messages table, in one transaction.
 * So a game the scripted players leave behind reads on a server like any other, and a
 * redaction removes its text for good.
 */
import type { Game } from "../../../kernel/game.js";
import type { MessageOp } from "../../../kernel/messages.js";
import { type MessageRow, MessageTable, recordMessage } from "../../../server/messages.js";
import type { SqliteStore } from "../../../store/sqlite-store.js";

export class Chat {
  private readonly table: MessageTable;

  constructor(
    private readonly store: SqliteStore,
    private readonly game: Game,
  ) {
    this.table = MessageTable.of(store);
  }

  private op(person: string, op: MessageOp): Promise<number> {
    return recordMessage(this.store, this.table, this.game, person, op);
  }

  /** Posts `text` in a channel; the message's number. */
  post(person: string, channel: string, text: string): Promise<number> {
    return this.op(person, { op: "post", channel, text });
  }

  edit(person: string, message: number, text: string): Promise<number> {
    return this.op(person, { op: "edit", message, text });
  }

  delete(person: string, message: number): Promise<number> {
    return this.op(person, { op: "delete", message });
  }

  redact(person: string, message: number, reason: string): Promise<number> {
    return this.op(person, { op: "redact", message, reason });
  }

  /** A message as the table keeps it now (its text null once deleted or redacted). */
  message(number: number): MessageRow | undefined {
    return this.table.get(this.game.id, number);
  }
}
