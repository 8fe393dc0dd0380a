/**
 * Each player's page of a game (GET /api/games/:id), serialized once per act: after an act
 * every page watching the game reads it again, and the page is a pure function of the game's
 * state at that act (what the rules refuse the player is asked once per act too:
 * src/kernel/availability.ts), the viewer, the game's settings and the last act the viewer had
 * seen (which moves on a visit, not an act). A game's pages are dropped as soon as it moves on;
 * the number of games kept is bounded.
 */
import type { Game } from "../kernel/game.js";
import type { GameSettings } from "./accounts.js";

interface GamePages {
  seq: number;
  /** By viewer, settings and last act seen, the serialized page (or the promise of it, shared by readers who come meanwhile). */
  bodies: Map<string, Promise<string>>;
}

export class PageCache {
  private readonly games = new Map<string, GamePages>();

  constructor(private readonly limit = 1_000) {}

  get(game: Game, viewer: string, settings: GameSettings | undefined, lastSeen: number | null, build: () => Promise<string>): Promise<string> {
    let pages = this.games.get(game.id);
    if (!pages || pages.seq !== game.state.seq) {
      this.games.delete(game.id);
      if (this.games.size >= this.limit) this.games.delete(this.games.keys().next().value!);
      pages = { seq: game.state.seq, bodies: new Map() };
      this.games.set(game.id, pages);
    }
    const key = `${viewer}\u0000${settings?.timeZone}\u0000${settings?.inviteCode}\u0000${settings?.joining}\u0000${settings?.ownerId}\u0000${lastSeen}`;
    let body = pages.bodies.get(key);
    if (!body) {
      body = build();
      pages.bodies.set(key, body);
      // A page that failed to build is not kept: the next reader tries again.
      const kept = pages;
      body.catch(() => kept.bodies.delete(key));
    }
    return body;
  }

  /** Drops the game's pages (it was unloaded: GameHub.onUnload). */
  forget(id: string): void {
    this.games.delete(id);
  }
}
