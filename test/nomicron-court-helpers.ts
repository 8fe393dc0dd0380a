/**
 * Set-up for the tests of Nomicron's court (rules 210-215): a game of the preset with five
 * players, round 1 begun by the founding convention's motions, on a clock the test moves. The
 * tests start in the interim before turn 1-1 and move from turn to turn by the calendar's timers.
 */
import { readFileSync } from "node:fs";
import type { Game } from "../src/kernel/game.js";
import { presetsDir } from "../src/ruleset-sources/presets.js";
import { beginRound, nextTimer, nomicronGame, propose, runTo, type Table, votes } from "./nomicron-helpers.js";

export const court = [210, 211, 212, 213, 214, 215];
export const courtSource = (n: number) => readFileSync(`${presetsDir}/nomicron/${n}.ts`, "utf8");

export interface CourtTable extends Table {
  /** Player ids by first name, in the order they joined (Ada, the first, is the administrator). */
  id: Record<"ada" | "grace" | "alan" | "edsger" | "barbara", string>;
}

export const fivePlayers = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov"];

/** A game of the Nomicron preset, five players joined, round 1 begun (the interim before its first turn). */
export async function courtGame(): Promise<CourtTable> {
  const t = (await nomicronGame(Date.UTC(2026, 2, 18, 15), fivePlayers)) as CourtTable; // Wednesday 18 March 2026
  await beginRound(t, t.id.ada);
  return t;
}

export interface CaseView {
  number: number;
  question: string;
  caller: string;
  mentioned: string[];
  paradox: boolean;
  judge: string | null;
  appointedAt: number | null;
  drawnFrom: string | null;
  formerJudges: string[];
  status: string;
  verdict: "TRUE" | "FALSE" | null;
  reasoning: string | null;
  rulings: { verdict: string; by: string; appeal: number | null }[];
  appeals: { number: number; by: string; verdict: string; status: string; turn: string | null; votes: Record<string, string> }[];
}

export const cases = (game: Game) => game.value("cases") as unknown as Record<string, CaseView>;
export const caseOf = (game: Game, number: number) => cases(game)[number]!;
export const pool = (game: Game) => game.value("judicialPool") as string[];
export const points = (game: Game, player: string) => game.value("points", player) as number;

/** Moves the test's clock and fires the timers that came due, as a server would. */
export const pass = (t: CourtTable, ms: number) => runTo(t, t.clock.now + ms);

/** The calendar runs to the next turn's beginning (Monday 22:00 Central) or the current turn's end (Saturday 22:00), its votes closing. */
export const turnEdge = (t: CourtTable, edge: "begin" | "end") => runTo(t, nextTimer(t, edge === "begin" ? "turn.begins" : "turn.ends"));

/** `by` submits a proposal in this turn (a new rule), and `voters` vote for it. */
export async function proposal(t: CourtTable, by: string, voters: string[]): Promise<void> {
  const number = await propose(t, by, { kind: "enact", text: `A rule proposed by ${by}.` });
  await votes(t, number, Object.fromEntries(voters.map((v) => [v, "for" as const])));
}

/** The administrator records that a player is no longer active (during a round, status changes by correction). */
export const inactive = (t: CourtTable, player: string) =>
  t.game.correct({ player: t.id.ada }, { cites: { rule: 3 }, reason: "no longer active", changes: [{ name: "status", player, value: "inactive" }] });
