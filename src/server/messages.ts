/**
 * The text of each game's messages, kept beside the acts that record them (the log holds no
 * text: src/kernel/messages.ts). A message act and its row commit together (GameHub.message);
 * deleting or redacting a message empties its text here for good, while its acts stay.
 */
import type { Game } from "../kernel/game.js";
import type { GameStore } from "../kernel/game-store.js";
import type { MessageOp } from "../kernel/messages.js";
import type { MessageInput } from "../kernel/types.js";
import type { ArchivedMessage } from "../records/archive/index.js";
import type { SqlDatabase, SqlStatement } from "../store/sqlite-driver.js";
import type { SqliteStore } from "../store/sqlite-store.js";

export interface MessageRow {
  id: number;
  channel: string;
  /** The author's person id in the game. */
  author: string;
  /** The author's account, when the message was posted through one. */
  userId: string | null;
  text: string | null;
  at: number;
  editedAt: number | null;
  deleted: boolean;
  redacted: { by: string; reason: string } | null;
}

interface Raw {
  number: number;
  channel: string;
  person: string;
  user_id: string | null;
  body: string | null;
  created_at: number;
  edited_at: number | null;
  deleted: number;
  redacted_by: string | null;
  redacted_reason: string | null;
}

const row = (r: Raw): MessageRow => ({
  id: r.number,
  channel: r.channel,
  author: r.person,
  userId: r.user_id,
  text: r.body,
  at: r.created_at,
  editedAt: r.edited_at,
  deleted: r.deleted !== 0,
  redacted: r.redacted_by === null ? null : { by: r.redacted_by, reason: r.redacted_reason ?? "" },
});

/** How a message reads where its text is gone: "Deleted", "Redacted by <name>: <reason>". */
export function messageWords(m: Pick<MessageRow, "text" | "deleted" | "redacted">, name: (person: string) => string): string {
  if (m.redacted) return `Redacted by ${name(m.redacted.by)}: ${m.redacted.reason}`;
  if (m.deleted) return "Deleted";
  return m.text ?? "";
}

export class MessageTable {
  private readonly q: Record<string, SqlStatement>;

  /** The messages kept in a store's SQLite file, scrubbing its files after a text is emptied. */
  static of(store: SqliteStore): MessageTable {
    return new MessageTable(store.sql, () => store.scrub());
  }

