/**
 * The ruleset as Markdown, for a wiki or a forum: `## Group`, `### Rule 311 (Mutable):
 * Title`, the text as paragraphs, history as a list. Everything players wrote is escaped
 * (see markdown.ts), so a rule text cannot add a heading or HTML to the page.
 */
import { moment } from "./dates.js";
import { escapeInline, listItem, paragraphs } from "./markdown.js";
import type { PublishedRule, RulesetDocument } from "./ruleset.js";

function ruleMarkdown(rule: PublishedRule, full: boolean): string {
  const title = rule.title ? `: ${escapeInline(rule.title)}` : "";
  const parts = [`### Rule ${rule.label} (${rule.mutability})${title}`];
  if (rule.notInEffect) parts.push(`*${escapeInline(rule.notInEffect)}*`);
  if (full) parts.push(`*Revision ${rule.revision ?? 0}${rule.hasCode ? ", with code the engine enforces" : ", text only"}*`);
  parts.push(paragraphs(rule.text) || "*(no text)*");
  if (full && rule.history?.length) parts.push("History:", rule.history.map((h) => listItem(h.line)).join("\n"));
  if (full && rule.annotations?.length) parts.push("Annotations:", rule.annotations.map((a) => listItem(a.line)).join("\n"));
  return parts.join("\n\n");
}

export function renderRulesetMarkdown(doc: RulesetDocument): string {
  const parts = [`# ${escapeInline(doc.title)}: ${doc.kind}`, `As of ${moment(doc.time)} (act ${doc.seq}).`];
  for (const group of doc.groups) {
    parts.push(`## ${escapeInline(group.heading)}`, ...group.rules.map((r) => ruleMarkdown(r, doc.full)));
  }
  if (doc.full && doc.repealed?.length) parts.push("## Repealed Rules", ...doc.repealed.map((r) => ruleMarkdown(r, true)));
  return `${parts.join("\n\n")}\n`;
}
