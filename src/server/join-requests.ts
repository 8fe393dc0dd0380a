/**
 * Requests to join a game whose creator approves each newcomer (game_settings.joining
 * "approval"): kept in the games file until approved (the person is then seated, as by the
 * link) or declined. One request per person per game; asking again keeps the first.
 */
import type { SqlDatabase, SqlStatement } from "../store/sqlite-driver.js";

export interface JoinRequest {
  gameId: string;
  userId: string;
  as: "player" | "observer";
  requestedAt: number;
}

interface Row {
  game_id: string;
  user_id: string;
  as_observer: number;
  requested_at: number;
}

const toRequest = (r: Row): JoinRequest => ({ gameId: r.game_id, userId: r.user_id, as: r.as_observer ? "observer" : "player", requestedAt: r.requested_at });

/** At most this many requests wait on one game: a link passed around widely cannot fill the file. */
export const maxWaitingRequests = 100;

export class JoinRequests {
  private readonly q: Record<"add" | "one" | "ofGame" | "count" | "remove", SqlStatement>;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: () => number = Date.now,
  ) {
    this.q = {
      add: db.prepare("INSERT OR IGNORE INTO join_requests (game_id, user_id, as_observer, requested_at) VALUES (?, ?, ?, ?)"),
      one: db.prepare("SELECT * FROM join_requests WHERE game_id = ? AND user_id = ?"),
      ofGame: db.prepare("SELECT * FROM join_requests WHERE game_id = ? ORDER BY requested_at, user_id"),
      count: db.prepare("SELECT COUNT(*) AS n FROM join_requests WHERE game_id = ?"),
      remove: db.prepare("DELETE FROM join_requests WHERE game_id = ? AND user_id = ?"),
    };
  }

  /** Records the request (or keeps the one already made); false when the game has too many waiting. */
  ask(gameId: string, userId: string, as: "player" | "observer"): boolean {
    if (this.get(gameId, userId)) return true;
    if ((this.q.count.get(gameId) as { n: number }).n >= maxWaitingRequests) return false;
    this.db.transaction(() => this.q.add.run(gameId, userId, as === "observer" ? 1 : 0, this.clock()));
    return true;
  }

  get(gameId: string, userId: string): JoinRequest | undefined {
    const row = this.q.one.get(gameId, userId) as Row | undefined;
    return row && toRequest(row);
  }

  ofGame(gameId: string): JoinRequest[] {
    return (this.q.ofGame.all(gameId) as unknown as Row[]).map(toRequest);
  }

  remove(gameId: string, userId: string): void {
    this.db.transaction(() => this.q.remove.run(gameId, userId));
  }
}
