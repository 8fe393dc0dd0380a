/**
 * Which rules are in effect, resolved at the end of each act (contract "rule.in-effect"): in
 * the engine's default precedence order, a rule is in effect unless a rule already found in
 * effect answers false or a reason for it. So a rule can suspend only rules below it, never
 * itself. A status an officer's correction set stands whatever the rules answer.
 */
import type { Json, RuleStatusCorrection } from "../kernel/types.js";
import { refusal } from "./act.js";
import { frozenJson } from "./json.js";
import { dropCaches, loaded, rules } from "./mirror.js";
import { liveEntries } from "./loaded.js";
import { defaultOrder, isSkipped } from "./precedence.js";
import { runReadOnly } from "./run.js";
import { corrected, forget, setStatus, type Suspension, suspended } from "./status.js";

export const inEffectQuestion = "rule.in-effect";

export function resolveStatus(): void {
  for (const n of [...suspended.keys(), ...corrected]) if (!rules.has(n)) forget(n);
  // The rules found in effect so far that answer the question: only they can suspend the rules below.
  const answering: number[] = [];
  for (const n of defaultOrder()) {
    const next = corrected.has(n) ? (suspended.get(n) ?? null) : verdict(n, answering);
    if (!corrected.has(n)) setStatus(n, next, false);
    if (next === null && loaded.get(n)?.answers.has(inEffectQuestion)) answering.push(n);
  }
}

/** The first answer, from a rule found in effect, that says rule `n` is not. */
function verdict(n: number, answering: number[]): Suspension | null {
  for (const m of answering) {
    if (isSkipped(m)) continue;
    const entries = liveEntries(m, (l) => l.answers, inEffectQuestion);
    if (!entries) continue;
    for (const entry of entries) {
      const said = runReadOnly(m, `answer ${inEffectQuestion}`, () => {
        const respond = entry.fn;
        const v = respond(frozenJson({ rule: n }, "the question's arguments") as Json);
        return v === false ? `Rule ${m} says so` : typeof v === "string" ? v.slice(0, 2000) || `Rule ${m} says so` : null;
      });
      if (said) return { rule: m, reason: said };
    }
  }
  return null;
}

/** An officer's correction rules a rule void or restores it; the status stands until another correction. */
export function correctStatus(change: RuleStatusCorrection, reason: string): void {
  if (!rules.has(change.rule)) throw refusal(`there is no rule ${change.rule} in the ruleset whose status to set`, null);
  setStatus(change.rule, change.inEffect ? null : { rule: null, reason: change.reason?.trim() || reason }, true);
  dropCaches();
}
