// Rule 332: a proposal is adopted if and only if at least one of its rule-changes is adopted.
// Rule 104 asks this once it knows which of the proposal's rule-changes the vote adopted.

answer("proposal.adopted", ({ adopted }: { adopted: boolean[] }) => adopted.some((a) => a));
