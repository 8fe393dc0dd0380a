/**
 * A moment in a game's past, named as players name it: after act N, or at a time. Every
 * record can be had as it stood then (Nomicron 213.1: a Judge considers the rules in
 * effect at the time of the disputed action).
 */
import type { Act } from "../kernel/types.js";

/** A moment that cannot be read; the message says how to name one. */
export class MomentError extends Error {
  override name = "MomentError";
}

/** The number of the last act at the moment named, or the latest act when none is named. */
export function momentOf(acts: readonly Act[], moment: { seq?: number; time?: string }, latest: number): number {
  let seq = moment.seq;
  if (moment.time !== undefined) {
    const time = Date.parse(moment.time);
    if (Number.isNaN(time)) throw new MomentError(`"${moment.time}" is not a time; use ISO 8601, such as 2026-11-23T18:00:00Z`);
    seq = acts.filter((a) => a.time <= time).at(-1)?.seq ?? 0;
  }
  if (seq === undefined) return latest;
  if (!Number.isInteger(seq) || seq < 1) throw new MomentError("the game did not exist yet at that moment (its first act is number 1)");
  return Math.min(seq, latest);
}
