/**
 * A practice game's clock. A group learning a slow ruleset (a day's discussion, a week's
 * vote) in one sitting may move the game's clock forward: the game's time is then the
 * host's clock plus how far the group has moved it. Each move is an act of its own, so the
 * log says who moved it and by how much, and a replay folds the same time back. The clock
 * never goes back, and only a game created as practice has one.
 */
import { byDeadline } from "./deadlines.js";
import { timerHeld } from "./rule-status.js";
import type { Act, GameState, Input, TimerRecord } from "./types.js";

/** How a player asks to move the clock: by an amount, or to the next timer's time. */
export type ClockMove = { forwardMs: number } | { toNextDeadline: true };

/** The longest one move may be: a year is more than any ruleset waits. */
export const longestMoveMs = 366 * 24 * 3_600_000;

/** How far the game's clock runs ahead of the host's (0 for a game that is not practice). */
export function clockAhead(state: GameState): number {
  return state.practice?.aheadMs ?? 0;
}

/** The timer due soonest, if any: "the next deadline" (a suspended rule's timers are held: they fire at no deadline). */
export function nextDeadline(state: GameState): TimerRecord | undefined {
  return Object.values(state.timers)
    .filter((t) => !timerHeld(state, t))
    .sort(byDeadline)[0];
}

/** Why a move is not made, in words: the engine's ActionError, handed in (the engine imports this module). */
type Refusal = new (code: "not-a-player" | "invalid-input" | "refused", message: string) => Error;

/**
 * The act for a move of the clock by `by` at the game's time `now`: its input, and `now` as
 * its time (read once: a move to a deadline is reckoned from it). Throws `Refused` if it cannot be made.
 */
export function clockInput(state: GameState, by: string, move: ClockMove, now: number, Refused: Refusal): [Input, number] {
  const made = clockMove(state, by, move, now);
  if (Array.isArray(made)) throw new Refused(...made);
  return [made, now];
}

function clockMove(state: GameState, by: string, move: ClockMove, now: number): Input | ConstructorParameters<Refusal> {
  if (!state.practice)
    return ["refused", "this game is not a practice game: its clock follows real time and cannot be moved. A practice game is chosen when the game is created"];
  if (!state.players.some((p) => p.id === by)) return ["not-a-player", `"${by}" is not a player in this game; only its players move its clock`];
  let forwardMs: number;
  let deadline: { rule: number; name: string; at: number } | undefined;
  if ("toNextDeadline" in move) {
    const next = nextDeadline(state);
    if (!next) return ["refused", "no deadline is set in this game now, so there is none to move the clock to; move it by an amount instead (1 hour, 1 day)"];
    forwardMs = Math.ceil(next.at - now);
    if (forwardMs <= 0) return ["refused", `the next deadline (Rule ${next.rule}'s "${next.name}") has come already; it is being dealt with now`];
    deadline = { rule: next.rule, name: next.name, at: next.at };
  } else {
    forwardMs = move.forwardMs;
    if (!Number.isSafeInteger(forwardMs) || forwardMs <= 0)
      return ["invalid-input", "the clock moves forward only, by a whole number of milliseconds above 0 (such as 1 hour or 1 day)"];
  }
  if (forwardMs > longestMoveMs) return ["invalid-input", "the clock moves at most 366 days at a time"];
  const input: Input = { kind: "clock", by, forwardMs, aheadMs: clockAhead(state) + forwardMs };
  if (deadline) input.deadline = deadline;
  return input;
}

/**
 * Folds what an act says of the practice clock: a practice game's creation starts it at
 * 0 ahead, a move sets how far ahead it is. A log that moves a clock that is not there, or
 * moves it back, is not one this engine wrote.
 */
export function foldClock(state: GameState, act: Act): void {
  const input = act.input;
  if (input.kind === "create" && input.practice === true) state.practice = { aheadMs: 0 };
  if (input.kind !== "clock") return;
  if (!state.practice) throw new Error(`act ${act.seq} moves the clock of a game that is not a practice game`);
  if (!(Number.isSafeInteger(input.forwardMs) && input.forwardMs > 0 && input.aheadMs === state.practice.aheadMs + input.forwardMs))
    throw new Error(`act ${act.seq} moves the practice clock by ${input.forwardMs} ms to ${input.aheadMs} ms ahead, from ${state.practice.aheadMs} ms ahead`);
  state.practice = { aheadMs: input.aheadMs };
}
