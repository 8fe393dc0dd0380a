/** The officers' reports, derived from the log and the state folded from it. */
export { proposalReport } from "./proposals.js";
export type { ProposalReport, ProposalEntry, ProposalVote } from "./proposals.js";
export type { ReportOptions } from "./names.js";
export { scoreboard } from "./scoreboard.js";
export type { Scoreboard, ScoreState, ScoreChange, ScoreValue } from "./scoreboard.js";
export { courtReport } from "./court.js";
export type { CourtReport, CourtCase, Deadline } from "./court.js";
export { renderProposalReportText, renderProposalReportMarkdown } from "./proposals-render.js";
export { renderScoreboardText, renderScoreboardMarkdown } from "./scoreboard-render.js";
export { renderCourtReportText, renderCourtReportMarkdown } from "./court-render.js";
export { changeLine, describeChange } from "./describe-change.js";
export type { ActRef } from "./names.js";
export { asOf } from "./as-of.js";
