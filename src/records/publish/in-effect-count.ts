/**
 * How many rules a published ruleset holds in effect, the same in its text and on the page:
 * "30 rules in effect (and 4 not in effect now)", a suspended or voided rule counted apart.
 */
export function inEffectCount(doc: { groups: readonly { rules: readonly { notInEffect?: string }[] }[] }): string {
  const rules = doc.groups.flatMap((g) => g.rules);
  const suspended = rules.filter((r) => r.notInEffect !== undefined).length;
  const count = rules.length - suspended;
  return `${count} rule${count === 1 ? "" : "s"} in effect${suspended ? ` (and ${suspended} not in effect now)` : ""}`;
}
