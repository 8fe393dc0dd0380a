// Rule 206: when a proposed rule-change is defeated, the player who proposed it loses 10 points.

const points = playerState("points", { initial: 0 });

on("proposal.defeated", (event) => {
  const proposer: string = event.data.proposer;
  if (!game.player(proposer)) return;
  const total = points.get(proposer) - 10;
  points.set(proposer, total);
  game.emit("points.changed", { player: proposer, change: -10, total, reason: `proposal ${event.data.number} was defeated` });
});
