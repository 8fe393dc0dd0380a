/**
 * Where games are kept. The engine only appends acts and saves snapshots; it never
 * rewrites the log. SQLite implements this today; PostgreSQL will implement the same.
 */
import type { Act, GameInfo, GameState } from "../kernel/types.js";

/** SQLite answers at once; PostgreSQL will answer with promises. The engine awaits either. */
export type Awaitable<T> = T | Promise<T>;

export interface Snapshot {
  seq: number;
  state: GameState;
}

export interface GameStore {
  /** Records a new game and its first act, atomically. Throws if the id is taken. */
  createGame(info: GameInfo, first: Act): Awaitable<void>;
  /**
   * Appends an act durably. Throws {@link StoreConflictError} when `act.seq` is not the
   * next number in the game's log (another process wrote first): nothing is written then.
   */
  appendAct(gameId: string, act: Act): Awaitable<void>;
  /** The acts with seq greater than `afterSeq`, in order. */
  readActs(gameId: string, afterSeq?: number): Awaitable<Act[]>;
  /** The number of the last act, or 0 for an unknown game. */
  lastSeq(gameId: string): Awaitable<number>;
  /** Saves a snapshot; the state must be serialized before the call returns (the engine goes on changing it). */
  saveSnapshot(gameId: string, snapshot: Snapshot): Awaitable<void>;
  /** The snapshot with the highest seq, if any. */
  latestSnapshot(gameId: string): Awaitable<Snapshot | undefined>;
  getGame(gameId: string): Awaitable<GameInfo | undefined>;
  /** All games, newest first. */
  listGames(): Awaitable<GameInfo[]>;
  close(): Awaitable<void>;
}

export class StoreConflictError extends Error {
  constructor(gameId: string, expected: number, got: number) {
    super(`game ${gameId}: act ${got} cannot be appended, the log's next act is ${expected} (another writer got there first; reload the game and try again)`);
    this.name = "StoreConflictError";
  }
}
