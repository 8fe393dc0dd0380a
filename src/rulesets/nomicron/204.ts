// Rule 204: once rule-changes can be adopted without unanimity, players who vote against a
// winning proposal receive 10 points each. Reading: "can be adopted without unanimity" is
// judged for each proposal by the rule that decided it: a proposal adopted by a simple
// majority (203.2) qualifies; one that needed unanimity (106.1, or 203.1) does not.

interface Proposal {
  number: number;
  votes: { [player: string]: "for" | "against" };
}

const proposals = recordState<Proposal>("proposals");
const points = playerState("points", { initial: 0 });

on("proposal.adopted", (event: GameEvent<{ number: number; method: string }>) => {
  const p = proposals.get(event.data.number);
  if (!p || event.data.method === "unanimity") return;
  for (const [voter, vote] of Object.entries(p.votes)) {
    if (vote !== "against" || !game.player(voter)) continue;
    const total = points.get(voter) + 10;
    points.set(voter, total);
    game.emit("points.changed", { player: voter, change: 10, total, reason: `voted against proposal ${p.number}, adopted` });
  }
});
