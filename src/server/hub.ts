/**
 * The games a server has open: each loaded on first use, kept while used (its sandbox warm),
 * unloaded when idle (src/server/idle-games.ts), or rested while a page watches it (its
 * sandbox stopped); every change to it announced to the pages watching it; its timers fired
 * on time, loaded or not, even when nobody is looking.
 */
import { Game, type EngineOptions, type NewGame } from "../kernel/game.js";
import { clockAhead } from "../kernel/practice-clock.js";
import { hostDeadline, nextTimer } from "../kernel/deadlines.js";
import { channelReadBy, messageOf, type MessageOp } from "../kernel/messages.js";
import type { PlayerRecord } from "../kernel/types.js";
import { recordMessage, type MessageTable } from "./messages.js";
import { FoundingStore } from "../store/founding-store.js";
import { StoreWriteError } from "../store/sqlite-driver.js";
import { ApiError, conflicted, notSaved } from "./errors.js";
import { StoreConflictError } from "../kernel/game-store.js";
import { defaultUnloadIdleAfterMs, IdleGames, maxDelay, type CrowdBound, wakeAt } from "./idle-games.js";
import { Watchers, type Audience, type News } from "./watchers.js";

export type { Audience, News } from "./watchers.js";

/** How often the games pages watch are checked for acts another process wrote. */
const pollMs = 1000;

export class GameHub {
  private readonly games = new Map<string, Promise<Game>>();
  /** Each game's changes, one at a time (and reloads between them). */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly watchers = new Watchers();
  /** Each game's next timer: a loaded game's alarm holds the game; an unloaded one's only its id (see {@link sleep}). */
  private readonly alarms = new Map<string, NodeJS.Timeout>();
  /** For each game: the store's count of other processes' writes when it was last found up to date. */
  private readonly foreignSeen = new Map<string, number>();
  private readonly poll: NodeJS.Timeout;
  private readonly idle: IdleGames;
  /** Told of each game unloaded, to drop what they keep of it (a page cache). */
  private readonly unloaded = new Set<(id: string) => void>();
  /** Told of each game whose new acts are durable (the players' notifications: src/server/notify/duties.ts). */
  private readonly acted = new Set<(id: string) => void>();
  private closed = false;
  /** Set by {@link stop}: no alarm is armed again, and a live stream opened now ends at once. */
  private stopping = false;

  /** The games' engine options: a change waits for the disk itself, after the game's queue moved on ({@link change}). */
  readonly engine: EngineOptions;

  constructor(
    engine: EngineOptions,
    private readonly clock: () => number = Date.now,
    /** Where the text of messages is kept (src/server/messages.ts); absent: a hub without messages. */
    readonly messages?: MessageTable,
    /** How long a game nobody uses or waits on stays loaded (watched, it rests instead), 5 minutes by default; how many sandboxes run and games stay loaded at once. */
    options: { unloadIdleAfterMs?: number; crowd?: CrowdBound } = {},
  ) {
    this.engine = { ...engine, durableByCaller: true };
    const rest = (id: string) => this.serial(id, async () => void (await (await this.games.get(id))?.rest()));
    const bound = options.crowd && { ...options.crowd, rest };
    this.idle = new IdleGames(options.unloadIdleAfterMs ?? defaultUnloadIdleAfterMs, (id, early) => this.unloadIfIdle(id, early), bound);
    // Another process on the same file (a second server, the CLI) may write a game: the
    // pages watching it here hear of it within a poll.
    this.poll = setInterval(() => this.pollWatched(), pollMs);
    this.poll.unref();
  }

  /** The game, loaded on first use (or again, once unloaded), reloaded if another process wrote to it since; undefined if none. */
  async get(id: string): Promise<Game | undefined> {
    let loading = this.games.get(id);
    if (!loading) {
      if (!(await this.engine.store.getGame(id))) return undefined;
      // Another request may have started loading it while the store answered: one Game per id.
      loading = this.games.get(id) ?? this.open(id, true);
    }
    // Used now: an unload already waiting in the game's queue finds it so, and leaves it loaded.
    this.idle.touch(id);
    const known = await loading;
    const game = (await this.behind(known)) ? await this.serial(id, () => this.fresh(id, known)) : known;
    // A timer whose time has come fires before anyone reads or acts on the game: its alarm
    // may be late (a busy process, a clock moved), and what play awaits depends on it.
    if (game.hasDueTimers(this.gameTime(game))) await this.change(game, (g) => g.fireDueTimers(this.gameTime(g))).catch(() => undefined);
    return game;
  }

