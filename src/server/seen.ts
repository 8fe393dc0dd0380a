/**
 * The last act each player has seen of each game (memberships.seen_seq), kept on the server so
 * that "since you last looked" follows the player from one device to the next. Players come
 * back hours or days apart, across time zones: their page says what happened meanwhile.
 */
import type { SqlDatabase, SqlStatement } from "../store/sqlite-driver.js";

export class SeenMarks {
  private readonly read: SqlStatement;
  private readonly forward: SqlStatement;

  constructor(private readonly db: SqlDatabase) {
    this.read = db.prepare("SELECT seen_seq FROM memberships WHERE game_id = ? AND user_id = ?");
    // Only forward: a page left open on an old act, or a second device behind the first, never
    // makes what the player has already seen news again.
    this.forward = db.prepare("UPDATE memberships SET seen_seq = ? WHERE game_id = ? AND user_id = ? AND (seen_seq IS NULL OR seen_seq < ?)");
  }

  /** The last act the user has seen of the game; null: they have not looked at it yet. */
  of(gameId: string, userId: string): number | null {
    const seq = this.read.get(gameId, userId)?.seen_seq;
    return seq === null || seq === undefined ? null : Number(seq);
  }

  /** Marks act `seq` seen, unless a later one already is; returns the mark as it now stands. */
  mark(gameId: string, userId: string, seq: number): number | null {
    this.db.transaction(() => this.forward.run(seq, gameId, userId, seq));
    return this.of(gameId, userId);
  }
}
