// Rule 111: a rule may change its own body, repeal itself, and define rule properties with
// defaults; any other change to the ruleset comes only by adopting a rule-change. With Rule 116
// (changing the rules is permitted only where a rule permits it), this is the whole of who may
// change which rule.
//
// Readings taken:
// - The engine asks "rule-change.allowed" before rule code changes the rules. This rule allows
//   the rule that incorporates adopted rule-changes (the one answering "rule-change.adopter",
//   Rule 105) to make any change, and any rule to amend its own body (text, title, code) or
//   repeal itself; it refuses everything else, a rule changing another or itself otherwise.
// - Defining properties is `ruleProperty`, not a change to any rule; annotating a rule with what
//   a Judgment said of it clarifies and changes nothing, so it is allowed.

interface Summary {
  kind: string | null;
  number: number | null;
}

answer("rule-change.allowed", ({ by, changes }: { by: number; changes: Summary[] }) => {
  if (by === game.ask<boolean>("rule-change.adopter")?.rule) return true;
  const own = changes.every((c) => c.kind === "annotate" || (c.number === by && (c.kind === "amend" || c.kind === "repeal")));
  return own ? true : `Rule ${by} may change only its own body or repeal itself; other changes come only by adopting a rule-change (Rule 111)`;
});
