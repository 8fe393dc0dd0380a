// Rule 311: each player has one vote per proposal (a second is refused), and may buy ONE
// additional vote with it, placed at the same time as the normal vote: 100 Groks, or 150
// for the last person to vote on the proposal. All such votes count toward the points of
// Rule 324 (and, being votes, toward adoption: Rule 203). The additional vote is read as
// cast the same way as the normal vote it is placed with.

interface Proposal {
  number: number;
  status: string;
  votes: { [player: string]: string };
  extra?: { [player: string]: string };
}
const proposals = recordState<Proposal>("proposals");
const groks = playerState("groks", { initial: 0 });

answer("votes.extra-offered", () => true);

/** 150 Groks for the last to vote (no other eligible voter still to vote), else 100. */
function price(p: Proposal, voter: string): number {
  const voters = game.ask<string[]>("eligible-voters")?.value ?? [];
  return voters.some((v) => v !== voter && p.votes[v] === undefined) ? 100 : 150;
}

forbid("vote", (input, { actor }) => {
  // Asked with no proposal named (is voting open to you at all?): not once you have voted on every open one.
  const open = Object.values(proposals.all()).filter((p) => p.status === "voting");
  if (input.proposal === undefined && open.length && open.every((p) => p.votes[actor] !== undefined))
    return "you have voted on every proposal open for votes; each player has one vote per proposal";
  const p = proposals.get(input.proposal);
  if (!p) return undefined;
  if (p.votes[actor] !== undefined) return `you have already voted on proposal ${p.number}; each player has one vote per proposal`;
  if (!input.extra) return undefined;
  const cost = price(p, actor);
  const have = groks.get(actor);
  if (have < cost) return `an additional vote costs ${cost} Groks${cost === 150 ? " for the last to vote" : ""}; you have ${have}`;
  return undefined;
});

on("vote.cast", (event) => {
  if (!event.data.extra) return;
  const p = proposals.get(event.data.proposal);
  const voter: string = event.data.voter;
  if (!p) return;
  // The vote is already recorded: the voter was last if no one is left to vote.
  const voters = game.ask<string[]>("eligible-voters")?.value ?? [];
  const cost = voters.every((v) => p.votes[v] !== undefined) ? 150 : 100;
  groks.set(voter, groks.get(voter) - cost);
  game.post(`${game.player(voter)?.name ?? voter} buys an additional vote on proposal ${p.number} for ${cost} Groks.`);
});
