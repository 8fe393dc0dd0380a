/**
 * The games a server has open. Each game is loaded once and kept (its sandbox warm); every
 * change to it is announced to the pages watching it; its timers fire on time, even when
 * nobody is looking.
 */
import { Game, type EngineOptions, type NewGame } from "../kernel/game.js";
import { StoreWriteError } from "../store/sqlite-driver.js";
import { ApiError } from "./errors.js";

/** What a page watching a game hears: a new act (fetch the game again) or a forum post. */
export type News = { kind: "act"; seq: number } | { kind: "post"; id: number };
type Listener = (news: News) => void;

/** A write the disk refused, in the user's words: 507 when it is full, 503 otherwise. */
export function notSaved(what: string, err: StoreWriteError): ApiError {
  return new ApiError(err.reason === "full" ? 507 : 503, "not-saved", `the server could not save ${what}: ${err.words}; nothing was changed. Try again later`);
}

/** setTimeout's longest delay; later timers are re-armed when it runs out. */
const maxDelay = 2 ** 31 - 1;

export class GameHub {
  private readonly games = new Map<string, Promise<Game>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** How to end each live stream, so that stopping the server need not wait for pages to leave. */
  private readonly streams = new Set<() => void>();
  private readonly alarms = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(readonly engine: EngineOptions, private readonly clock: () => number = Date.now) {}

  /** The game, loaded on first use; undefined if no such game exists. */
  async get(id: string): Promise<Game | undefined> {
    let loading = this.games.get(id);
    if (!loading) {
      if (!(await this.engine.store.getGame(id))) return undefined;
      // Another request may have started loading it while the store answered: one Game per id.
      const started = this.games.get(id);
      if (started) return started;
      loading = (async () => {
        const game = await Game.load(this.engine, id);
        // Timers that came due while the server was down: a first batch now, the rest when armed.
        await game.fireDueTimers(this.clock());
        return game;
      })();
      this.games.set(id, loading);
      loading.then((game) => this.arm(game), () => this.games.delete(id));
    }
    return loading;
  }

  async create(spec: NewGame): Promise<Game> {
    const game = await Game.create(this.engine, spec);
    this.games.set(game.id, Promise.resolve(game));
    return game;
  }

  /** Runs a change on a game, then tells its watchers and re-arms its timers. */
  async change<T>(game: Game, work: (game: Game) => Promise<T>): Promise<T> {
    const before = game.state.seq;
    try {
      return await work(game);
    } catch (err) {
      if (err instanceof StoreWriteError) throw notSaved("this change to the game", err);
      throw err;
    } finally {
      if (game.state.seq !== before) this.changed(game);
    }
  }

  /** Tells the game's watchers of something besides an act (a forum post). */
  announce(id: string, news: News): void {
    for (const listener of this.listeners.get(id) ?? []) {
      try {
        listener(news);
      } catch {
        // one broken connection must not stop the others hearing the news
      }
    }
  }

  /**
   * Calls `listener` with each piece of news about the game; returns the unsubscribe.
   * `end` closes the watcher's connection: {@link endStreams} calls it when the server stops.
   */
  watch(id: string, listener: Listener, end?: () => void): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    if (end) this.streams.add(end);
    return () => {
      set.delete(listener);
      if (end) this.streams.delete(end);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  /** Ends every live stream: an open one would otherwise keep the server from stopping. */
  endStreams(): void {
    for (const end of [...this.streams]) {
      try {
        end();
      } catch {
        // a connection already gone has nothing to end
      }
    }
    this.streams.clear();
  }

  watcherCount(id: string): number {
    return this.listeners.get(id)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.endStreams();
    for (const alarm of this.alarms.values()) clearTimeout(alarm);
    this.alarms.clear();
    for (const loading of this.games.values()) {
      try {
        (await loading).close();
      } catch {
        // a game that failed to load has nothing to close
      }
    }
    this.games.clear();
    this.listeners.clear();
  }

  private changed(game: Game): void {
    this.arm(game);
    this.announce(game.id, { kind: "act", seq: game.state.seq });
  }

  /**
   * Sets an alarm for the game's next timer. Timers already due fire in batches
   * ({@link Game.fireDueTimers} stops after a few), with the event loop free between
   * them, so a chain of timers cannot keep other games and requests waiting.
   */
  private arm(game: Game): void {
    clearTimeout(this.alarms.get(game.id));
    this.alarms.delete(game.id);
    if (this.closed || game.state.status === "over") return;
    const next = Math.min(...Object.values(game.state.timers).map((t) => t.at));
    if (!Number.isFinite(next)) return;
    const alarm = setTimeout(() => {
      this.alarms.delete(game.id);
      void this.change(game, (g) => g.fireDueTimers(this.clock())).catch(() => {
        // The act failed and nothing was recorded; try again in a minute rather than spin.
        const retry = setTimeout(() => this.arm(game), 60_000);
        retry.unref();
        this.alarms.set(game.id, retry);
      });
    }, Math.min(Math.max(0, next - this.clock()), maxDelay));
    alarm.unref();
    this.alarms.set(game.id, alarm);
  }
}
