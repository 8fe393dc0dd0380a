/**
 * Reading the state N_omic's rules declare (the phase of the turn, proposals of several
 * rule-changes, suggestions, Groks, the board, the Epic Poem), for its bots and driver.
 * Like the Suber readers, each tolerates absence: a rule-change can repeal the rule that
 * declares a name. The turn itself has Suber's shape, so `turnOf` is shared.
 */
import type { Game } from "../../../kernel/game.js";
import type { Json } from "../../../kernel/types.js";

export { turnOf } from "../../suber/extras/state.js";

export type PhaseName = "purchase" | "proposal" | "discussion" | "voting" | "movement" | "consequences" | "end";
export type Vote = "for" | "against";

export interface NomicPhase {
  turn: number;
  player: string | null;
  name: PhaseName;
  extra: number;
  proposal: number | null;
}

export interface NomicProposal {
  number: number;
  numbers: number[];
  label: string;
  proposer: string;
  changes: Json[];
  suggesters: string[] | null;
  votes: Record<string, Vote>;
  extra: Record<string, Vote>;
  status: "discussion" | "voting" | "adopted" | "defeated";
  reason: string | null;
  discussionEnds: number | null;
  /** What became of each rule-change once the vote was complete (Rules 104, 324). */
  outcomes: { number: number; status: "enacted" | "not adopted" | "discarded"; reason: string }[];
}

export interface Square {
  x: number;
  y: number;
}

export interface PoemLine {
  text: string;
  by: string | null;
  turn: number;
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function phaseOf(game: Game): NomicPhase | undefined {
  const p = game.value("phase");
  return isObject(p) && typeof p.name === "string" ? (p as unknown as NomicPhase) : undefined;
}

export function proposalOf(game: Game, number: number): NomicProposal | undefined {
  const all = game.value("proposals");
  const p = isObject(all) ? all[String(number)] : undefined;
  return isObject(p) && Array.isArray(p.changes) ? (p as unknown as NomicProposal) : undefined;
}

/** The list of suggestions: each Player's one change, by player id. */
export function suggestionsOf(game: Game): Map<string, Json> {
  const all = game.value("suggestions");
  const out = new Map<string, Json>();
  if (!isObject(all)) return out;
  for (const [player, s] of Object.entries(all)) if (isObject(s) && s.change !== undefined) out.set(player, s.change);
  return out;
}

/** Players, not Reyalps: only they vote and take turns (Rule 303). */
export function playersOf(game: Game): string[] {
  return game.state.players.map((p) => p.id).filter((id) => game.value("status", id) !== "reyalp");
}

/** A number a player holds ("points", "groks", "wins"), 0 where none is declared. */
export function amountOf(game: Game, name: string, player: string): number {
  const v = game.value(name, player);
  return typeof v === "number" ? v : 0;
}

/** Every participant's holding of `name`, by id. */
export function amountsOf(game: Game, name: string): Record<string, number> {
  return Object.fromEntries(game.state.players.map((p) => [p.id, amountOf(game, name, p.id)]));
}

export function positionOf(game: Game, player: string): Square | null {
  const v = game.value("position", player);
  return isObject(v) && typeof v.x === "number" && typeof v.y === "number" ? { x: v.x, y: v.y } : null;
}

export function filesOf(game: Game): number {
  const b = game.value("board");
  return isObject(b) && typeof b.files === "number" ? b.files : 0;
}

export function poemOf(game: Game): PoemLine[] {
  const v = game.value("epic-poem");
  return Array.isArray(v) ? v.filter(isObject).map((l) => l as unknown as PoemLine) : [];
}

/** The word on a player's forehead: everyone's to read but eir own (Rule 326). */
export function labelOf(game: Game, player: string): string | null {
  const v = game.value("label", player);
  return typeof v === "string" ? v : null;
}

/** Every proposal, lowest number first. */
export function proposalsOf(game: Game): NomicProposal[] {
  const all = game.value("proposals");
  if (!isObject(all)) return [];
  return Object.keys(all)
    .map((k) => proposalOf(game, Number(k)))
    .filter((p): p is NomicProposal => p !== undefined)
    .sort((a, b) => a.number - b.number);
}

/** What a move from row y1 to row y2 costs, in Groks. */
export function moveCost(y1: number, y2: number): number {
  return Math.abs((10 - y1) * (10 - y2)) + 10;
}
