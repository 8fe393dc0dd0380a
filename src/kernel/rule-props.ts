/**
 * Rule properties with declared defaults (the rule API's ruleProperty): a rule reads a
 * property's declared initial value until it sets its own. Defaults are not stored in the
 * rules' records, so a rule that changes a default changes it for every rule that never
 * set the property; every view of a rule (guest, API, records) merges them here.
 */
import type { GameState, Json, RuleDeclares, RuleRecord } from "./types.js";

/** Each declared property's initial value; the first declaration in precedence order (immutable first, then by number) wins. */
export function propDefaults(declares: Iterable<readonly [number, boolean, Pick<RuleDeclares, "props"> | undefined]>): Record<string, Json> {
  const sorted = [...declares].sort(([a, am], [b, bm]) => (am === bm ? a - b : am ? 1 : -1));
  const out: Record<string, Json> = {};
  for (const [, , d] of sorted) for (const [key, p] of Object.entries(d?.props ?? {})) if (!Object.hasOwn(out, key)) out[key] = p.initial;
  return out;
}

/** The defaults in a game's state. */
export function stateDefaults(state: Readonly<GameState>): Record<string, Json> {
  return propDefaults(Object.values(state.rules).map((r) => [r.number, r.mutable, state.declares[r.number]] as const));
}

/** The rule as read: its own properties over the declared defaults. */
export function withDefaults(rule: RuleRecord, defaults: Record<string, Json>): RuleRecord {
  const missing = Object.keys(defaults).filter((k) => !Object.hasOwn(rule.props, k));
  if (!missing.length) return rule;
  return { ...rule, props: { ...Object.fromEntries(missing.map((k) => [k, defaults[k]!])), ...rule.props } };
}
