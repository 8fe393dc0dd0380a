// Rule 207: each player always has exactly one vote: a second vote on the same proposal
// is refused.

interface Proposal {
  votes: { [player: string]: string };
  status: string;
}
const proposals = recordState<Proposal>("proposals");

forbid("vote", (input, { actor }) => {
  // Asked with no proposal named (is voting open to you at all?): not once you have voted on every open one.
  const open = Object.values(proposals.all()).filter((p) => p.status === "voting");
  if (input.proposal === undefined && open.length && open.every((p) => p.votes[actor] !== undefined))
    return "you have voted on every proposal open for votes; each player has exactly one vote";
  const p = proposals.get(input.proposal);
  if (p && p.votes[actor] !== undefined) return `you have already voted on proposal ${input.proposal}; each player has exactly one vote`;
  return undefined;
});
