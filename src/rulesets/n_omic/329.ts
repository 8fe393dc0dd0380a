// Rule 329: each proposed rule-change is given a number, beginning with 301, each the next
// successive integer whether or not it is adopted; an enacted, amended or transmuted rule
// takes the number of the rule-change that made it (so does a rule whose amendment is
// amended or repealed).
//
// A game from this ruleset continues the numbering of April 2001: the published ruleset
// holds rules up to 337, the number of the last rule-change it records, so the next
// rule-change is 338. Starting again at 301 would give new rules the numbers of rules in
// effect (303, 305, ...), which a Judge would not allow.

interface Proposal {
  number: number;
  numbers?: number[];
}
const proposals = recordState<Proposal>("proposals");

answer("proposal.number", () => {
  const used = Object.values(proposals.all()).flatMap((p) => p.numbers ?? [p.number]);
  return Math.max(300, ...used, ...game.rules.all().map((r) => r.number)) + 1;
});

answer("rule-change.number", ({ kind, proposal }: { kind: string; proposal: number }) => (kind === "repeal" ? undefined : proposal));
