// Rule 203: a rule-change is adopted if and only if the vote is unanimous among the players
// who vote on it; if this rule is not amended by the end of the second turn of the round, it
// changes by itself to require only a simple majority.
//
// Readings taken:
// - "Unanimous among the players who vote" needs at least one vote cast and none against;
//   a simple majority is more votes for than against among those who vote.
// - "The round" is the first round in which this rule is in effect unamended: at the end of
//   that round's second turn (after that turn's proposals are decided, 205.1: their vote
//   completes at the same moment) it amends its own text once, becoming 203.2 (Rule 105).
//   Any amendment in play, its own included, ends the clause.

const majorityText =
  "A rule-change is adopted if and only if a simple majority of the players who vote on the rule-change vote for it, that is, more players vote for it than against it.";

interface Proposal {
  votes: { [player: string]: "for" | "against" };
}

const amendedInPlay = () => game.rules.self().history.some((h) => h.change === "amended" && h.seq > 0);

answer("adoption", ({ proposal }: { proposal: Proposal }) => {
  const voters = game.ask<PlayerId[]>("eligible-voters")?.value ?? [];
  const cast = voters.filter((v) => proposal.votes[v] !== undefined);
  const favour = cast.filter((v) => proposal.votes[v] === "for").length;
  const against = cast.length - favour;
  if (!amendedInPlay()) {
    return cast.length > 0 && against === 0
      ? { adopted: true, method: "unanimity", reason: `the vote was unanimous (${favour} for)` }
      : { adopted: false, method: "unanimity", reason: `adoption needs a unanimous vote among those voting; ${against} of ${cast.length} voted against` };
  }
  return favour > against
    ? { adopted: true, method: "majority", reason: `a simple majority voted for (${favour} for, ${against} against)` }
    : { adopted: false, method: "majority", reason: `adoption needs a simple majority; ${favour} for, ${against} against` };
});

on("proposals.closed", (event: GameEvent<{ ordinal: number }>) => {
  if (event.data.ordinal < 2 || amendedInPlay()) return;
  const self = game.rules.self();
  game.rules.apply({ kind: "amend", number: self.number, text: majorityText }, `Rule ${self.number}, not amended by the end of the second turn of the round`);
  game.post(`Rule ${self.number} was not amended by the end of the round's second turn: it now requires only a simple majority.`);
});
