/** The proposal report as text and as Markdown. */
import { escapeInline, listItem, paragraphs } from "../publish/markdown.js";
import type { ProposalEntry, ProposalReport } from "./proposals.js";
import { actWhen, markdownHeading, textHeading, value } from "./render-common.js";

/** "adopted: the vote was unanimous (unanimity; decided by Rule 203)". */
function outcome(p: ProposalEntry): string {
  if (p.open) return "voting";
  const how = [p.method, p.decidedBy !== null ? `decided by Rule ${p.decidedBy}` : null].filter(Boolean).join("; ");
  return `${p.status}${p.reason ? `: ${p.reason}` : ""}${how ? ` (${how})` : ""}`;
}

function indentLines(text: string, by: string): string {
  return text
    .split("\n")
    .map((line) => (line ? by + line : line))
    .join("\n");
}

function proposalText(p: ProposalEntry): string {
  const lines = [`Proposal ${p.number} by ${p.author}: ${p.open ? "VOTING" : p.status}`];
  for (const c of p.changes) {
    lines.push(`  ${c.summary}`);
    if (c.text !== null) lines.push(indentLines(c.text, "      "));
  }
  lines.push(`  Opened: ${actWhen(p.opened)}`);
  lines.push(`  Votes (${p.votes.length}):${p.votes.length ? "" : " none yet"}`);
  for (const v of p.votes) lines.push(`    ${v.name}: ${value(v.vote)} (${actWhen(v.cast)})`);
  lines.push(`  Outcome: ${outcome(p)}`);
  if (!p.open) lines.push(`  Closed: ${actWhen(p.closed)}`);
  return lines.join("\n");
}

export function renderProposalReportText(report: ProposalReport): string {
  const body = report.proposals.length ? report.proposals.map(proposalText).join("\n\n") : "No proposals yet.";
  return `${textHeading("Proposal report", report)}\n\n${body}\n`;
}

function proposalMarkdown(p: ProposalEntry): string {
  const parts = [
    `## Proposal ${p.number}: ${escapeInline(p.open ? "voting" : p.status)}`,
    `By ${escapeInline(p.author)}; opened ${escapeInline(actWhen(p.opened))}.`,
  ];
  for (const c of p.changes) {
    parts.push(`**${escapeInline(c.summary)}**`);
    if (c.text !== null)
      parts.push(
        paragraphs(c.text)
          .split("\n")
          .map((line) => `> ${line}`)
          .join("\n"),
      );
  }
  parts.push(p.votes.length ? `Votes:\n\n${p.votes.map((v) => listItem(`${v.name}: ${value(v.vote)} (${actWhen(v.cast)})`)).join("\n")}` : "No votes yet.");
  parts.push(`Outcome: ${escapeInline(outcome(p))}${p.open ? "" : `; closed ${escapeInline(actWhen(p.closed))}`}.`);
  return parts.join("\n\n");
}

export function renderProposalReportMarkdown(report: ProposalReport): string {
  const body = report.proposals.length ? report.proposals.map(proposalMarkdown).join("\n\n") : "No proposals yet.";
  return `${markdownHeading("Proposal report", report)}\n\n${body}\n`;
}
