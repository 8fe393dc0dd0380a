/**
 * Rules in the ruleset but not in effect ("rule.in-effect": between rounds, a rule ruled void).
 * The guest decides the status; the host only folds it and reads it: a rule not in effect
 * offers no action and its timers are held until it is back in effect.
 */
import { own, setOwn } from "./own.js";
import type { Effect, GameState, TimerRecord } from "./types.js";

/** Why rule `n` is not in effect now, or null if it is. */
export function suspension(state: Readonly<GameState>, n: number): { rule: number | null; reason: string } | null {
  return (state.suspended && own(state.suspended, n)) || null;
}

/** A rule's status as the views show it (the API's Rule.inEffect and Rule.suspended). */
export function ruleStatus(state: Readonly<GameState>, n: number): { inEffect: boolean; suspended: { rule: number | null; reason: string } | null } {
  const s = suspension(state, n);
  return { inEffect: s === null, suspended: s && { ...s } };
}

/** A due timer of a rule not in effect waits until the rule is back in effect. */
export function timerHeld(state: Readonly<GameState>, timer: TimerRecord): boolean {
  return suspension(state, timer.rule) !== null;
}

export function foldStatus(state: GameState, e: Extract<Effect, { e: "rule.status" }>, seq: number): void {
  state.statusSeq = seq;
  const suspended = (state.suspended ??= {});
  if (e.inEffect) delete suspended[e.number];
  else setOwn(suspended, e.number, { rule: e.rule ?? null, reason: e.reason ?? "" });
  if (e.corrected) setOwn((state.statusCorrected ??= {}), e.number, true);
}

/** A repealed or renumbered rule's number carries no status. */
export function forgetStatus(state: GameState, n: number): void {
  if (state.suspended) delete state.suspended[n];
  if (state.statusCorrected) delete state.statusCorrected[n];
}
