/** How a rule not in effect reads, the same on the web's rules tab and in the CLI's listing. */

export interface RuleSuspension {
  /** The rule that says so; null when an officer's correction ruled it void. */
  rule: number | null;
  reason: string;
}

/** "Not in effect — between rounds only convention rules apply (Rule 2)". */
export function notInEffectLine(s: RuleSuspension): string {
  return `Not in effect — ${s.reason || "suspended"} (${s.rule === null ? "an officer's correction" : `Rule ${s.rule}`})`;
}
