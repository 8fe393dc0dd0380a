/**
 * Membership the rules govern: joining (admitted, refused, or deferred as an applicant the
 * rules may admit later), renaming and leaving. The rules' questions are asked in the guest
 * (src/guest/membership.ts); here is what the host makes of the acts.
 */
import { ActionError } from "./action-error.js";
import { playerName, slug } from "./player-id.js";
import type { Act, GameState, Input, PlayerRecord } from "./types.js";

/** A request to join: a player admitted, or, when a rule deferred it, an applicant and why. */
export type JoinOutcome = PlayerRecord & { awaits?: string };

/** What a join act made of the request: a player, or an applicant awaiting the rules. */
export function joinOutcome(act: Act, player: PlayerRecord): JoinOutcome {
  const applied = act.effects.find((e) => e.e === "player.applied");
  return applied?.e === "player.applied" ? { ...player, awaits: applied.reason } : player;
}

/** The ids no newcomer may take: players, past players, applicants and observers. */
export function takenIds(state: Readonly<GameState>): Set<string> {
  return new Set([...state.players, ...state.departed, ...(state.applicants ?? []), ...(state.observers ?? [])].map((p) => p.id));
}

/**
 * A newcomer's id and name: the id made from the name unless given. An observer joining as
 * a player gives their own id (they keep it, and so their history).
 */
export function newcomer(state: Readonly<GameState>, name: string, id?: string): { id: string; name: string } {
  const clean = playerName(name, (message) => new ActionError("invalid-input", message));
  const taken = takenIds(state);
  if (id !== undefined && taken.has(id) && !state.observers?.some((o) => o.id === id))
    throw new ActionError("invalid-input", `the id "${id}" is taken in this game`);
  let personId = id ?? slug(clean);
  for (let n = 2; id === undefined && taken.has(personId); n++) personId = `${slug(clean)}-${n}`;
  return { id: personId, name: clean };
}

/** The act of a player (the rules may refuse it) or an observer leaving the game. */
export function leaveInput(state: Readonly<GameState>, player: string): Input {
  if (!state.players.some((p) => p.id === player) && !state.observers?.some((o) => o.id === player))
    throw new ActionError("not-a-player", `"${player}" is not a player in this game`);
  return { kind: "leave", player };
}
