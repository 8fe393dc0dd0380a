/**
 * Reading the state Nomic VIII's rules declare (the turn, the proposals, the votes held as
 * messages, the Judge's term, the End State, points, requests to join, the moderators), for
 * the scripted season. Every reader tolerates absence: a rule-change can repeal a rule.
 */
import type { Game } from "../../../kernel/game.js";
import type { Json } from "../../../kernel/types.js";

export type Side = "for" | "against";

export interface Turn8 {
  number: number;
  startedAt: number;
  endsAt: number;
}

export interface Proposal8 {
  key: string;
  number: number;
  label: string;
  stage: "queue" | "deck" | "voting" | "adopted" | "defeated" | "removed" | "pending";
  author: string | null;
  proposer: string;
  createdAt: number;
  endorsers: string[];
  change: { kind: string; title?: string; text?: string; number?: number; key?: string };
  votes: Record<string, Side>;
  reason: string | null;
  votesIn?: { channel: string };
  closedAt?: number | null;
}

export interface Vote8 {
  title: string;
  channel: string;
  voters: string;
  open: boolean;
  tally: Record<string, Side>;
}

export interface Term8 {
  judge: string | null;
  invoker: string;
  since: number;
  acknowledged: boolean;
  served: string[];
  disbarred: string[];
}

export interface Case8 {
  number: number;
  question: string;
  caller: string;
  judge: string | null;
  status: string;
  verdict: string | null;
  ruledBy: string | null;
  invalidated: string[];
}

export interface EndState8 {
  claimant: string;
  winners: string[];
  secondedBy: string;
  since: number;
  namedBy: string | null;
}

export interface JoinRequest8 {
  id: string;
  name: string;
  at: number;
  status: string;
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const recordOf = <T>(game: Game, name: string): Record<string, T> => {
  const v = game.value(name);
  return isObject(v) ? (v as unknown as Record<string, T>) : {};
};

export function turnOf(game: Game): Turn8 | null {
  const t = game.value("turn");
  return isObject(t) && typeof t.number === "number" ? (t as unknown as Turn8) : null;
}

/** Every proposal, oldest first, each with its key ("q1"...). */
export function proposalsOf(game: Game): Proposal8[] {
  return Object.entries(recordOf<Omit<Proposal8, "key">>(game, "proposals"))
    .map(([key, p]) => ({ ...p, key }))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** The proposal put to vote now (Rule 202 puts one a turn from the Queue), if any. */
export const votingProposal = (game: Game): Proposal8 | undefined => proposalsOf(game).find((p) => p.stage === "voting");

/** The author's proposal in the Proposal Queue, if any. */
export const queuedBy = (game: Game, author: string): Proposal8 | undefined => proposalsOf(game).find((p) => p.stage === "queue" && p.author === author);

/** Every vote of the game (Rule 206), by id ("proposal-301", "join-...", "disbar-..."). */
export const votesOf = (game: Game): Record<string, Vote8> => recordOf<Vote8>(game, "votes");

/** The open vote whose id starts so, if any. */
export function openVote(game: Game, prefix: string): (Vote8 & { id: string }) | undefined {
  const found = Object.entries(votesOf(game)).find(([id, v]) => v.open && id.startsWith(prefix));
  return found && { ...found[1], id: found[0] };
}

export function termOf(game: Game): Term8 | null {
  const j = game.value("judgment");
  return isObject(j) && isObject(j.term) ? (j.term as unknown as Term8) : null;
}

export const casesOf = (game: Game): Case8[] => Object.values(recordOf<Case8>(game, "cases")).sort((a, b) => a.number - b.number);

export function endStateOf(game: Game): EndState8 | null {
  const e = game.value("endState");
  return isObject(e) && typeof e.claimant === "string" ? (e as unknown as EndState8) : null;
}

export function pointsOf(game: Game, player: string): number {
  const v = game.value("points", player);
  return typeof v === "number" ? v : 0;
}

/** The first players to reach 1,024 points (Rule 212), if anyone has. */
export function pointsWinnersOf(game: Game): string[] {
  const w = game.value("pointsWinners");
  return isObject(w) && Array.isArray(w.players) ? (w.players as string[]) : [];
}

export const joinRequestsOf = (game: Game): JoinRequest8[] => Object.values(recordOf<JoinRequest8>(game, "join-requests"));

export function moderatorsOf(game: Game): string[] {
  const m = game.value("moderators");
  return Array.isArray(m) ? (m as string[]) : [];
}
