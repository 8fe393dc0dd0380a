/**
 * The records a game's rules declare, as the CLI shows them: proposals (records of kind
 * "proposal", the rule API's ProposalRecord) and Judgment cases (kind "case"), open or
 * decided as each record declares (src/present/records.ts). Entries not in the kind's
 * shape are left out, so the generic display shows them instead.
 */
import type { Json } from "../kernel/types.js";
import type { GameView } from "../kernel/visibility.js";
import { isEntry, recordEntries } from "../present/records.js";

export interface ProposalView {
  number: number;
  proposer: string;
  change: Json;
  votes: Record<string, string>;
  status: string;
  reason?: string | null;
}
export interface JudgmentView {
  number: number;
  question: string;
  judge: string;
  status: string;
  verdict?: string | null;
  consents?: string[];
  overrulers?: string[];
}

type Which = "all" | "open" | "decided";

export function proposalViews(view: GameView, which: Which = "all"): ProposalView[] {
  return recordEntries(view.state, "proposal", which)
    .filter((r) => typeof r.number === "number" && typeof r.status === "string" && isEntry(r.votes))
    .map((r) => r as unknown as ProposalView);
}

export function judgmentViews(view: GameView, which: Which = "all"): JudgmentView[] {
  return recordEntries(view.state, "case", which)
    .filter((r) => typeof r.number === "number" && typeof r.status === "string")
    .map((r) => r as unknown as JudgmentView);
}

/** The records shown as proposals and cases, so the generic display skips them. */
export function recordNames(view: GameView): Set<string> {
  return new Set(view.state.filter((s) => s.scope === "game" && (s.record?.kind === "proposal" || s.record?.kind === "case")).map((s) => s.name));
}
