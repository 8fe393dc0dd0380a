// Rule 204: if and when rule-changes can be adopted without unanimity, the players who
// vote against winning proposals receive 10 points each.

interface Proposal {
  number: number;
  votes: { [player: string]: "for" | "against" };
  method: string | null;
}
const proposals = recordState<Proposal>("proposals");
const points = playerState("points", { initial: 0 });

on("proposal.adopted", (event) => {
  const p = proposals.get(event.data.number);
  if (!p || p.method === "unanimity") return;
  for (const [player, vote] of Object.entries(p.votes)) {
    if (vote !== "against" || !game.player(player)) continue;
    const total = points.get(player) + 10;
    points.set(player, total);
    game.emit("points.changed", { player, change: 10, total, reason: `voted against adopted proposal ${p.number}` });
  }
});
