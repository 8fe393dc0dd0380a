/**
 * Which rule's answer, handler or declaration comes first. The engine's default is
 * immutable before mutable, then lowest number (Suber 110, 211). A rule may replace the
 * whole order by answering "precedence" (deNomic 349, Nomic VIII 108), but a mutable
 * rule's answer may only reorder the mutable rules: no mutable rule can put itself above
 * an immutable one, whatever it answers.
 */
import { cur, emitEffect, fail } from "./act.js";
import type { Json } from "../kernel/types.js";
import { frozenJson } from "./json.js";
import { disabledAt, liveEntries, type AnswerEntry, type Claim, type ClaimFn } from "./loaded.js";
import { caches, loaded, rules, ruleset } from "./mirror.js";
import { runReadOnly } from "./run.js";
import { suspended } from "./status.js";

let sorted: { version: number; order: number[] } | null = null;

/**
 * Immutable rules before mutable, then by number. The same array while the ruleset stands, so
 * that what {@link declaring} found in it is kept across acts. Nothing may change it.
 */
export function defaultOrder(): number[] {
  if (sorted?.version !== ruleset.version) {
    const order = [...rules.values()].sort((a, b) => (a.mutable === b.mutable ? a.number - b.number : a.mutable ? 1 : -1)).map((r) => r.number);
    sorted = { version: ruleset.version, order };
  }
  return sorted.order;
}

/** Rules by precedence, highest first: the engine's default unless a rule answers "precedence". */
export function order(): number[] {
  if (caches.order) return caches.order;
  const base = defaultOrder();
  caches.order = base;
  for (const n of base) {
    if (!loaded.get(n)?.answers.has("precedence") || isSkipped(n)) continue;
    const entries = liveEntries(n, (l) => l.answers, "precedence");
    if (!entries) continue;
    for (const entry of entries) {
      const proposed = runReadOnly(n, "answer precedence", () => {
        const respond = entry.fn;
        const value = respond(frozenJson(base, "the rules in precedence order"));
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

/**
 * The rules of `ranked` (an order(): the same array while the ruleset stands, unless a rule
 * answers "precedence", then made once per act and anew whenever the rules change) that declared one of `keys` under `kind`, each with its place in it:
 * worked out once per order, for checks and questions asked many times in an act (a page's
 * question checks each action for every player), since most rules declare neither.
 */
const declared = new WeakMap<number[], Map<string, [number, number][]>>();
export function declaring(ranked: number[], kind: "forbids" | "answers", ...keys: string[]): [number, number][] {
  let known = declared.get(ranked);
  if (!known) declared.set(ranked, (known = new Map()));
  const id = `${kind}\u0000${keys.join("\u0000")}`;
  let found = known.get(id);
  if (!found) {
    found = [];
    for (const [i, n] of ranked.entries()) {
      const map = loaded.get(n)?.[kind];
      if (map && keys.some((k) => map.has(k))) found.push([i, n]);
    }
    known.set(id, found);
  }
  return found;
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

/**
 * Whether `over`'s answer to `question` comes before `under`'s by their own claims
 * (`precedes`/`defersTo`), a claim given as a function asked now, while its rule runs.
 */
export function claimsAt(question: string): (over: Claimant, under: Claimant) => boolean {
  const asked = new Map<string, boolean>();
  const holds = (c: Claimant, claim: Claim, other: number, what: string): boolean => {
    if (claim === null) return false;
    if (claim === "all") return true;
    if (Array.isArray(claim)) return claim.includes(other);
    const key = `${c.rule}.${what}.${other}`;
    let v = asked.get(key);
    // A claim that asks the same question again is not asked again inside: there it does not hold.
    const inside = `${c.rule}:${question}`;
    if (v === undefined && cur.claiming.has(inside)) return false;
    if (v === undefined) {
      cur.claiming.add(inside);
      try {
        v = runReadOnly(c.rule, `${what} of answer ${question}`, () => (claim as ClaimFn)(other, question) === true) ?? false;
      } finally {
        cur.claiming.delete(inside);
      }
      asked.set(key, v);
    }
    return v;
  };
  return (over, under) => holds(over, over.precedes, under.rule, "precedes") || holds(under, under.defersTo, over.rule, "defersTo");
}

/**
 * The rules whose answers prevail by `precedenceBy`: in each class of mutability, when the
 * answers differ and all of them name the same rule in effect, that rule answers
 * "precedence.conflict" now (so its state at this moment decides).
 */
export function byArbiter(question: string, answered: readonly (Claimant & { value: Json })[]): number | null {
  for (const mutable of [false, true]) {
    const group = answered.filter((a) => (rules.get(a.rule)?.mutable ?? true) === mutable);
    if (group.length < 2) continue;
    const by = group[0]!.precedenceBy;
    if (by === null || group.some((a) => a.precedenceBy !== by)) continue;
    const first = JSON.stringify(group[0]!.value);
    if (group.every((a) => JSON.stringify(a.value) === first)) continue;
    const winner = arbitrate(by, question, [...new Set(group.map((a) => a.rule))]);
    if (winner !== null) return winner;
  }
  return null;
}

function arbitrate(by: number, question: string, contenders: number[]): number | null {
  const key = `${by}:${question}`;
  // A rule deciding a conflict that asks the same question again gets the answers without its decision.
  if (!loaded.get(by)?.answers.has("precedence.conflict") || isSkipped(by) || cur.arbitrating.has(key)) return null;
  const entries = liveEntries(by, (l) => l.answers, "precedence.conflict");
  if (!entries) return null;
  cur.arbitrating.add(key);
  try {
    const args = frozenJson({ question, rules: contenders }, '"precedence.conflict"');
    for (const entry of entries) {
      const respond = entry.fn;
      const value = runReadOnly(by, "answer precedence.conflict", () => respond(args));
      if (value === undefined) continue;
      if (typeof value === "number" && contenders.includes(value)) return value;
      fail(by, "answer precedence.conflict", `the answer to "precedence.conflict" must be one of the rules in conflict (${contenders.join(", ")}) or nothing`);
    }
    return null;
  } finally {
    cur.arbitrating.delete(key);
  }
}

/** The same class of mutability decides before any claim (an immutable rule is never overridden by a mutable one's claim). */
export function sameClass(a: number, b: number): boolean {
  return rules.get(a)?.mutable === rules.get(b)?.mutable;
}
