/**
 * A game's first acts held back until they can be written together with what belongs
 * beside them: a new game, its founder's join and the founder's seat are one transaction,
 * so a crash never leaves a game nobody holds or a player nobody is. Until {@link found},
 * acts of the game being founded are kept here; after it, everything goes to the store.
 */
import type { Act, GameInfo } from "../kernel/types.js";
import { StoreConflictError, type GameStore, type Snapshot } from "../kernel/game-store.js";

export class FoundingStore implements GameStore {
  private pending: { info: GameInfo; acts: Act[] } | undefined;
  private founded = false;

  /** As the store's, where it has them: a founded game's next act need not wait for the disk either. */
  readonly writeAct?: (gameId: string, act: Act, deadline?: number | null) => void;
  readonly durable?: () => Promise<void>;

  constructor(private readonly store: GameStore) {
    const { writeAct, durable } = store;
    if (writeAct && durable) {
      this.writeAct = (gameId, act, deadline) => {
        const pending = this.held(gameId);
        if (pending) this.hold(pending, act);
        else writeAct.call(store, gameId, act, deadline);
      };
      this.durable = () => durable.call(store);
    }
  }

  createGame(info: GameInfo, first: Act): void {
    if (this.pending || this.founded) throw new Error("a founding store founds one game");
    // Copied, as a file store serializes them: folding shares objects between state and act.
    this.pending = { info, acts: [structuredClone(first)] };
  }

  appendAct(gameId: string, act: Act, deadline?: number | null) {
    const pending = this.held(gameId);
    if (!pending) return this.store.appendAct(gameId, act, deadline);
    this.hold(pending, act);
  }

  /** Writes the game and its acts so far, and `write` with them, in one transaction. */
  async found(write: (act: Act) => void): Promise<void> {
    const pending = this.pending;
    if (!pending || this.founded) throw new Error("there is no game waiting to be founded");
    await this.store.alongside(pending.info.id, write, async () => this.store.importGame(pending.info, pending.acts));
    this.founded = true;
    this.pending = undefined;
  }

  importGame(info: GameInfo, acts: Act[], snapshot?: Snapshot) {
    return this.store.importGame(info, acts, snapshot);
  }
  readActs(gameId: string, afterSeq = 0) {
    const pending = this.held(gameId);
    return pending ? structuredClone(pending.acts.filter((a) => a.seq > afterSeq)) : this.store.readActs(gameId, afterSeq);
  }
  lastSeq(gameId: string) {
    return this.held(gameId)?.acts.length ?? this.store.lastSeq(gameId);
  }
  saveSnapshot(gameId: string, snapshot: Snapshot) {
    // A snapshot of a game not yet written is not needed: its log is a few acts long.
    if (!this.held(gameId)) return this.store.saveSnapshot(gameId, snapshot);
  }
  latestSnapshot(gameId: string) {
    return this.held(gameId) ? undefined : this.store.latestSnapshot(gameId);
  }
  getGame(gameId: string) {
    return this.held(gameId)?.info ?? this.store.getGame(gameId);
  }
  listGames() {
    return this.store.listGames();
  }
  alongside<T>(gameId: string, write: (act: Act) => void, work: () => Promise<T>): Promise<T> {
    return this.store.alongside(gameId, write, work);
  }
  /** The store's owner closes it. */
  close(): void {}

  private hold(pending: { info: GameInfo; acts: Act[] }, act: Act): void {
    const next = pending.acts.length + 1;
    if (act.seq !== next) throw new StoreConflictError(pending.info.id, next, act.seq);
    pending.acts.push(structuredClone(act));
  }

  private held(gameId: string) {
    return this.pending?.info.id === gameId ? this.pending : undefined;
  }
}
