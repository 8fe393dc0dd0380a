/**
 * The pages watching each game (live streams), and telling them the news: kept apart from
 * the hub (src/server/hub.ts), which asks it who watches a game.
 */

import type { Act, GameState } from "../kernel/types.js";
import { actNoticedBy } from "../kernel/visibility.js";

/** What a page watching a game hears: a new act (fetch the game again) or a message (by its number). */
export type News = { kind: "act"; seq: number } | { kind: "post"; id: number };
type Listener = (news: News) => void;
/** A page watching: whose it is (a person in the game; null: nobody's) decides what news it hears. */
interface Watcher {
  viewer: string | null;
  listener: Listener;
}
/** Whether a viewer is to hear a piece of news (the kernel's visibility decides: src/kernel/visibility.ts, messages.ts). */
export type Audience = (viewer: string | null) => boolean;

export class Watchers {
  private readonly listeners = new Map<string, Set<Watcher>>();
  /** How to end each live stream, so that stopping the server need not wait for pages to leave. */
  private readonly streams = new Set<() => void>();

  /** Tells the game's watchers in `audience` of something. */
  announce(id: string, news: News, audience: Audience): void {
    for (const { viewer, listener } of this.listeners.get(id) ?? []) {
      try {
        if (audience(viewer)) listener(news);
      } catch {
        // one broken connection must not stop the others hearing the news
      }
    }
  }

  /** Tells each of the game's watchers who may know of one of the acts `read` gives (the acts since the last news). */
  async tellActs(id: string, state: GameState, read: () => Act[] | Promise<Act[]>): Promise<void> {
    if (!this.has(id)) return;
    let acts: Act[];
    try {
      acts = await read();
    } catch {
      return; // unread, nobody can be told safely; pages catch up with the next act
    }
    this.announce(id, { kind: "act", seq: state.seq }, (viewer) => acts.some((act) => actNoticedBy(state, act, viewer)));
  }

  /** Adds a watcher; returns the unsubscribe. `end` closes its connection ({@link endStreams}). */
  watch(id: string, viewer: string | null, listener: Listener, end?: () => void): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    const watcher: Watcher = { viewer, listener };
    set.add(watcher);
    if (end) this.streams.add(end);
    return () => {
      set.delete(watcher);
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

  /** The games some page watches. */
  watched(): IterableIterator<string> {
    return this.listeners.keys();
  }

  has(id: string): boolean {
    return this.listeners.has(id);
  }

  count(id: string): number {
    return this.listeners.get(id)?.size ?? 0;
  }

  clear(): void {
    this.listeners.clear();
  }
}
