/**
 * Reading the state Suber's rules declare (turn, proposals, points), for the bots and the
 * driver. The engine knows none of these names, so every reader tolerates their absence:
 * a rule-change can repeal the rule that declares them.
 */
import type { Game } from "../../../kernel/game.js";
import type { Json } from "../../../kernel/types.js";

export interface SuberTurn {
  player: string | null;
  number: number;
  circuits: number;
  proposed: boolean;
  waiting: string | null;
}

export interface SuberProposal {
  number: number;
  proposer: string;
  change: Json;
  votes: Record<string, "for" | "against">;
  status: "voting" | "adopted" | "defeated";
  reason?: string | null;
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A game state's value, or its declared initial value until a rule sets it. */
function gameValue(game: Game, name: string): Json | undefined {
  return game.state.values.game[name] ?? game.state.decls[name]?.initial;
}

export function turnOf(game: Game): SuberTurn | undefined {
  const t = gameValue(game, "turn");
  return isObject(t) && "player" in t ? (t as unknown as SuberTurn) : undefined;
}

export function proposalsOf(game: Game): SuberProposal[] {
  const all = gameValue(game, "proposals");
  if (!isObject(all)) return [];
  return Object.values(all)
    .filter((p): p is { [key: string]: Json } => isObject(p) && typeof p.number === "number")
    .map((p) => p as unknown as SuberProposal)
    .sort((a, b) => a.number - b.number);
}

export function proposalOf(game: Game, number: number): SuberProposal | undefined {
  return proposalsOf(game).find((p) => p.number === number);
}

/** Every current player's points (0 where the rules have set none). */
export function pointsOf(game: Game): Record<string, number> {
  const all = game.state.values.player.points ?? {};
  const initial = game.state.decls.points?.initial;
  const start = typeof initial === "number" ? initial : 0;
  return Object.fromEntries(game.state.players.map((p) => [p.id, typeof all[p.id] === "number" ? (all[p.id] as number) : start]));
}
