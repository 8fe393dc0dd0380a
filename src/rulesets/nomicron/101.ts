// Rule 101: what a rule-change is: enacting a new mutable rule, amending, repealing, or
// transmuting a rule between the types convention, immutable and mutable.
//
// Readings taken: a rule's type is its book ("Convention", "Immutable", "Mutable"), kept as
// the rule property `book`; a rule enacted in play is mutable, so its book is "Mutable".
// Rule-changes take effect only by adoption: the rule that puts adopted proposals into
// effect (the one answering "rule-change.adopter", Rule 205) may change the rules, and Rule
// 105 may set a rule's version; no other rule's code may change another rule.

ruleProperty("book", { initial: "Mutable", describe: "The rule's type: Convention, Immutable or Mutable" });

answer("rule-change.allowed", ({ by, changes }: { by: number; changes: { kind: string | null; number: number | null; key?: string }[] }) => {
  if (by === game.ask<boolean>("rule-change.adopter")?.rule) return true;
  if (by === game.ask<boolean>("rule.versions")?.rule && changes.every((c) => c.kind === "set-property" && c.key === "version")) return true;
  return undefined;
});
