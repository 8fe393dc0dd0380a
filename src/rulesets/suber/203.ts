// Rule 203: a rule-change is adopted if and only if the vote is unanimous among the
// eligible voters. If this rule is not amended by the end of the second complete circuit
// of turns, it changes by itself to require only a simple majority: its code changes its
// own text, and from then on answers by majority.
//
// Only the votes of the eligible voters when the vote is counted count ("eligible-voters",
// answered by Rule 105): a forfeited player's vote is ignored, here and in 202's score.

const majorityText = "A rule-change is adopted if and only if it receives a simple majority of the votes of the eligible voters.";
const method = gameState<"unanimity" | "majority">("adoption", {
  initial: "unanimity",
  describe: "The vote Rule 203 requires to adopt a rule-change",
  display: { label: "Adoption", text: "Rule-changes are adopted by {value}" },
});

interface Proposal {
  votes: { [player: string]: "for" | "against" };
}

answer("adoption", ({ proposal }: { proposal: Proposal }) => {
  const voters = game.ask<string[]>("eligible-voters")?.value ?? [];
  const favour = voters.filter((v) => proposal.votes[v] === "for").length;
  if (method.get() === "unanimity") {
    return favour === voters.length
      ? { adopted: true, method: "unanimity", reason: "the vote was unanimous" }
      : { adopted: false, method: "unanimity", reason: `adoption needs a unanimous vote; ${voters.length - favour} of ${voters.length} voted against` };
  }
  return favour * 2 > voters.length
    ? { adopted: true, method: "majority", reason: `a simple majority (${favour} of ${voters.length}) voted for` }
    : { adopted: false, method: "majority", reason: `adoption needs a simple majority; only ${favour} of ${voters.length} voted for` };
});

on("circuit.completed", (event) => {
  const self = game.rules.self();
  const amended = self.history.some((h) => h.change === "amended");
  if (event.data.circuits >= 2 && !amended && method.get() === "unanimity") {
    method.set("majority");
    game.rules.apply(
      { kind: "amend", number: self.number, text: majorityText },
      `Rule ${self.number}, not amended by the end of the second complete circuit of turns`,
    );
    game.post(`Rule ${self.number} now requires only a simple majority.`);
  }
});
