/**
 * The ruleset as plain text, in the layout Nomic players know from Agora's rulesets: a
 * heading, then each group, then each rule after a line of dashes with its text as
 * written (every line intact), and in the full ruleset its history and annotations.
 */
import { moment } from "./dates.js";
import { inEffectCount } from "./in-effect-count.js";
import type { PublishedRule, RulesetDocument } from "./ruleset.js";

const SEPARATOR = "-".repeat(72);

function underline(text: string, char: string): string {
  return `${text}\n${char.repeat(Math.max(text.length, 3))}`;
}

function ruleText(rule: PublishedRule, full: boolean): string {
  const lines = [SEPARATOR, `Rule ${rule.label} (${rule.mutability})`];
  if (rule.title) lines.push(rule.title);
  if (rule.notInEffect) lines.push(rule.notInEffect);
  if (full) lines.push(`Revision ${rule.revision ?? 0}${rule.hasCode ? ", with code the engine enforces" : ", text only"}`);
  lines.push("", rule.text);
  if (full && rule.history?.length) lines.push("", "History:", ...rule.history.map((h) => h.line));
  if (full && rule.annotations?.length) lines.push("", "Annotations:", ...rule.annotations.map((a) => a.line));
  return lines.join("\n");
}

export function renderRulesetText(doc: RulesetDocument): string {
  const count = doc.groups.reduce((n, g) => n + g.rules.length, 0);
  const parts = [`${doc.title}\n${doc.kind}\nas of ${moment(doc.time)} (act ${doc.seq}); ${inEffectCount(doc)}`];
  for (const group of doc.groups) {
    parts.push(underline(group.heading, "="), ...group.rules.map((r) => ruleText(r, doc.full)));
  }
  if (count === 0) parts.push("There are no rules in effect.");
  if (doc.full && doc.repealed?.length) {
    parts.push(underline("Repealed Rules", "="), ...doc.repealed.map((r) => ruleText(r, true)));
  }
  return `${parts.join("\n\n")}\n`;
}
