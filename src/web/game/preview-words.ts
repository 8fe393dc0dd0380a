/**
 * A dry run's outcome in words: which rules the proposal would change and how ("amended
 * and renumbered as Rule 214"), and what in the state would change, field by field, rather
 * than the values dumped whole.
 */
import { describeChange } from "../../records/reports/describe-change.js";
import { brief, internal } from "../format.js";
import type { Json } from "../types.js";

export interface RuleFace {
  number: number;
  title: string | null;
  text: string;
  mutable: boolean;
  code: string | null;
}
export interface RuleChange {
  number: number;
  change: string;
  before: RuleFace | null;
  after: RuleFace | null;
  failed?: string | null;
}
/** One rule's fate: `before` and `after` may be different numbers when an amendment renumbers it. */
export interface RuleOutcome {
  heading: string;
  before: RuleFace | null;
  after: RuleFace | null;
  number: number;
  failed: string | null;
}

/** The rule-changes a proposal's input holds: one `change`, or a list of `changes`. */
export function proposedChanges(input: Json): Json[] {
  if (!input || typeof input !== "object" || Array.isArray(input)) return [];
  if (Array.isArray(input.changes)) return input.changes;
  return input.change !== undefined ? [input.change] : [];
}

/** The rules' changes as people say them; an amended rule that was repealed and enacted under a new number is one "amended and renumbered". */
export function ruleOutcomes(rules: RuleChange[], changes: Json[]): RuleOutcome[] {
  const amended = new Set(changes.map((c) => describeChange(c)).flatMap((w) => (w.kind.startsWith("amend") && w.rule !== null ? [w.rule] : [])));
  const enacted = rules.filter((r) => r.change === "enacted");
  const paired = new Set<number>();
  const out: RuleOutcome[] = [];
  for (const r of rules) {
    if (paired.has(r.number)) continue;
    // An open proposal previewed from the vote form: its changes are not at hand, the titles tell.
    if (r.change === "repealed" && (amended.has(r.number) || changes.length === 0)) {
      const sameTitle = enacted.find((e) => !paired.has(e.number) && e.after?.title === r.before?.title);
      const successor = sameTitle ?? (amended.has(r.number) ? enacted.find((e) => !paired.has(e.number)) : undefined);
      if (successor) {
        paired.add(successor.number);
        out.push({
          heading: `Rule ${r.number} would be amended and renumbered as Rule ${successor.number}`,
          before: r.before,
          after: successor.after,
          number: successor.number,
          failed: successor.failed ?? null,
        });
        continue;
      }
    }
    const verb = r.change === "changed" ? "amended" : r.change;
    out.push({ heading: `Rule ${r.number} would be ${verb}`, before: r.before, after: r.after, number: r.number, failed: r.failed ?? null });
  }
  return out;
}

const isObj = (v: Json | undefined): v is { [k: string]: Json } => !!v && typeof v === "object" && !Array.isArray(v);

/** What changes in a value, in words: the fields that change, each from → to; never the whole value. */
export function valueChange(before: Json | undefined, after: Json | undefined, names: (id: string) => string, depth = 0): string {
  if (before === undefined || before === null) return `set to ${brief(after ?? null, names)}`;
  if (after === undefined || after === null) return "cleared";
  if (Array.isArray(before) && Array.isArray(after)) {
    const added = after.length - before.length;
    return added > 0 ? `${added} added` : added < 0 ? `${-added} removed` : "changed";
  }
  if (isObj(before) && isObj(after) && depth < 2) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]) && !internal(before[k]) && !internal(after[k]),
    );
    const parts = keys.slice(0, 6).map((k) => {
      const label = names(k);
      if (before[k] === undefined) return `${label} added`;
      if (after[k] === undefined) return `${label} removed`;
      return `${label} ${valueChange(before[k], after[k], names, depth + 1)}`;
    });
    if (keys.length > 6) parts.push(`and ${keys.length - 6} more`);
    return parts.join("; ");
  }
  if (typeof before !== "object" && typeof after !== "object") return `${brief(before, names)} → ${brief(after, names)}`;
  return "changed";
}
