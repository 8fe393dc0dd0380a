/** The court report as text and as Markdown. */
import { moment } from "../publish/dates.js";
import { listItem, paragraphs } from "../publish/markdown.js";
import type { CourtCase, CourtReport } from "./court.js";
import { actWhen, markdownHeading, textHeading } from "./render-common.js";

function facts(c: CourtCase): string[] {
  const lines = [`Called by ${c.caller?.name ?? "(not recorded)"} (${actWhen(c.called)})`, `Judge: ${c.judge?.name ?? "none yet"}`, `Status: ${c.status}`];
  if (c.rules.length) lines.push(`About: ${c.rules.map((n) => `Rule ${n}`).join(", ")}`);
  if (c.verdict !== null) lines.push(`Verdict: ${c.verdict} (${actWhen(c.ruled)})`);
  for (const o of c.overruled) lines.push(`Overruled: Judge ${o.judge?.name ?? "?"} had ruled ${o.verdict ?? "?"}${o.reasoning ? `: ${o.reasoning}` : ""}`);
  return lines;
}

function deadlineLine(d: CourtReport["deadlines"][number]): string {
  return `Deadline ${d.name} (Rule ${d.rule}): ${moment(d.at)}`;
}

function footer(report: CourtReport): string[] {
  return [
    report.waiting ? `Play is waiting: ${report.waiting}` : "Nothing holds up play.",
    ...(report.deadlines.length ? report.deadlines.map(deadlineLine) : ["No deadlines are set."]),
  ];
}

export function renderCourtReportText(report: CourtReport): string {
  const cases = report.cases.map((c) => {
    const lines = [`Case ${c.number}: ${c.question}`, ...facts(c).map((l) => `  ${l}`)];
    if (c.reasoning) lines.push("  Reasoning:", ...c.reasoning.split("\n").map((l) => `    ${l}`));
    return lines.join("\n");
  });
  return `${[textHeading("Court report", report), cases.length ? cases.join("\n\n") : "No cases yet.", footer(report).join("\n")].join("\n\n")}\n`;
}

export function renderCourtReportMarkdown(report: CourtReport): string {
  const parts = [markdownHeading("Court report", report)];
  for (const c of report.cases) {
    parts.push(
      `## Case ${c.number}`,
      paragraphs(c.question),
      facts(c)
        .map((l) => listItem(l))
        .join("\n"),
    );
    if (c.reasoning)
      parts.push(
        "Reasoning:",
        paragraphs(c.reasoning)
          .split("\n")
          .map((line) => `> ${line}`)
          .join("\n"),
      );
  }
  if (report.cases.length === 0) parts.push("No cases yet.");
  parts.push(
    "## Deadlines and waiting",
    footer(report)
      .map((l) => listItem(l))
      .join("\n"),
  );
  return `${parts.join("\n\n")}\n`;
}