  constructor(
    private readonly db: SqlDatabase,
    /** Clears what deleted rows left in the database's files (SqliteStore.scrub), after a text is emptied. */
    readonly scrub: () => void = () => undefined,
  ) {
    this.q = {
      last: db.prepare("SELECT MAX(number) AS last FROM messages WHERE game_id = ?"),
      insert: db.prepare("INSERT INTO messages (game_id, number, channel, person, user_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"),
      restore: db.prepare(
        "INSERT INTO messages (game_id, number, channel, person, body, created_at, edited_at, deleted, redacted_by, redacted_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ),
      edit: db.prepare("UPDATE messages SET body = ?, edited_at = ? WHERE game_id = ? AND number = ?"),
      remove: db.prepare("UPDATE messages SET body = NULL, deleted = 1 WHERE game_id = ? AND number = ?"),
      redact: db.prepare("UPDATE messages SET body = NULL, redacted_by = ?, redacted_reason = ? WHERE game_id = ? AND number = ?"),
      all: db.prepare("SELECT * FROM messages WHERE game_id = ? AND number > ? ORDER BY number LIMIT ?"),
      inChannel: db.prepare("SELECT * FROM messages WHERE game_id = ? AND channel = ? AND number > ? ORDER BY number LIMIT ?"),
      one: db.prepare("SELECT * FROM messages WHERE game_id = ? AND number = ?"),
      counts: db.prepare("SELECT channel, COUNT(*) AS n FROM messages WHERE game_id = ? GROUP BY channel"),
    };
  }

  /** The number the game's next message takes (every message has one, acts or not). */
  nextNumber(gameId: string): number {
    return Number(this.q.last!.get(gameId)?.last ?? 0) + 1;
  }

  /**
   * Writes what a message act did to the table; `text` is the text posted or the new text.
   * Called inside the act's transaction (store.alongside).
   */
  apply(gameId: string, input: MessageInput, at: number, text: string | null, userId: string | null = null): void {
    switch (input.op) {
      case "post":
        this.q.insert!.run(gameId, input.message, input.channel, input.person, userId, text, at);
        return;
      case "edit":
        this.q.edit!.run(text, at, gameId, input.message);
        return;
      case "delete":
        this.q.remove!.run(gameId, input.message);
        return;
      case "redact":
        this.q.redact!.run(input.person, input.reason, gameId, input.message);
        return;
    }
  }

  /** A message that is only talk, not an act (a game that is over): its own transaction. */
  insertTalk(gameId: string, channel: string, person: string, userId: string | null, text: string, at: number): number {
    return this.db.transaction(() => {
      const number = this.nextNumber(gameId);
      this.q.insert!.run(gameId, number, channel, person, userId, text, at);
      return number;
    });
  }

  list(gameId: string, options: { channel?: string; after?: number; limit?: number } = {}): MessageRow[] {
    const after = options.after ?? 0,
      limit = options.limit ?? 200;
    const rows = options.channel === undefined ? this.q.all!.all(gameId, after, limit) : this.q.inChannel!.all(gameId, options.channel, after, limit);
    return (rows as unknown as Raw[]).map(row);
  }

  /** The game's messages for its file (src/records/archive): every one, its text only while it stands. */
  archived(gameId: string): ArchivedMessage[] {
    return this.list(gameId, { limit: -1 }).map((m) => ({
      id: m.id,
      channel: m.channel,
      author: m.author,
      text: m.deleted || m.redacted ? null : m.text,
      at: m.at,
      editedAt: m.editedAt,
      deleted: m.deleted,
      redacted: m.redacted,
    }));
  }

  /** Writes a game file's messages (checked against its log) for the game imported as `gameId`; in the import's transaction. */
  restore(gameId: string, messages: readonly ArchivedMessage[]): void {
    for (const m of messages) {
      this.q.restore!.run(gameId, m.id, m.channel, m.author, m.text, m.at, m.editedAt, m.deleted ? 1 : 0, m.redacted?.by ?? null, m.redacted?.reason ?? null);
    }
  }

  get(gameId: string, number: number): MessageRow | undefined {
    const r = this.q.one!.get(gameId, number) as unknown as Raw | undefined;
    return r && row(r);
  }

  /** How many messages each channel of the game holds (deleted and redacted ones too). */
  counts(gameId: string): Map<string, number> {
    return new Map((this.q.counts!.all(gameId) as unknown as { channel: string; n: number }[]).map((r) => [r.channel, Number(r.n)]));
  }
}

/**
 * A person's message op on a game: its act (the rules hear it) and its text in `table` commit
 * together or not at all (store.alongside). Returns the message's number. The server's hub and
 * scripted players write messages this way, so a game file keeps every text a server would.
 */
export async function recordMessage(
  store: GameStore,
  table: MessageTable,
  game: Game,
  person: string,
  op: MessageOp,
  userId: string | null = null,
): Promise<number> {
  let id: number | undefined;
  await store.alongside(
    game.id,
    (act) => {
      if (act.input.kind !== "message") throw new Error(`game ${game.id}: act ${act.seq} is not the message its text was written for`);
      table.apply(game.id, act.input, act.time, "text" in op ? op.text : null, userId);
      id = act.input.message;
    },
    () => game.message(person, op, table.nextNumber(game.id)),
  );
  if (id === undefined) throw new Error(`game ${game.id}: the message was recorded without its text`);
  // A text deleted or redacted is gone for good: from the files too, not only from the table.
  if (op.op === "delete" || op.op === "redact") table.scrub();
  return id;
}
