/**
 * Rules in the ruleset but not in effect ("rule.in-effect": between rounds, a rule ruled void).
 * The guest decides the status; the host only folds it and reads it: a rule not in effect
 * offers no action (offeredActions) and its timers are held until it is back in effect.
 */
import { own, setOwn } from "./own.js";
import type { ActionDecl, Effect, GameState, TimerRecord } from "./types.js";

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

/** The actions the rules in effect offer, highest precedence first: a rule whose code failed or that is not in effect offers none. */
export function offeredActions(state: Readonly<GameState>): ActionDecl[] {
  const seen = new Set<string>();
  const out: ActionDecl[] = [];
  for (const number of defaultOrder(state)) {
    for (const a of state.declares[number]?.actions ?? []) {
      if (seen.has(a.name) || state.broken[number] !== undefined || suspension(state, number)) continue;
      seen.add(a.name);
      out.push(a);
    }
  }
  return out;
}

/** Rules in the engine's default precedence: immutable before mutable, then lowest number. */
export function defaultOrder(state: Readonly<GameState>): number[] {
  return Object.values(state.rules)
    .sort((a, b) => (a.mutable === b.mutable ? a.number - b.number : a.mutable ? 1 : -1))
    .map((r) => r.number);
}
