/**
 * The log and state as they stood after act `seq`: what every report takes to show the
 * game as it was then. Folding again from the log runs no rule code.
 */
import { emptyState, fold } from "../../kernel/fold.js";
import type { Act, GameState } from "../../kernel/types.js";

export function asOf(acts: Act[], seq: number = Number.MAX_SAFE_INTEGER): { acts: Act[]; state: GameState } {
  const first = acts[0]?.input;
  const state = first?.kind === "create" ? emptyState(first.name, first.preset) : emptyState("", null);
  const upTo = acts.filter((a) => a.seq <= seq);
  for (const act of upTo) fold(state, act);
  return { acts: upTo, state };
}
