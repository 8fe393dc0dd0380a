// Rule 102: rules have properties: a number, a mutability and a body; other rules may add
// properties with defaults (`ruleProperty`).
//
// Readings taken: the engine keeps a rule's number, mutability (`mutable`) and body (its text,
// with its code, the part a machine carries out) for every rule; further properties are
// declared with `ruleProperty` and read in `props`. "A rule's number cannot be modified": no
// rule-change renumbers a rule, whatever rule makes it (this answer precedes every other).
// Whether a rule-change is well formed (mutability is either mutable or immutable) is Rule 103's.

interface Summary {
  kind: string | null;
  number: number | null;
  key?: string;
}

answer(
  "rule-change.allowed",
  ({ changes }: { changes: Summary[] }) =>
    changes.some((c) => c.kind === "renumber" || (c.kind === "set-property" && c.key === "number"))
      ? "a rule's number cannot be modified (Rule 102)"
      : undefined,
  { precedes: "all" },
);
