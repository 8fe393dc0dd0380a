/**
 * Membership the rules govern: joining (admitted, refused, or deferred as an applicant the
 * rules may admit later), renaming and leaving. The rules' questions are asked in the guest
 * (src/guest/membership.ts); here is what the host makes of the acts.
 */
import { ActionError } from "./action-error.js";
import type { Act, GameState, Input, PlayerRecord } from "./types.js";

/** A request to join: a player admitted, or, when a rule deferred it, an applicant and why. */
export type JoinOutcome = PlayerRecord & { awaits?: string };

/** What a join act made of the request: a player, or an applicant awaiting the rules. */
export function joinOutcome(act: Act, player: PlayerRecord): JoinOutcome {
  const applied = act.effects.find((e) => e.e === "player.applied");
  return applied?.e === "player.applied" ? { ...player, awaits: applied.reason } : player;
}

/** The ids no newcomer may take: players, past players and applicants. */
export function takenIds(state: Readonly<GameState>): Set<string> {
  return new Set([...state.players, ...state.departed, ...(state.applicants ?? [])].map((p) => p.id));
}

/** The act of a player leaving the game; the rules may refuse it. */
export function leaveInput(state: Readonly<GameState>, player: string): Input {
  if (!state.players.some((p) => p.id === player)) throw new ActionError("not-a-player", `"${player}" is not a player in this game`);
  return { kind: "leave", player };
}
