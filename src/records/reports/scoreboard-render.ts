/** The scoreboard as text and as Markdown: the values, then every change traced. */
import { moment } from "../publish/dates.js";
import { escapeInline, listItem } from "../publish/markdown.js";
import { markdownHeading, signed, textHeading, value } from "./render-common.js";
import type { ScoreChange, Scoreboard, ScoreState } from "./scoreboard.js";

function stateTitle(s: ScoreState): string {
  return `${s.name} (Rule ${s.rule})${s.describe ? `: ${s.describe}` : ""}`;
}

function values(s: ScoreState): string[] {
  const lines = s.values.length ? s.values.map((v) => `${v.name}: ${value(v.value)}`) : ["no value you may see"];
  if (s.departed.length) lines.push(`departed: ${s.departed.map((v) => `${v.name} ${value(v.value)}`).join(", ")}`);
  return lines;
}

/** "Act 12, 5 Jan 2026 12:12 UTC: Grace Hopper's points 0 → 10 (+10), Rule 202". */
function changeLine(c: ScoreChange): string {
  const diff = c.difference === null ? "" : ` (${signed(c.difference)})`;
  return `Act ${c.seq}, ${moment(c.time)}: ${c.name}'s ${c.state} ${value(c.from)} → ${value(c.to)}${diff}, Rule ${c.rule}`;
}

function because(c: ScoreChange): string {
  return [c.cause, ...c.messages].join(" — ");
}

export function renderScoreboardText(report: Scoreboard): string {
  const parts = [textHeading("Scoreboard", report)];
  for (const s of report.states) parts.push([stateTitle(s), ...values(s).map((l) => `  ${l}`)].join("\n"));
  if (report.states.length === 0) parts.push("No rule declares state held by each player.");
  const changes = report.changes.map((c) => `${changeLine(c)}\n    ${because(c)}`);
  parts.push(changes.length ? `Changes:\n${changes.join("\n")}` : "Changes: none yet.");
  return `${parts.join("\n\n")}\n`;
}

export function renderScoreboardMarkdown(report: Scoreboard): string {
  const parts = [markdownHeading("Scoreboard", report)];
  for (const s of report.states)
    parts.push(
      `## ${escapeInline(stateTitle(s))}`,
      values(s)
        .map((l) => listItem(l))
        .join("\n"),
    );
  if (report.states.length === 0) parts.push("No rule declares state held by each player.");
  parts.push("## Changes", report.changes.length ? report.changes.map((c) => listItem(`${changeLine(c)}: ${because(c)}`)).join("\n") : "None yet.");
  return `${parts.join("\n\n")}\n`;
}
