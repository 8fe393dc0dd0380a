/** Reading what the user typed: numbers, JSON and files, with errors that say what is wrong. */
import { readFileSync } from "node:fs";
import type { Json } from "../kernel/types.js";
import { UsageError } from "./context.js";

export function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}`);
  }
}

export function parseJson(text: string, what: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (err) {
    throw new UsageError(`${what} is not valid JSON: ${(err as Error).message}`);
  }
}

export function wholeNumber(value: string, what = "a number"): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n)) throw new UsageError(`"${value}" is not a whole number (${what})`);
  return n;
}

/** A commander argument parser for a positive whole-number option. */
export function positive(what: string): (value: string) => number {
  return (value) => {
    const n = wholeNumber(value, what);
    if (n < 1) throw new UsageError(`${what} must be at least 1, not ${n}`);
    return n;
  };
}
