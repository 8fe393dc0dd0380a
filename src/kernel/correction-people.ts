/**
 * Corrections of people: a player's status (no longer a player) and the game's winners
 * (the game ends). Checked here before the rules are asked whether the recorder may make
 * them; the guest applies them (src/guest/membership.ts).
 */
import type { CorrectionChange, GameState } from "./types.js";

/**
 * Why this change of a player's status or of the winners cannot be recorded, or null; undefined
 * when the change is of another kind (a value, checked by the caller).
 */
export function peopleProblem(state: Readonly<GameState>, c: CorrectionChange, citesRule: boolean): string | null | undefined {
  const isPlayer = (id: unknown) => state.players.some((p) => p.id === id);
  if ("remove" in c) {
    if (c.remove !== true) return 'to end a player\'s status write { player: "<player id>", remove: true }';
    if (!isPlayer(c.player)) return `"${String(c.player)}" is not a player in this game`;
    if (c.reason !== undefined && (typeof c.reason !== "string" || !c.reason.trim() || c.reason.length > 1000))
      return "a removal's reason is 1 to 1000 characters";
    return null;
  }
  if ("winners" in c) {
    if (!Array.isArray(c.winners) || c.winners.length > 100) return "name the winners as a list of player ids (an empty list: no one won)";
    const known = new Set([...state.players, ...state.departed].map((p) => p.id));
    const stranger = c.winners.find((w) => !known.has(w));
    if (stranger !== undefined) return `"${String(stranger)}" has never played this game`;
    if (!citesRule) return "cite the rule by which they win (the game's result names it)";
    return null;
  }
  return undefined;
}
