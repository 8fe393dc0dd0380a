/**
 * Values that cross between rules, and between a rule and the engine, are copied into
 * plain frozen JSON at the crossing, while the rule that made them is the one running:
 * a getter, a Proxy or a huge value then costs (and fails) the rule that handed it over,
 * never the rule or engine code that receives it. Names that would reach an object's
 * prototype are refused.
 */
import { limits, nameProblem, reservedNames } from "../kernel/limits.js";
import type { Json } from "../kernel/types.js";
import { stringSize } from "../kernel/json-size.js";

/**
 * Copies a value, checking it is JSON within `budget` characters, and freezes the copy.
 * A part that is already such a copy (state read from the mirror, a schema built with `t`)
 * is taken as it is, charged its known size and depth: a rule that writes back a big value
 * with one field changed pays for that field, not for the whole value again.
 */
export function frozenJson(value: unknown, what: string, budget: number = limits.valueChars): Json {
  const walk: Walk = { what, trail: [], left: budget, budget, deepest: 0 };
  const out = copy(value, 0, walk);
  copied.chars = budget - walk.left;
  return out;
}

/** The size of the last value copied, in characters: never less than its size as the host counts JSON. */
export const copied = { chars: 0 };

/** The size of an object or array `frozenJson` made, as it counted it; undefined for any other. */
export function knownSize(v: object): number | undefined {
  return made.get(v)?.chars;
}

/** Every object or array `frozenJson` made: its size in characters and how many levels it nests. */
const made = new WeakMap<object, { chars: number; levels: number }>();
const reserved = new Set(reservedNames);
const maxDepth = 64;

interface Walk {
  what: string;
  /** Where the copy is, to name the place of a problem (built only then). */
  trail: (string | number)[];
  left: number;
  budget: number;
  deepest: number;
}

function place(w: Walk): string {
  return w.what + w.trail.map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`)).join("");
}

function spend(w: Walk, n: number): void {
  w.left -= n;
  if (w.left < 0) throw new Error(`${place(w)} is too large (over ${w.budget} characters as JSON)`);
}

function copy(value: unknown, depth: number, w: Walk): Json {
  if (depth > maxDepth) throw new Error(`${place(w)} is nested too deeply (more than ${maxDepth} levels)`);
  if (depth > w.deepest) w.deepest = depth;
  if (value === null || typeof value === "boolean") {
    spend(w, 5);
    return value as Json;
  }
  // Never less than the host counts (src/kernel/json-size.ts): escapes, and every digit.
  if (typeof value === "string") {
    spend(w, stringSize(value));
    return value;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`${place(w)} must be a finite number, not ${value}`);
    spend(w, String(value).length);
    return value;
  }
  if (typeof value !== "object") throw new Error(`${place(w)} must be JSON data (null, boolean, number, string, array or object), not ${typeof value}`);
  const known = made.get(value);
  if (known) {
    if (depth + known.levels > maxDepth) throw new Error(`${place(w)} is nested too deeply (more than ${maxDepth} levels)`);
    if (depth + known.levels > w.deepest) w.deepest = depth + known.levels;
    spend(w, known.chars);
    return value as Json;
  }
  const before = w.left;
  const deepestBefore = w.deepest;
  w.deepest = depth;
  let out: Json;
  if (Array.isArray(value)) {
    const n = value.length;
    spend(w, n + 2);
    const items: Json[] = [];
    for (let i = 0; i < n; i++) {
      w.trail.push(i);
      items.push(copy(value[i], depth + 1, w));
      w.trail.pop();
    }
    out = Object.freeze(items) as Json;
  } else {
    const fields: Record<string, Json> = {};
    const keys = Object.keys(value as object);
    spend(w, keys.length + 2);
    for (const key of keys) {
      if (reserved.has(key)) throw new Error(`${place(w)} cannot have a key named "${key}"`);
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      spend(w, stringSize(key) + 2);
      w.trail.push(key);
      fields[key] = copy(v, depth + 1, w);
      w.trail.pop();
    }
    out = Object.freeze(fields);
  }
  made.set(out as object, { chars: before - w.left, levels: w.deepest - depth });
  w.deepest = Math.max(w.deepest, deepestBefore);
  return out;
}

/** A string from rule code, bounded: `String(x)` runs x's own toString while its rule is the one running. */
export function text(value: unknown, what: string, max: number = limits.textChars): string {
  const s = typeof value === "string" ? value : String(value);
  if (s.length > max) throw new Error(`${what} is too long (${s.length} characters; at most ${max})`);
  return s;
}

/** Checks a name chosen by rule code (state, action, event, question, timer). */
export function checkedName(name: unknown, what: string, max?: number): string {
  const problem = nameProblem(name, what, max);
  if (problem) throw new Error(problem);
  return name as string;
}

/** Words for an error thrown by rule code; never throws, whatever the rule threw. */
export function errorText(err: unknown): string {
  try {
    if (err && typeof err === "object" && "message" in err) {
      const e = err as { name?: unknown; message?: unknown };
      const name = typeof e.name === "string" ? e.name : "Error";
      const message = typeof e.message === "string" ? e.message : "";
      return truncate(`${name}: ${message}`);
    }
    return truncate(typeof err === "string" ? err : String(err));
  } catch {
    return "an error that could not be read";
  }
}

function truncate(s: string): string {
  return s.length > 2000 ? `${s.slice(0, 2000)}…` : s;
}
