/**
 * How a rule's history grows: one pure module shared by the host's fold
 * (src/kernel/fold.ts) and the guest runtime's mirror (src/guest/), so that the two
 * write the same entries by construction rather than by two copies kept in step.
 */
import type { HistoryChange, HistoryEntry, Json, PublishedHistory } from "./types.js";

/** An entry made by an act of the game. */
export function historyEntry(change: HistoryChange, at: number, seq: number, revision: number, cause: string, detail?: Json, by?: number): HistoryEntry {
  const e: HistoryEntry = { change, at, seq, revision, cause };
  if (detail !== undefined) e.detail = detail;
  if (by !== undefined) e.by = by;
  return e;
}

/** History a published ruleset states, as entries from before the game (seq 0, revision 0). */
export function pastEntries(past: readonly PublishedHistory[] | undefined): HistoryEntry[] {
  return (past ?? []).map((p) => {
    const e: HistoryEntry = { change: p.change, at: p.at, seq: 0, revision: 0, cause: p.cause, published: p.text };
    if (p.detail !== undefined) e.detail = p.detail;
    return e;
  });
}
