// Rule 108: proposals are numbered from 301, each proposal the next integer whether or not
// it is adopted; an enacted, amended or transmuted rule takes the number of the proposal
// that changed it (so does a rule whose amendment is amended or repealed).

interface Proposal {
  number: number;
}
const proposals = recordState<Proposal>("proposals");

answer("proposal.number", () => {
  const numbers = Object.values(proposals.all()).map((p) => p.number);
  return numbers.length ? Math.max(...numbers) + 1 : 301;
});

answer("rule-change.number", ({ kind, proposal }: { kind: string; proposal: number }) => (kind === "repeal" ? undefined : proposal));
