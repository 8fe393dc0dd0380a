/**
 * A rule's history in the layout Nomic players know from Agora's Full Logical Ruleset:
 * "Amended(3) by Proposal 312 (Alice), 5 Jan 2001". Each line is derived from the rule's
 * recorded history and the game's records, never typed by hand.
 */
import type { HistoryEntry, Json } from "../../kernel/types.js";
import { day } from "./dates.js";

/** Who made the change, where the records say: the proposer of "Proposal N". */
export interface Author {
  id: string;
  name: string;
}

function detail(h: HistoryEntry): Record<string, Json> {
  return h.detail && typeof h.detail === "object" && !Array.isArray(h.detail) ? h.detail : {};
}

/** "Proposal 305" or "Rule-Change 305" (games that number each rule-change) → 305; null for any other cause. */
export function proposalNumber(cause: string): number | null {
  const m = /^(?:Proposal|Rule-Change) (\d+)$/i.exec(cause.trim());
  return m ? Number(m[1]) : null;
}

/**
 * The engine enacts a game's first rules citing "the initial set (suber)"; players know
 * them as initial rules of the preset, by its title when the caller knows it.
 */
function initialRule(cause: string, presetTitle: string | undefined): string | null {
  const m = /^the initial set(?: \((.+)\))?$/.exec(cause);
  if (!m) return null;
  const source = presetTitle ?? m[1];
  return source ? `Initial rule (${source})` : "Initial rule";
}

/** One line of history (not an annotation: those are listed apart, see {@link annotationLine}). */
export function historyLine(h: HistoryEntry, author: Author | null, presetTitle?: string): string {
  // History from before the game reads exactly as the published ruleset stated it.
  if (h.published !== undefined) return h.published;
  const d = detail(h);
  const by = `by ${h.cause}${author ? ` (${author.name})` : ""}`;
  const date = h.at === null ? "" : `, ${day(h.at)}`;
  switch (h.change) {
    case "enacted": {
      const initial = initialRule(h.cause, presetTitle);
      return `${initial ?? `Enacted ${by}`}${date}`;
    }
    case "amended":
      return `Amended(${h.revision}) ${by}${date}`;
    case "repealed":
      return `Repealed ${by}${date}`;
    case "transmuted":
      return `Transmuted to ${d.mutable ? "mutable" : "immutable"} ${by}${date}`;
    case "renumbered":
      return `Renumbered from ${String(d.from)} to ${String(d.to)} ${by}${date}`;
    case "property":
      return `Property ${String(d.key)} set to ${JSON.stringify(d.value)} ${by}${date}`;
    case "annotated":
      return `Annotated ${by}${date}`;
  }
}

/** "[case 2] Case 2 (Judge Alan Turing): ... Ruled legal: ...": an annotation citing its cause. */
export function annotationLine(h: HistoryEntry): string {
  if (h.published !== undefined) return h.published;
  const text = typeof detail(h).text === "string" ? String(detail(h).text) : "";
  return `[${h.cause}] ${text}`;
}
