/** Human-readable text for rules and their history, in the layout Nomic players know. */
import { notInEffectLine, type RuleSuspension } from "./rule-status.js";
import { isHiddenMark } from "../kernel/data-visibility.js";
import type { HistoryEntry, Json, RuleRecord } from "../kernel/types.js";
import { ruleLabel } from "../records/publish/grouping.js";
import type { Permissions } from "./permissions.js";

/** "2026-11-23 10:00 UTC": the engine's times are UTC, and players may be anywhere. */
export function when(ms: number): string {
  return `${new Date(ms).toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

export function indent(text: string, by = "    "): string {
  return text
    .split("\n")
    .map((line) => (line ? by + line : line))
    .join("\n");
}

/** "Amended (rev 2) by Proposal 305, 2026-11-23 10:00 UTC". */
export function historyLine(h: HistoryEntry): string {
  const what: Record<HistoryEntry["change"], string> = {
    enacted: "Enacted",
    amended: `Amended (rev ${h.revision})`,
    repealed: "Repealed",
    transmuted: `Transmuted (rev ${h.revision})`,
    renumbered: "Renumbered",
    property: `Property set (rev ${h.revision})`,
    annotated: "Annotated",
  };
  // History from before the game reads as the published ruleset stated it.
  if (h.published !== undefined) return h.published;
  const d = h.detail && typeof h.detail === "object" && !Array.isArray(h.detail) ? (h.detail as Record<string, Json>) : undefined;
  let extra = "";
  if (h.change === "renumbered" && d) extra = ` from ${String(d.from)} to ${String(d.to)}`;
  if (h.change === "transmuted" && d) extra = ` to ${d.mutable ? "mutable" : "immutable"}`;
  if (h.change === "property" && d) extra = ` ${String(d.key)} = ${JSON.stringify(d.value)}`;
  if (h.change === "annotated" && d) extra = `: ${String(d.text)}`;
  return `${what[h.change]}${extra} by ${h.cause}${madeBy(h.by)}${h.at === null ? "" : `, ${when(h.at)}`}`;
}

/**
 * Which rule's code made a change, beside its cause: the cause is the rule's own words ("Proposal
 * 301"), and only this says whose code wrote them (Rule 104 putting an adoption into effect, or a
 * rule amending itself).
 */
export function madeBy(by: number | undefined): string {
  return by === undefined ? "" : ` through Rule ${by}`;
}

export function ruleHeading(rule: RuleRecord): string {
  const title = rule.title ? ` ${rule.title}` : "";
  return `${ruleLabel(rule)}.${title} [${rule.mutable ? "mutable" : "immutable"}, rev ${rule.revision}${rule.code ? ", has code" : ""}]`;
}

/** A rule with its status where the view gives it (GameView's rules; a repealed rule has none). */
type StatusRule = RuleRecord & { suspended?: RuleSuspension | null };
const statusLines = (r: StatusRule) => (r.suspended ? [`   ${notInEffectLine(r.suspended)}`] : []);

/** The ruleset in effect: immutable rules first, as Suber's set prints them. */
export function formatRuleset(rules: StatusRule[], options: { history?: boolean; repealed?: RuleRecord[] } = {}): string {
  const groups: [string, RuleRecord[]][] = [
    ["Immutable Rules", rules.filter((r) => !r.mutable)],
    ["Mutable Rules", rules.filter((r) => r.mutable)],
  ];
  const rule = (r: StatusRule) =>
    [ruleHeading(r), ...statusLines(r), indent(r.text), ...(options.history ? r.history.map((h) => `      ${historyLine(h)}`) : [])].join("\n");
  const parts = groups.filter(([, list]) => list.length).map(([heading, list]) => `${heading} (${list.length})\n\n${list.map(rule).join("\n\n")}`);
  const repealed = [...new Set((options.repealed ?? []).map((r) => r.number))].sort((a, b) => a - b);
  if (repealed.length) parts.push(`Repealed: ${repealed.join(", ")} (nomos rules <number> shows one)`);
  return parts.join("\n\n") || "There are no rules.";
}

/** One rule: its text, history and code, with what the code may do where that is known. */
export function formatRule(rule: StatusRule, repealed: boolean, permissions: Permissions | null = null): string {
  const parts = [
    `${repealed ? "(repealed) " : ""}${ruleHeading(rule)}`,
    ...(repealed ? [] : statusLines(rule)),
    indent(rule.text),
    "",
    "History:",
    ...rule.history.map((h) => `  ${historyLine(h)}`),
  ];
  if (permissions?.failed) parts.push("", `Its code does not load, so it does nothing until amended: ${permissions.failed}`);
  if (permissions?.lines.length) parts.push("", "What its code may do:", ...permissions.lines.map((line) => `  - ${line}`));
  if (rule.code) parts.push("", "Code:", indent(rule.code.source.trim()));
  else parts.push("", "No code: the text alone governs (players and the Judge apply it).");
  return parts.join("\n");
}

/** A short rendering of a value, for lines of state and the log: a value hidden from the reader reads `<hidden>`. */
export function brief(v: Json | undefined, limit = 160): string {
  const s = typeof v === "string" ? v : isHiddenMark(v) ? hiddenWord : (JSON.stringify(v, hiddenAsWord) ?? "undefined");
  return s.length > limit ? `${s.slice(0, limit - 1)}…` : s;
}

const hiddenWord = "<hidden>";
/** A JSON.stringify replacer: a value the rules hide from the reader (src/kernel/data-visibility.ts) reads as a word. */
export const hiddenAsWord = (_key: string, value: unknown): unknown => (isHiddenMark(value) ? hiddenWord : value);
