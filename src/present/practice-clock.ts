/**
 * A practice game's clock in words: how far ahead it runs ("1 day 2 hours"), how players
 * name an amount to move it by ("1d", "1 hour", "2h30m"), and the log's line for a move.
 * The server, the command line and the page all say it the same way.
 */
import type { Input } from "../kernel/types.js";

const units: [name: string, ms: number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];

/** "1 day 2 hours", "45 minutes", "0 minutes": the two largest units, rounded down. */
export function durationWords(ms: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, ms);
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 && parts.length < 2) parts.push(`${n} ${name}${n === 1 ? "" : "s"}`);
    else if (parts.length) break;
  }
  return parts.join(" ") || (ms > 0 ? "less than a second" : "0 minutes");
}

const unitOf: Record<string, number> = {
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  s: 1000,
  second: 1000,
  seconds: 1000,
};

/** An amount of time as players write it ("1d", "1 day", "2h 30m", "90 minutes"), in ms; undefined if it is not one. */
export function parseDuration(text: string): number | undefined {
  const clean = text.trim().toLowerCase();
  if (!clean || clean.length > 60) return undefined;
  const part = /(\d+(?:\.\d+)?)\s*([a-z]+)\s*,?\s*(?:and\s+)?/y;
  let total = 0;
  let at = 0;
  while (at < clean.length) {
    part.lastIndex = at;
    const m = part.exec(clean);
    const size = m ? unitOf[m[2]!] : undefined;
    if (!m || size === undefined) return undefined;
    total += Number(m[1]) * size;
    at = part.lastIndex;
  }
  return Math.round(total);
}

/** What to write, for a message saying an amount was not understood. */
export const durationExamples = '"1 hour", "1 day", "2h 30m" or "90 minutes"';

/** The log's line for a move of the clock: "Ada moved the practice clock forward 1 day (now 26 hours ahead)". */
export function clockMoveLine(input: Extract<Input, { kind: "clock" }>, name: (id: string) => string): string {
  const to = input.deadline ? ` to the next deadline (Rule ${input.deadline.rule}'s "${input.deadline.name}")` : "";
  return `${name(input.by)} moved the practice clock forward ${durationWords(input.forwardMs)}${to} (now ${durationWords(input.aheadMs)} ahead)`;
}
