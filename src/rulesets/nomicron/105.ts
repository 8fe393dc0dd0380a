// Rule 105: proposed rule-changes are numbered from 301, one number per rule-change proposed
// in the proper way, adopted or not; a new rule takes the number of the proposal that
// enacted it; a rule's version starts at 1 and rises by 1 each time it is amended or
// transmuted.
//
// Readings taken: "each time" is once per rule-change that amends or transmutes the rule, how
// many engine changes that takes (an amendment of text and title together is one); the
// version is the rule property `version`, shown as "203.2".

ruleProperty("version", { initial: 1, describe: "The rule's version: 1 when enacted, +1 for each amendment or transmutation" });

interface Proposal {
  number: number;
}
// Declared as Rule 202 declares it: this rule's declaration, higher in precedence, is the one in force.
const proposals = recordState<Proposal>("proposals", { record: { kind: "proposal", open: { field: "status", in: ["voting"] }, citedAs: "proposal" } });

answer("proposal.next-number", () => 301 + proposals.keys().length);
answer("rule.versions", () => true);

on("rules.changed", (event: GameEvent<{ changes: { kind: string; number: number; to: number | null }[]; by: number | null }>) => {
  const self = game.rules.self().number;
  if (event.data.by === self) return;
  const raised = [...new Set(event.data.changes.filter((c) => c.kind === "amend" || c.kind === "transmute").map((c) => c.number))];
  for (const number of raised) {
    const rule = game.rules.get(number);
    if (!rule) continue;
    const version = typeof rule.props.version === "number" ? rule.props.version : 1;
    game.rules.apply({ kind: "set-property", number, key: "version", value: version + 1 }, `Rule ${self}: rule ${number} changed, version ${version + 1}`);
  }
});
