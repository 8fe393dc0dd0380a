// Rule 202: a turn is (1) proposing one rule-change and having it voted on, then (2)
// scoring: in computer games, the proposal's number minus 291, times the fraction of
// favourable votes, rounded to the nearest integer. The turn then ends.
//
// Reading taken: the votes a proposal "received" are the votes of its eligible voters when
// the vote is counted, as Rule 203 counts them: a player who forfeits after voting is no
// longer a player (113), so their vote counts for neither adoption nor score. A Judge
// would most likely read it so, since 207 gives a vote to each player and one count of
// one vote should not differ between two rules. Both rules ask the one question that
// says who the eligible voters are ("eligible-voters", answered by Rule 105).

interface Turn {
  player: string | null;
  key: string;
  number: number;
  circuits: number;
  proposed: boolean;
  waiting: string | null;
}
interface Proposal {
  number: number;
  proposer: string;
  votes: { [player: string]: "for" | "against" };
}

const turn = gameState<Turn>("turn", { initial: { player: null, key: "", number: 0, circuits: 0, proposed: false, waiting: null } });
const proposals = recordState<Proposal>("proposals");
const points = playerState("points", { initial: 0 });

forbid("propose", (_input, { actor }) =>
  turn.get().player === actor && turn.get().proposed ? "you have already proposed a rule-change this turn; one turn has one proposal" : undefined,
);

// A turn begins with its mover proposing (1); then the vote and the score follow.
answer("play.awaits", () => {
  const now = turn.get();
  return now.player && !now.proposed && !now.waiting ? [{ player: now.player, does: "propose a rule-change", action: "propose" }] : [];
});

on("proposal.opened", () => turn.update((now) => ({ ...now, proposed: true })));

on("proposal.closed", (event) => {
  const p = proposals.get(event.data.number);
  if (!p) return;
  const voters = game.ask<string[]>("eligible-voters")?.value ?? Object.keys(p.votes);
  const votes = voters.filter((v) => p.votes[v] !== undefined).map((v) => p.votes[v]);
  const favourable = votes.length ? votes.filter((v) => v === "for").length / votes.length : 0;
  const score = Math.round((p.number - 291) * favourable);
  if (game.player(p.proposer)) {
    const total = points.get(p.proposer) + score;
    points.set(p.proposer, total);
    game.post(`${game.player(p.proposer)?.name} scores ${score} for proposal ${p.number}, and has ${total} points.`);
    game.emit("points.changed", { player: p.proposer, change: score, total, reason: `proposal ${p.number}` });
  }
  game.emit("turn.ended", { player: p.proposer, proposal: p.number });
});

// This rule says what a turn is, and so when one ends (Rule 201 hears "turn.ended" from it alone).
answer("turn.defined", () => true);
