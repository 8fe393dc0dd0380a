/**
 * Which rule's answer, handler or declaration comes first. The engine's default is
 * immutable before mutable, then lowest number (Suber 110, 211). A rule may replace the
 * whole order by answering "precedence" (deNomic 349, Nomic VIII 108), but a mutable
 * rule's answer may only reorder the mutable rules: no mutable rule can put itself above
 * an immutable one, whatever it answers.
 */
import { cur, emitEffect, fail } from "./act.js";
import { frozenJson } from "./json.js";
import { disabledAt, type AnswerEntry } from "./loaded.js";
import { caches, loaded, rules } from "./mirror.js";
import { runReadOnly } from "./run.js";
import { suspended } from "./status.js";

export function defaultOrder(): number[] {
  return [...rules.values()].sort((a, b) => (a.mutable === b.mutable ? a.number - b.number : a.mutable ? 1 : -1)).map((r) => r.number);
}

/** Rules by precedence, highest first: the engine's default unless a rule answers "precedence". */
export function order(): number[] {
  if (caches.order) return caches.order;
  const base = defaultOrder();
  caches.order = base;
  for (const n of base) {
    const entries = loaded.get(n)?.answers.get("precedence");
    if (!entries || isSkipped(n)) continue;
    for (const entry of entries) {
      const proposed = runReadOnly(n, "answer precedence", () => {
        const value = entry.fn(frozenJson(base, "the rules in precedence order"));
        return value === undefined ? undefined : frozenJson(value, 'the answer to "precedence"');
      });
      if (proposed === undefined) continue;
      const problem = orderProblem(n, base, proposed);
      if (problem === null) {
        caches.order = (proposed as number[]).slice();
        return caches.order;
      }
      fail(n, "answer precedence", problem);
    }
  }
  return caches.order;
}

function orderProblem(by: number, base: number[], proposed: unknown): string | null {
  if (!Array.isArray(proposed) || proposed.length !== base.length || !base.every((x) => proposed.includes(x))) {
    return 'the answer to "precedence" must list every rule number exactly once';
  }
  if (rules.get(by)?.mutable) {
    const immutable = base.filter((n) => !rules.get(n)?.mutable);
    if (immutable.some((n, i) => proposed[i] !== n)) {
      return 'a mutable rule\'s answer to "precedence" may reorder only the mutable rules: the immutable rules keep their places before them';
    }
  }
  return null;
}

/** A rule not in effect, that failed to load, or ran out of fuel, memory or time earlier in this act, takes no part. */
export function isSkipped(n: number, during = "act"): boolean {
  const l = loaded.get(n);
  if (!l || l.failed || suspended.has(n)) return true;
  const stopped = disabledAt(n);
  if (stopped) {
    if (!cur.reportedDisabled.has(n)) {
      cur.reportedDisabled.add(n);
      emitEffect({ e: "rule.failed", rule: n, during, error: stopped.error });
    }
    return true;
  }
  return false;
}

export type Claimant = AnswerEntry & { rule: number };

export function claims(over: Claimant, under: Claimant): boolean {
  const p = over.precedes,
    d = under.defersTo;
  return p === "all" || (Array.isArray(p) && p.includes(under.rule)) || d === "all" || (Array.isArray(d) && d.includes(over.rule));
}

/** The same class of mutability decides before any claim (an immutable rule is never overridden by a mutable one's claim). */
export function sameClass(a: number, b: number): boolean {
  return rules.get(a)?.mutable === rules.get(b)?.mutable;
}
