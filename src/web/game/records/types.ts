/**
 * The records the API publishes, as the page reads them: the ruleset document
 * (src/records/publish/ruleset.ts) and the officers' reports (src/records/reports/). The
 * types come from where the documents are made, so page and server cannot drift apart.
 */
export type { ActRef } from "../../../records/reports/names.js";
export type { Annotation, HistoryLine, PublishedRule, RulesetDocument } from "../../../records/publish/ruleset.js";
export type { ProposalEntry, ProposalReport } from "../../../records/reports/proposals.js";
export type { ScoreChange, ScoreState, ScoreValue, Scoreboard } from "../../../records/reports/scoreboard.js";
export type { CourtCase, CourtReport } from "../../../records/reports/court.js";
export type { RecordFormat, RecordKind } from "../../../records/documents.js";

/** A past moment to read the records at (after an act, or at a time), or null for now. */
export type Moment = { seq: number } | { time: string } | null;