  /**
   * When a server starts: every game whose timer came due while no server ran fires it now, unopened
   * (the store keeps each game's next deadline; one not known yet is loaded once and noted). The
   * others get an unloaded game's alarm: a deadline nobody looks at still passes on time.
   */
  async wakeDue(): Promise<void> {
    const store = this.engine.store;
    const now = this.clock();
    for (const id of (await store.dueGames?.(now)) ?? []) {
      const game = await this.get(id).catch(() => undefined);
      if (game) await store.noteDeadline?.(id, hostDeadline(game.state));
    }
    for (const { id, at } of (await store.upcomingDeadlines?.(now)) ?? []) if (!this.games.has(id) && !this.alarms.has(id)) this.sleep(id, at);
  }

  /** Creates a game with nobody in it (see {@link found} for a game with its founder seated). */
  async create(spec: NewGame): Promise<Game> {
    const game = await Game.create(this.engine, spec);
    this.games.set(game.id, Promise.resolve(game));
    this.idle.touch(game.id);
    return game;
  }

  /**
   * Creates a game and seats its founder: the game, its first acts (creation, the founder's
   * join) and `seat`'s records (the founder's membership) are written in one transaction.
   */
  async found(
    spec: NewGame,
    founder: string,
    seat: (game: Game, player: { id: string; name: string }) => void,
    observe = false,
  ): Promise<{ game: Game; player: { id: string; name: string } }> {
    const founding = new FoundingStore(this.engine.store);
    const game = await Game.create({ ...this.engine, store: founding }, spec);
    try {
      // The founder plays, or takes part without playing (an observer).
      const player = observe ? (await game.attend(founder)).person : await game.join(founder);
      await founding.found(() => seat(game, player));
      this.games.set(game.id, Promise.resolve(game));
      this.idle.touch(game.id);
      return { game, player };
    } catch (err) {
      game.close();
      if (err instanceof StoreWriteError) throw notSaved("the new game", err);
      throw err;
    }
  }

  /**
   * Adds a player: the join act and `seat`'s records (the membership) commit together or not at all.
   * `id` is given for an observer joining as a player (they keep their id; their seat is there already).
   */
  join(game: Game, name: string, seat: (player: string) => void, id?: string): Promise<PlayerRecord> {
    return this.change(game, (g) =>
      this.engine.store.alongside(
        g.id,
        (act) => {
          if (act.input.kind !== "join") throw new Error(`game ${g.id}: act ${act.seq} is not the join its seat was written for`);
          seat(act.input.player.id);
        },
        () => g.join(name, id),
      ),
    );
  }

  /** A person takes part without playing: the attend act and `seat`'s records commit together or not at all. */
  async attend(game: Game, name: string, seat: (person: string) => void): Promise<string> {
    const { person } = await this.change(game, (g) =>
      this.engine.store.alongside(
        g.id,
        (act) => {
          if (act.input.kind !== "attend") throw new Error(`game ${g.id}: act ${act.seq} is not the attend its seat was written for`);
          seat(act.input.person.id);
        },
        () => g.attend(name),
      ),
    );
    return person.id;
  }

  /**
   * A message op by a person (GameHub.message, the entry point of the API and of bridges):
   * its act (the rules hear it) and its text in the messages table commit together or not
   * at all. Returns the message's number.
   */
  async message(game: Game, person: string, op: MessageOp, userId: string | null = null): Promise<{ id: number }> {
    const table = this.messages;
    if (!table) throw new Error("this hub keeps no messages table");
    let current = game;
    const id = await this.change(
      game,
      (g) => {
        current = g;
        return recordMessage(this.engine.store, table, g, person, op, userId);
      },
      op.op === "post" ? "your post" : "your message's change",
    );
    // Only the channel's readers hear of it: the others may not know when, or how often, it is used.
    this.announce(game.id, { kind: "post", id }, (viewer) => channelReadBy(current.state, messageOf(current.state, id)?.channel, viewer));
    return { id };
  }

  /**
   * Runs a change on a game (the newest: reloaded first if another process wrote to it) and re-arms its timers;
   * the game's next change may run while this one's acts go to the disk, and once the disk has them, its watchers
   * are told and it resolves. A write the disk refused, or one another process got in before, is an {@link ApiError}.
   */
  async change<T>(game: Game, work: (game: Game) => Promise<T>, what = "this change to the game"): Promise<T> {
    this.idle.touch(game.id);
    let moved: { game: Game; since: number } | undefined;
    const asWords = (err: unknown) => (err instanceof StoreWriteError ? notSaved(what, err) : err);
    try {
      return await this.serial(game.id, async () => {
        const current = await this.fresh(game.id, game);
        const before = current.state.seq;
        try {
          return await work(current);
        } catch (err) {
          if (err instanceof StoreConflictError) await this.fresh(game.id, current);
          throw err instanceof StoreConflictError ? conflicted() : asWords(err);
        } finally {
          moved = current.state.seq !== before ? { game: current, since: before } : undefined;
          if (moved) this.arm(current);
        }
      });
    } finally {
      if (moved) {
        await this.engine.store.durable?.().catch((err: unknown) => Promise.reject(asWords(err)));
        await this.tell(moved.game, moved.since);
      }
    }
  }

