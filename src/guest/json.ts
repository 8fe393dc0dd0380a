/**
 * Values that cross between rules, and between a rule and the engine, are copied into
 * plain frozen JSON at the crossing, while the rule that made them is the one running:
 * a getter, a Proxy or a huge value then costs (and fails) the rule that handed it over,
 * never the rule or engine code that receives it. Names that would reach an object's
 * prototype are refused.
 */
import { limits, nameProblem, reservedNames } from "../kernel/limits.js";
import type { Json } from "../kernel/types.js";

/** Copies a value, checking it is JSON within `budget` characters, and freezes the copy. */
export function frozenJson(value: unknown, what: string, budget: number = limits.valueChars): Json {
  const left = { chars: budget };
  const out = copy(value, what, 0, left, budget);
  copied.chars = budget - left.chars;
  return out;
}

/** The size of the last value copied, in characters (about its size as JSON). */
export const copied = { chars: 0 };

function spend(left: { chars: number }, n: number, what: string, budget: number): void {
  left.chars -= n;
  if (left.chars < 0) throw new Error(`${what} is too large (over ${budget} characters as JSON)`);
}

function copy(value: unknown, what: string, depth: number, left: { chars: number }, budget: number): Json {
  if (depth > 64) throw new Error(`${what} is nested too deeply (more than 64 levels)`);
  if (value === null || typeof value === "boolean") {
    spend(left, 5, what, budget);
    return value as Json;
  }
  if (typeof value === "string") {
    spend(left, value.length + 2, what, budget);
    return value;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`${what} must be a finite number, not ${value}`);
    spend(left, 8, what, budget);
    return value;
  }
  if (Array.isArray(value)) {
    const n = value.length;
    spend(left, n + 2, what, budget);
    const out: Json[] = [];
    for (let i = 0; i < n; i++) out.push(copy(value[i], `${what}[${i}]`, depth + 1, left, budget));
    return Object.freeze(out) as Json;
  }
  if (typeof value === "object") {
    const out: Record<string, Json> = {};
    const keys = Object.keys(value as object);
    spend(left, keys.length + 2, what, budget);
    for (const key of keys) {
      if (reservedNames.includes(key)) throw new Error(`${what} cannot have a key named "${key}"`);
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      spend(left, key.length + 3, what, budget);
      out[key] = copy(v, `${what}.${key}`, depth + 1, left, budget);
    }
    return Object.freeze(out);
  }
  throw new Error(`${what} must be JSON data (null, boolean, number, string, array or object), not ${typeof value}`);
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
