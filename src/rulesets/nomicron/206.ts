// Rule 206: when a proposed rule-change is defeated, its proposer loses 10 points. Reading: a
// proposal adopted but void (it could not take effect) was not defeated; one discarded at a
// round's end was never voted to completion: neither costs points.

const points = playerState("points", { initial: 0 });

on("proposal.defeated", (event: GameEvent<{ number: number; proposer: PlayerId }>) => {
  const { proposer, number } = event.data;
  if (!game.player(proposer)) return;
  const total = points.get(proposer) - 10;
  points.set(proposer, total);
  game.emit("points.changed", { player: proposer, change: -10, total, reason: `proposal ${number} was defeated` });
});
