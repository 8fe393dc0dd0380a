/**
 * Idle games are unloaded. A loaded game, once played, holds a sandbox (a worker thread running QuickJS,
 * several MB), so a server that kept every game it had opened would grow with its crowd,
 * most of whose games wait days between acts. This keeps when each loaded game was last
 * used and, now and then, offers the hub those unused for long enough; the hub checks again
 * in the game's own queue (no work waiting) and unloads it (GameHub.unloadIfIdle), or, if a
 * page watches it (a tab left open), keeps the game for the page's news and stops its sandbox.
 * Loading it again is what any first use does: its latest snapshot, then the acts after it;
 * a rested game's sandbox boots, with the game as it stands, when the rules are next asked.
 */
import { performance } from "node:perf_hooks";

/** How long a game nobody uses stays loaded, unless the server is told otherwise. */
export const defaultUnloadIdleAfterMs = 5 * 60_000;

/** setTimeout's longest delay: a later timer is set again when it runs out. */
export const maxDelay = 2 ** 31 - 1;

/**
 * An unloaded game's alarm: calls `wake` at `at` by `clock`, holding nothing of the game. A
 * time past setTimeout's reach (25 days) wakes it early: loaded, it finds nothing due and sleeps again.
 */
export function wakeAt(at: number, clock: () => number, wake: () => void): NodeJS.Timeout {
  const alarm = setTimeout(wake, Math.min(Math.max(0, at - clock()), maxDelay));
  alarm.unref();
  return alarm;
}

/**
 * How many sandboxes may run at once (`maxRunning`), and how many do; how many games may stay loaded
 * (`maxLoaded`). A game played (or read) held a sandbox of 10-16 MB and its state (~0.3 MB) for
 * the idle period, so a burst of games made and played (a crowd, or a fuzzer: 1.2 GB after
 * 12,474 requests) held both for each: past `maxRunning`, the games used least recently rest, their
 * sandboxes stopped until the rules are next asked (a boot, ~0.1 s); past `maxLoaded`, they are
 * unloaded early (a watched game only rests), as when idle, and loaded again when next used.
 */
export interface CrowdBound {
  maxRunning: number;
  maxLoaded: number;
  running(): number;
}

/** Sandboxes at once, and games loaded, unless the server is told otherwise (nomos serve's --max-sandboxes, --max-loaded-games). */
export const defaultMaxSandboxes = 24;
export const defaultMaxLoadedGames = 200;

export class IdleGames {
  /** When each loaded game was last used, by performance.now(): idleness is the process's time, whatever clock the games run on. */
  private readonly used = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    readonly idleMs: number,
    /** Unloads the game if it is still idle (or at once, `early`) when its turn comes; rejects if it could not be. */
    private readonly unload: (id: string, early?: boolean) => Promise<void>,
    /** With `rest`, which stops a loaded game's sandbox in its turn (GameHub). */
    private readonly bound?: CrowdBound & { rest(id: string): Promise<void> },
  ) {
    // A game is unloaded between idleMs and half as much again after its last use.
    this.sweeper = setInterval(() => void this.sweep(), Math.min(Math.max(idleMs / 2, 10), 60_000));
    this.sweeper.unref();
  }

  /** The game was used (read, changed, loaded) just now. */
  touch(id: string): void {
    this.used.delete(id); // kept oldest first, so a sweep meets the longest idle first
    this.used.set(id, performance.now());
    if (this.crowded()) void this.thin(id);
  }

  /** The game is no longer loaded. */
  forget(id: string): void {
    this.used.delete(id);
  }

  /** Whether the loaded game has gone unused for the idle period (a game not known here is not). */
  idle(id: string): boolean {
    const at = this.used.get(id);
    return at !== undefined && performance.now() - at >= this.idleMs;
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  private thinning = false;

  private crowded(): boolean {
    return this.bound !== undefined && (this.bound.running() > this.bound.maxRunning || this.used.size > this.bound.maxLoaded);
  }

  /** Unloads or rests the games used least recently (`latest` never) until the bound holds. */
  private async thin(latest: string): Promise<void> {
    if (this.thinning || !this.bound) return;
    this.thinning = true;
    try {
      for (const id of [...this.used.keys()]) {
        if (!this.crowded()) break;
        if (id === latest) continue;
        const done = this.used.size > this.bound.maxLoaded ? this.unload(id, true) : this.bound.rest(id);
        await done.catch(() => undefined);
      }
    } finally {
      this.thinning = false;
    }
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const cutoff = performance.now() - this.idleMs;
      for (const [id, at] of [...this.used]) {
        if (at > cutoff) break;
        // A game that could not be unloaded (its store failed) stays loaded until the next sweep.
        await this.unload(id).catch(() => undefined);
        // One at a time, the event loop free between: a crowd going idle together must not hold requests up.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.sweeping = false;
    }
  }
}
