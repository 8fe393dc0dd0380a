/**
 * A store that keeps games in memory and forgets them when dropped: what a dry run plays
 * on, so that trying moves on a copy of a game never touches the real log. Acts are
 * copied in and out, as a file store serializes them: folding shares objects between
 * the state and the act it folds, so a kept act would otherwise change under the game.
 */
import type { Act, GameInfo, GameState } from "../kernel/types.js";
import { importProblem, StoreConflictError, takeCompanion, withCompanion, type GameStore, type Snapshot } from "../kernel/game-store.js";

export class MemoryStore implements GameStore {
  private readonly companions = new Map<string, (act: Act) => void>();
  private readonly games = new Map<string, { info: GameInfo; acts: Act[]; lastSeq: number; snapshot?: Snapshot }>();

  /** Starts a game from a state reached elsewhere: its log here begins after `state.seq`. */
  static fromState(info: GameInfo, state: GameState): MemoryStore {
    const store = new MemoryStore();
    store.games.set(info.id, { info, acts: [], lastSeq: state.seq, snapshot: { seq: state.seq, state: structuredClone(state) } });
    return store;
  }

  createGame(info: GameInfo, first: Act): void {
    if (this.games.has(info.id)) throw new Error(`a game with the id "${info.id}" already exists`);
    this.companion(info.id, first);
    this.games.set(info.id, { info, acts: [structuredClone(first)], lastSeq: first.seq });
  }

  importGame(info: GameInfo, acts: Act[], snapshot?: Snapshot): void {
    const problem = importProblem(acts, snapshot);
    if (problem) throw new Error(`game ${info.id} cannot be imported: ${problem}`);
    if (this.games.has(info.id)) throw new Error(`a game with the id "${info.id}" already exists`);
    this.companion(info.id, acts[acts.length - 1]!);
    const kept = snapshot && { seq: snapshot.seq, state: structuredClone(snapshot.state) };
    this.games.set(info.id, { info, acts: structuredClone(acts), lastSeq: acts.length, ...(kept ? { snapshot: kept } : {}) });
  }

  appendAct(gameId: string, act: Act): void {
    const game = this.game(gameId);
    if (act.seq !== game.lastSeq + 1) throw new StoreConflictError(gameId, game.lastSeq + 1, act.seq);
    takeCompanion(this.companions, gameId, act)?.(act);
    game.acts.push(structuredClone(act));
    game.lastSeq = act.seq;
  }

  readActs(gameId: string, afterSeq = 0): Act[] {
    return structuredClone(this.game(gameId).acts.filter((a) => a.seq > afterSeq));
  }

  lastSeq(gameId: string): number {
    return this.games.get(gameId)?.lastSeq ?? 0;
  }

  saveSnapshot(gameId: string, snapshot: Snapshot): void {
    this.game(gameId).snapshot = { seq: snapshot.seq, state: structuredClone(snapshot.state) };
  }

  latestSnapshot(gameId: string): Snapshot | undefined {
    const snapshot = this.game(gameId).snapshot;
    return snapshot && { seq: snapshot.seq, state: structuredClone(snapshot.state) };
  }

  getGame(gameId: string): GameInfo | undefined {
    return this.games.get(gameId)?.info;
  }

  listGames(): GameInfo[] {
    return [...this.games.values()].map((g) => g.info).reverse();
  }

  close(): void {
    this.games.clear();
  }

  /** Memory writes cannot fail half-way: `write` runs just before the act is kept. */
  async alongside<T>(gameId: string, write: (act: Act) => void, work: () => Promise<T>): Promise<T> {
    return withCompanion(this.companions, gameId, write, work);
  }

  private companion(gameId: string, act: Act): void {
    takeCompanion(this.companions, gameId)?.(act);
  }

  private game(gameId: string) {
    const game = this.games.get(gameId);
    if (!game) throw new Error(`there is no game "${gameId}" in this store`);
    return game;
  }
}
