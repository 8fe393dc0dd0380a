/**
 * Every record Nomos publishes, by name, in every format: the one call the CLI, the HTTP API
 * and the web UI share, so that all three hand players the same documents.
 */
import type { Act, GameState } from "../kernel/types.js";
import { renderRulesetMarkdown, renderRulesetText, rulesetDocument, type RulesetDocument } from "./publish/index.js";
import {
  courtReport,
  proposalReport,
  renderCourtReportMarkdown,
  renderCourtReportText,
  renderProposalReportMarkdown,
  renderProposalReportText,
  renderScoreboardMarkdown,
  renderScoreboardText,
  scoreboard,
  type CourtReport,
  type ProposalReport,
  type Scoreboard,
} from "./reports/index.js";
import { namer } from "./reports/names.js";

export const recordKinds = ["ruleset", "full-ruleset", "proposals", "scores", "court"] as const;
export type RecordKind = (typeof recordKinds)[number];
/** The reports, by the names a user may type for them (the CLI's `report <kind>`, the API's `/reports/<kind>`). */
const reportNames: Readonly<Record<string, RecordKind>> = { proposals: "proposals", scores: "scores", scoreboard: "scores", court: "court" };
export function reportKind(name: string): RecordKind | undefined {
  return Object.hasOwn(reportNames, name) ? reportNames[name] : undefined;
}
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

/** A record's JSON document, made from the records as `source.viewer` may see them. */
export function buildRecord(kind: RecordKind, source: RecordSource): RecordDocument {
  const { acts, state, viewer } = source;
  const name = namer(state);
  switch (kind) {
    case "ruleset":
    case "full-ruleset":
      return rulesetDocument(state, {
        full: kind === "full-ruleset",
        name,
        viewer,
        ...(source.presetTitle !== undefined ? { presetTitle: source.presetTitle } : {}),
      });
    case "proposals":
      return proposalReport(acts, state, viewer, { name });
    case "scores":
      return scoreboard(acts, state, viewer, { name });
    case "court":
      return courtReport(acts, state, viewer, { name });
  }
}

export type RecordDocument = RulesetDocument | ProposalReport | Scoreboard | CourtReport;

/**
 * A record's document in the format asked for: itself for JSON, else its text or Markdown.
 * Works on a document fetched from a server as well as on one made here.
 */
export function formatRecord(kind: RecordKind, doc: RecordDocument, format: RecordFormat): RecordDocument | string {
  if (format === "json") return doc;
  const text = format === "text";
  switch (kind) {
    case "ruleset":
    case "full-ruleset":
      return text ? renderRulesetText(doc as RulesetDocument) : renderRulesetMarkdown(doc as RulesetDocument);
    case "proposals":
      return text ? renderProposalReportText(doc as ProposalReport) : renderProposalReportMarkdown(doc as ProposalReport);
    case "scores":
      return text ? renderScoreboardText(doc as Scoreboard) : renderScoreboardMarkdown(doc as Scoreboard);
    case "court":
      return text ? renderCourtReportText(doc as CourtReport) : renderCourtReportMarkdown(doc as CourtReport);
  }
}

/** A record in the format asked for: JSON data, or a text/Markdown string. */
export function renderRecord(kind: RecordKind, source: RecordSource, format: RecordFormat): RecordDocument | string {
  return formatRecord(kind, buildRecord(kind, source), format);
}

/** A game's name as safe for a file name: "Friday Nomic!" → "friday-nomic". */
export function fileSlug(game: string): string {
  return (
    game
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, "-") || "game"
  );
}

/** A file name for a download: "friday-nomic-full-ruleset-42.md". */
export function recordFileName(game: string, kind: RecordKind, seq: number, format: RecordFormat): string {
  return `${fileSlug(game)}-${kind}-${seq}.${format === "markdown" ? "md" : format === "json" ? "json" : "txt"}`;
}
