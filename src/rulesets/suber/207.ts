// Rule 207: each player always has exactly one vote: a second vote on the same proposal
// is refused.

interface Proposal {
  votes: { [player: string]: string };
}
const proposals = recordState<Proposal>("proposals");

forbid("vote", (input, { actor }) => {
  const p = proposals.get(input.proposal);
  if (p && p.votes[actor] !== undefined) return `you have already voted on proposal ${input.proposal}; each player has exactly one vote`;
  return undefined;
});
