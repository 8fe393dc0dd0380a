/**
 * Where games are kept. The engine only appends acts and saves snapshots; it never
 * rewrites the log. SQLite implements this today; PostgreSQL will implement the same.
 */
import type { Act, GameInfo, GameState } from "./types.js";

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
   * Records a whole game brought from elsewhere (an archive): its info, every act (numbered
   * 1..n) and optionally a snapshot of the state they fold to, all or nothing. Throws if
   * the id is taken or the acts are not numbered 1..n; nothing is written then.
   */
  importGame(info: GameInfo, acts: Act[], snapshot?: Snapshot): Awaitable<void>;
  /**
   * Appends an act durably. Throws {@link StoreConflictError} when `act.seq` is not the
   * next number in the game's log (another process wrote first): nothing is written then.
   * `deadline` is when the game's next timer is due by the host's clock once the act is
   * folded (null: none), kept with the act for {@link dueGames} (src/kernel/deadlines.ts).
   */
  appendAct(gameId: string, act: Act, deadline?: number | null): Awaitable<void>;
  /**
   * As {@link appendAct}, but returns once the act is written, before the disk has it:
   * {@link durable} says when it does. A game's next act then need not wait for the disk.
   * Whoever tells anyone of the act waits for `durable` first.
   */
  writeAct?(gameId: string, act: Act, deadline?: number | null): void;
  /** Resolves once everything written so far is on the disk; rejects if the disk failed it. */
  durable?(): Promise<void>;
  /**
   * The games whose next timer is due by `now` (host clock), or whose next deadline is not
   * known (imported, or written before deadlines were kept): a server starting fires them.
   */
  dueGames?(now: number): Awaitable<string[]>;
  /** The games whose next timer is due after `now` (host clock), with when: a server starting sets their alarms. */
  upcomingDeadlines?(now: number): Awaitable<{ id: string; at: number }[]>;
  /** Records a game's next deadline learned by loading it ({@link dueGames} then skips it until due). */
  noteDeadline?(gameId: string, deadline: number | null): Awaitable<void>;
  /** The acts with seq greater than `afterSeq`, in order. */
  readActs(gameId: string, afterSeq?: number): Awaitable<Act[]>;
  /** The number of the last act, or 0 for an unknown game. */
  lastSeq(gameId: string): Awaitable<number>;
  /**
   * A number that changes whenever another process (a second server, the CLI) commits to the
   * store: while it stays the same, no log was written but through this store, and a caller
   * need not ask {@link lastSeq} to learn whether a game it holds is behind.
   */
  foreignWrites?(): number;
  /** Saves a snapshot; the state must be serialized before the call returns (the engine goes on changing it). */
  saveSnapshot(gameId: string, snapshot: Snapshot): Awaitable<void>;
  /** The snapshot with the highest seq, if any. */
  latestSnapshot(gameId: string): Awaitable<Snapshot | undefined>;
  getGame(gameId: string): Awaitable<GameInfo | undefined>;
  /** All games, newest first. */
  listGames(): Awaitable<GameInfo[]>;
  close(): Awaitable<void>;
  /**
   * Runs `work`; the first act it writes to the game (its creation, an import or an
   * append) commits in one transaction with `write`, or neither does: records kept beside
   * the log (who plays as whom) can never disagree with it. One such write per game at a
   * time; the caller makes sure `work` writes no other act of that game first.
   */
  alongside<T>(gameId: string, write: (act: Act) => void, work: () => Promise<T>): Promise<T>;
}

/** Why a log cannot be imported as it is: the problem, or undefined if its acts are numbered 1..n. */
export function importProblem(acts: readonly Act[], snapshot?: Snapshot): string | undefined {
  if (acts.length === 0) return "a game needs at least its first act";
  const bad = acts.findIndex((a, i) => a.seq !== i + 1);
  if (bad >= 0) return `its acts must be numbered 1..${acts.length}, but act ${bad + 1} has seq ${acts[bad]!.seq}`;
  if (snapshot && !(snapshot.seq >= 1 && snapshot.seq <= acts.length)) return `the snapshot is of act ${snapshot.seq}, which the log does not have`;
  return undefined;
}

export class StoreConflictError extends Error {
  constructor(gameId: string, expected: number, got: number) {
    super(`game ${gameId}: act ${got} cannot be appended, the log's next act is ${expected} (another writer got there first; reload the game and try again)`);
    this.name = "StoreConflictError";
  }
}

/** {@link GameStore.alongside} for a store's map of pending writes: set for the time of `work`. */
export async function withCompanion<T>(
  companions: Map<string, (act: Act) => void>,
  gameId: string,
  write: (act: Act) => void,
  work: () => Promise<T>,
): Promise<T> {
  if (companions.has(gameId)) throw new Error(`game ${gameId}: another write alongside its log is pending`);
  companions.set(gameId, write);
  try {
    return await work();
  } finally {
    if (companions.get(gameId) === write) companions.delete(gameId);
  }
}

/**
 * The write pending beside the game's next act, taken (it goes with one act only). A timer
 * that fires first (it came due before the act asked for: src/kernel/deadlines.ts) leaves it pending.
 */
export function takeCompanion(companions: Map<string, (act: Act) => void>, gameId: string, act?: Act): ((act: Act) => void) | undefined {
  if (act?.input.kind === "timer") return undefined;
  const write = companions.get(gameId);
  companions.delete(gameId);
  return write;
}