  /** A read that asks the rules (what they refuse a player): run as a change is, so that no unload stops the sandbox under it. */
  read<T>(game: Game, work: (game: Game) => Promise<T>): Promise<T> {
    return this.change(game, work);
  }

  /** Tells the game's watchers in `audience` of something (a message posted as talk, once the game is over). */
  announce(id: string, news: News, audience: Audience): void {
    this.watchers.announce(id, news, audience);
  }

  /**
   * Calls `listener` with each piece of news about the game that `viewer` may know of; returns
   * the unsubscribe. `end` closes the watcher's connection: {@link stop} calls it. A watched game stays loaded.
   */
  watch(id: string, viewer: string | null, listener: (news: News) => void, end?: () => void): () => void {
    if (this.stopping) {
      end?.(); // the page reconnects, to whatever serves next
      return () => undefined;
    }
    return this.watchers.watch(id, viewer, listener, end);
  }

  /** The server begins to stop: no timer is armed again (an act running finishes), live streams end; changes still run until {@link close}. */
  stop(): void {
    this.stopping = true;
    clearInterval(this.poll);
    this.idle.stop();
    for (const alarm of this.alarms.values()) clearTimeout(alarm);
    this.alarms.clear();
    // An open live stream would otherwise keep the server from stopping.
    this.watchers.endStreams();
  }

  watcherCount(id: string): number {
    return this.watchers.count(id);
  }

  /** How many games are loaded (or loading) now: the rest wait in the store. */
  loadedCount(): number {
    return this.games.size;
  }

  /** Calls `forget` with the id of each game unloaded, so that what is kept beside it (a page cache) goes too. */
  onUnload(forget: (id: string) => void): void {
    this.unloaded.add(forget);
  }

  /** Calls `listener` with the id of each game once its new acts are durable, whoever made them (timers and other processes too). */
  onActs(listener: (id: string) => void): void {
    this.acted.add(listener);
  }

  async close(): Promise<void> {
    this.stop();
    // Work already queued (a timer's act, a reload) finishes before the store closes under it.
    while (this.queues.size > 0) await Promise.all(this.queues.values());
    this.closed = true;
    // A failed timer's retry may have been set meanwhile.
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
    this.watchers.clear();
  }

