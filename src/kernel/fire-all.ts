/** Firing every due timer of a game in batches, for the command line and archive checks. */
import type { Game } from "./game.js";
import { limits } from "./limits.js";
import type { Act } from "./types.js";

/**
 * Fires every timer due by `now` (the game's clock, read once), in batches, letting other
 * work run between them. For the command line; a server re-arms instead (src/server/hub.ts).
 * A chain that re-arms itself for ever stops after `cap` acts.
 */
export async function fireAllDueTimers(game: Game, now = game.clockNow(), cap = limits.timers * limits.timerActsInARow): Promise<Act[]> {
  const fired: Act[] = [];
  while (fired.length < cap && game.hasDueTimers(now)) {
    fired.push(...(await game.fireDueTimers(now, Math.min(limits.timerActsInARow, cap - fired.length))));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return fired;
}
