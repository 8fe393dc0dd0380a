/**
 * Every record Nomos publishes, by name, in every format: the one call the CLI, the HTTP API
 * and the web UI share, so that all three hand players the same documents.
 */
import type { Act, GameState } from "../kernel/types.js";
import { renderRulesetMarkdown, renderRulesetText, rulesetDocument } from "./publish/index.js";
import {
  courtReport, proposalReport, renderCourtReportMarkdown, renderCourtReportText, renderProposalReportMarkdown,
  renderProposalReportText, renderScoreboardMarkdown, renderScoreboardText, scoreboard,
} from "./reports/index.js";
import { namer } from "./reports/names.js";

export const recordKinds = ["ruleset", "full-ruleset", "proposals", "scores", "court"] as const;
export type RecordKind = (typeof recordKinds)[number];
export const recordFormats = ["text", "markdown", "json"] as const;
export type RecordFormat = (typeof recordFormats)[number];

export interface RecordSource {
  /** The log up to the moment wanted, and the state folded from it. */
  acts: Act[];
  state: GameState;
  /** Who reads it: a player's id, or null for anyone (secrets left out). */
  viewer: string | null;
  /** The preset's title, for the initial rules' history lines. */
  presetTitle?: string;
}

/** A record in the format asked for: JSON data, or a text/Markdown string. */
export function renderRecord(kind: RecordKind, source: RecordSource, format: RecordFormat): unknown {
  const { acts, state, viewer } = source;
  const name = namer(state);
  switch (kind) {
    case "ruleset":
    case "full-ruleset": {
      const doc = rulesetDocument(state, { full: kind === "full-ruleset", name, viewer, ...(source.presetTitle !== undefined ? { presetTitle: source.presetTitle } : {}) });
      return format === "json" ? doc : format === "text" ? renderRulesetText(doc) : renderRulesetMarkdown(doc);
    }
    case "proposals": {
      const report = proposalReport(acts, state, viewer, { name });
      return format === "json" ? report : format === "text" ? renderProposalReportText(report) : renderProposalReportMarkdown(report);
    }
    case "scores": {
      const report = scoreboard(acts, state, viewer, { name });
      return format === "json" ? report : format === "text" ? renderScoreboardText(report) : renderScoreboardMarkdown(report);
    }
    case "court": {
      const report = courtReport(acts, state, viewer, { name });
      return format === "json" ? report : format === "text" ? renderCourtReportText(report) : renderCourtReportMarkdown(report);
    }
  }
}

/** A game's name as safe for a file name: "Friday Nomic!" → "friday-nomic". */
export function fileSlug(game: string): string {
  return game.normalize("NFKD").replace(/[^\w\s-]/g, "").trim().toLowerCase().replace(/[\s_-]+/g, "-") || "game";
}

/** A file name for a download: "friday-nomic-full-ruleset-42.md". */
export function recordFileName(game: string, kind: RecordKind, seq: number, format: RecordFormat): string {
  return `${fileSlug(game)}-${kind}-${seq}.${format === "markdown" ? "md" : format === "json" ? "json" : "txt"}`;
}
