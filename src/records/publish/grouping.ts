/**
 * Rules grouped as the game groups them. A ruleset may file its rules in books (Nomicron's
 * Convention, Immutable, Mutable: `props.book`) or under the headings of the text it was
 * imported from (`props.group`); then those groups, in order of first appearance. Otherwise
 * the two groups every Nomic player knows: immutable rules first, then mutable.
 */
import type { RuleRecord } from "../../kernel/types.js";

export interface RuleGroup {
  heading: string;
  rules: RuleRecord[];
}

const IMMUTABLE = "Immutable Rules";
const MUTABLE = "Mutable Rules";

/** The group a rule names for itself, if any. */
function named(rule: RuleRecord): string | null {
  for (const key of ["book", "group"]) {
    const value = rule.props[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

/** "101.1" when a rule carries a version (Nomicron), else its number. */
export function ruleLabel(rule: Pick<RuleRecord, "number" | "props">): string {
  const version = rule.props.version;
  return typeof version === "number" ? `${rule.number}.${version}` : String(rule.number);
}

export function groupRules(rules: RuleRecord[]): RuleGroup[] {
  const sorted = [...rules].sort((a, b) => a.number - b.number);
  if (!sorted.some(named)) {
    return [
      { heading: IMMUTABLE, rules: sorted.filter((r) => !r.mutable) },
      { heading: MUTABLE, rules: sorted.filter((r) => r.mutable) },
    ].filter((g) => g.rules.length > 0);
  }
  // A rule enacted in play names no group: it joins the one its mutability's rules use,
  // when they all use the same one; else the plain heading of its mutability.
  const fallback = (mutable: boolean): string => {
    const used = new Set(
      sorted
        .filter((r) => r.mutable === mutable)
        .map(named)
        .filter((g): g is string => g !== null),
    );
    return used.size === 1 ? [...used][0]! : mutable ? MUTABLE : IMMUTABLE;
  };
  const fallbacks = { mutable: fallback(true), immutable: fallback(false) };
  const groups = new Map<string, RuleRecord[]>();
  for (const rule of sorted) {
    const heading = named(rule) ?? (rule.mutable ? fallbacks.mutable : fallbacks.immutable);
    const list = groups.get(heading) ?? [];
    list.push(rule);
    groups.set(heading, list);
  }
  return [...groups].map(([heading, list]) => ({ heading, rules: list }));
}
