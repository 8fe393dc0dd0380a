/**
 * How big a value from the sandbox is, and whether it is JSON data at all. The host
 * measures what it did not make before it keeps it: the walk stops as soon as a value
 * is too large or too deep, so a hostile result costs no more than the budget.
 */
import { limits } from "./limits.js";

/**
 * The value's size in characters of JSON (arrays and objects count one comma more than
 * JSON.stringify, which makes sizes add up entry by entry), or a string saying why it is
 * not acceptable: not JSON data, nested deeper than `depth` levels, or larger than `max`.
 * `known` gives the size of an object or array already measured (the guest's frozen copies,
 * counted as they were copied, never less than this function would count them), so the guest
 * measures what it records by the host's one definition without walking values twice.
 */
export function jsonSize(value: unknown, max: number, depth: number = limits.jsonDepth, known?: (v: object) => number | undefined): number | string {
  let total = 0;
  const walk = (v: unknown, level: number): string | null => {
    if (level > depth) return `is nested too deeply (more than ${depth} levels)`;
    if (v === null) total += 4;
    else if (typeof v === "boolean") total += v ? 4 : 5;
    else if (typeof v === "number") {
      if (!Number.isFinite(v)) return "holds a number that is not finite";
      total += String(v).length;
    } else if (typeof v === "string") total += stringSize(v);
    else if (typeof v === "object" && known !== undefined && known(v) !== undefined) total += known(v)!;
    else if (Array.isArray(v)) {
      total += 2;
      for (const item of v) {
        total += 1;
        const problem = total > max ? null : walk(item, level + 1);
        if (problem) return problem;
        if (total > max) break;
      }
    } else if (typeof v === "object") {
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) return "holds an object that is not plain JSON data";
      total += 2;
      for (const key of Object.keys(v)) {
        total += stringSize(key) + 2;
        const problem = total > max ? null : walk((v as Record<string, unknown>)[key], level + 1);
        if (problem) return problem;
        if (total > max) break;
      }
    } else return `holds ${typeof v === "undefined" ? "undefined" : `a ${typeof v}`}, which is not JSON data`;
    return null;
  };
  const problem = walk(value, 0);
  if (problem) return problem;
  if (total > max) return `is larger than ${max.toLocaleString("en")} characters`;
  return total;
}

/** What JSON.stringify escapes: quotes, backslashes, control characters, lone surrogates. */
const escaped = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string's length as JSON, escapes included. */
export function stringSize(s: string): number {
  // A string too long already need not be escaped to know it; most need no escape at all.
  return s.length > limits.effectsChars || !escaped.test(s) ? s.length + 2 : JSON.stringify(s).length;
}
