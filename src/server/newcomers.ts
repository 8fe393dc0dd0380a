/**
 * Seating a newcomer in a game, by its invitation or by its creator's approval of a request:
 * the join act (through the rules' `membership.join`) and the membership commit together, and a
 * double click, or an approval racing the join, makes one player of one person.
 */
import type { Game } from "../kernel/game.js";
import type { Accounts, User } from "./accounts.js";
import type { GameHub } from "./hub.js";

export class Newcomers {
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    private readonly hub: GameHub,
    private readonly accounts: Accounts,
  ) {}

  /** Seats `user` as a player or an observer (an observer already seated becomes a player); resolves with their id in the game. */
  seat(game: Game, user: User, as: "player" | "observer"): Promise<string> {
    const key = `${game.id}:${user.id}`;
    let joining = this.pending.get(key);
    if (joining) return joining;
    const existing = this.accounts.membership(game.id, user.id);
    // Seated already as asked (or gone from the game): nothing more to do; only an observer may become a player.
    if (existing && !(as === "player" && game.state.observers?.some((o) => o.id === existing.playerId))) return Promise.resolve(existing.playerId);
    // The act and the membership commit together: a crash leaves both or neither, never a ghost player.
    const seat = (person: string) => this.accounts.addMember(game.id, user.id, person);
    joining = existing
      ? this.hub.join(game, user.displayName, () => undefined, existing.playerId).then((p) => p.id)
      : (as === "observer" ? this.hub.attend(game, user.displayName, seat) : this.hub.join(game, user.displayName, seat).then((p) => p.id)).catch((err) => {
          // Joined meanwhile (another server on the same file): the membership refused a second player.
          const joined = this.accounts.membership(game.id, user.id);
          if (joined) return joined.playerId;
          throw err;
        });
    this.pending.set(key, joining);
    void joining.finally(() => this.pending.delete(key)).catch(() => undefined);
    return joining;
  }
}