  /** Work on one game, after the work asked for before it. */
  private serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(id) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return next;
  }

  /** Whether the log holds acts this process has not folded (another process wrote them). */
  private async behind(game: Game): Promise<boolean> {
    // Only another process's commit can put a game behind: while the store says none came, nothing to read.
    const foreign = this.engine.store.foreignWrites?.();
    if (foreign !== undefined && this.foreignSeen.get(game.id) === foreign) return false;
    const behind = (await this.engine.store.lastSeq(game.id)) > game.loggedSeq;
    if (foreign !== undefined && !behind) this.foreignSeen.set(game.id, foreign);
    return behind;
  }

  /**
   * Loads the game and fires the timers that came due meanwhile (a first batch; the rest when
   * armed). `queued`: after the work asked for before (an unload); else run in the queue already.
   */
  private open(id: string, queued: boolean): Promise<Game> {
    const load = async () => {
      const game = await Game.load(this.engine, id);
      await game.fireDueTimers(this.gameTime(game));
      return game;
    };
    const loading = queued ? this.serial(id, load) : load();
    this.games.set(id, loading);
    loading.then(
      (game) => {
        this.idle.touch(id); // used as it lands, however long it took: an unload queued meanwhile leaves it
        this.arm(game);
      },
      () => this.games.get(id) === loading && this.games.delete(id),
    );
    return loading;
  }

  /**
   * Unloads the game if it is still idle (or `early`: too many are loaded) in its queue's turn, so that no act
   * runs meanwhile: nothing asked of it since, nothing queued after. A snapshot first (loading
   * it again then folds nothing) and its deadline noted for the next start; its sandbox
   * stopped; its next timer left to an alarm that holds only its id. A game a page watches
   * stays loaded, for the page's news, but rests: its sandbox stops until it is next played.
   */
  private unloadIfIdle(id: string, early = false): Promise<void> {
    let mine: Promise<unknown> | undefined;
    const unloading = this.serial(id, async () => {
      const entry = this.games.get(id);
      if (!entry) return this.idle.forget(id); // its load failed: nothing to unload
      const quiet = () => !this.stopping && this.games.get(id) === entry && (early || this.idle.idle(id)) && this.queues.get(id) === mine;
      if (!quiet()) return;
      const game = await entry;
      if (this.watchers.has(id)) return quiet() ? game.rest() : undefined;
      await game.saveSnapshot();
      await this.engine.store.noteDeadline?.(id, hostDeadline(game.state));
      if (!quiet() || this.watchers.has(id)) return; // used or watched meanwhile: it stays loaded
      clearTimeout(this.alarms.get(id));
      this.alarms.delete(id);
      this.games.delete(id);
      this.foreignSeen.delete(id);
      this.idle.forget(id);
      game.close();
      for (const forget of this.unloaded) forget(id);
      const next = nextTimer(game.state);
      if (next !== undefined) this.sleep(id, next - clockAhead(game.state));
    });
    mine = this.queues.get(id);
    return unloading;
  }

  /** The alarm of an unloaded game: at `at` (the hub's clock) it loads the game, which fires its due timers. */
  private sleep(id: string, at: number): void {
    if (this.stopping) return;
    const wake = () => {
      this.alarms.delete(id);
      // Not loaded (the store failed): try again in a minute rather than spin.
      void this.get(id).catch(() => this.sleep(id, this.clock() + 60_000));
    };
    this.alarms.set(id, wakeAt(at, this.clock, wake));
  }

  /** The game as its log now stands: reloaded if behind, loaded again if unloaded since `known` was handed out. Run in the game's queue only. */
  private async fresh(id: string, known: Game): Promise<Game> {
    const entry = this.games.get(id);
    if (!entry && !this.closed) return this.open(id, false);
    const game = (await entry?.catch(() => undefined)) ?? known;
    if (this.closed || !(await this.behind(game))) return game;
    const loading = Game.load(this.engine, id);
    this.games.set(id, loading);
    let reloaded: Game;
    try {
      reloaded = await loading;
    } catch (err) {
      this.games.set(id, Promise.resolve(game));
      throw err;
    }
    game.close();
    this.arm(reloaded);
    await this.tell(reloaded, game.state.seq);
    return reloaded;
  }

  private pollWatched(): void {
    for (const id of this.watchers.watched()) {
      const loading = this.games.get(id);
      if (!loading) continue;
      void loading.then(async (game) => ((await this.behind(game)) ? this.serial(id, () => this.fresh(id, game)) : undefined)).catch(() => undefined); // the next poll or request tries again
    }
  }

  /** The game's time by this hub's clock: a practice game's runs ahead by as much as its players moved it. */
  private gameTime(game: Game): number {
    return this.clock() + clockAhead(game.state);
  }

  /** Tells each watcher who may know of one of the acts past `since` (a message in a private channel is news to its readers only), and the listeners. */
  private tell(game: Game, since: number): Promise<void> {
    for (const listener of this.acted) listener(game.id);
    return this.watchers.tellActs(game.id, game.state, () => this.engine.store.readActs(game.id, since));
  }

  /**
   * Sets an alarm for the game's next timer. Timers already due fire in batches
   * ({@link Game.fireDueTimers} stops after a few), with the event loop free between
   * them, so a chain of timers cannot keep other games and requests waiting.
   */
  private arm(game: Game): void {
    clearTimeout(this.alarms.get(game.id));
    this.alarms.delete(game.id);
    if (this.closed || this.stopping) return;
    const next = nextTimer(game.state);
    if (next === undefined) return;
    const alarm = setTimeout(
      () => {
        this.alarms.delete(game.id);
        void this.change(game, (g) => g.fireDueTimers(this.gameTime(g))).catch((err) => {
          // Another process fired it first: the game was reloaded and its alarm set again.
          if (err instanceof ApiError && err.code === "conflict") return;
          // The act failed and nothing was recorded; try again in a minute rather than spin.
          const retry = setTimeout(
            () =>
              void this.games.get(game.id)?.then(
                (g) => this.arm(g),
                () => undefined,
              ),
            60_000,
          );
          retry.unref();
          this.alarms.set(game.id, retry);
        });
      },
      Math.min(Math.max(0, next - this.gameTime(game)), maxDelay),
    );
    alarm.unref();
    this.alarms.set(game.id, alarm);
  }
}
