// Rule 203, as amended by itself on 27 December 2000: a rule-change is adopted if and only
// if the vote is a simple majority among the eligible voters. Its second sentence (the
// change to majority) has already happened, so nothing is left for it to do. Votes bought
// under Rule 311 are votes: they count here as much as normal ones.

interface Proposal {
  votes: { [player: string]: string };
  extra?: { [player: string]: string };
}

answer("adoption", ({ proposal }: { proposal: Proposal }) => {
  const voters = game.ask<string[]>("eligible-voters")?.value ?? [];
  const count = (side: string) => voters.filter((v) => proposal.votes[v] === side).length + voters.filter((v) => proposal.extra?.[v] === side).length;
  const favour = count("for");
  const total = favour + count("against");
  return favour * 2 > total
    ? { adopted: true, method: "majority", reason: `a simple majority (${favour} of ${total} votes) voted for` }
    : { adopted: false, method: "majority", reason: `adoption needs a simple majority; ${favour} of ${total} votes were for` };
});
