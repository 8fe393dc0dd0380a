// Rule 208: in mail and computer games, the winner is the first player to achieve 200
// (positive) points.

const winningScore = 200;

function check(player: string, total: number): void {
  if (game.isOver() || total < winningScore) return;
  const name = game.player(player)?.name ?? player;
  game.post(`${name} has ${total} points and wins the game.`);
  game.end({ winners: [player], reason: `${name} was the first to achieve ${winningScore} points` });
}

on("points.changed", (event) => check(event.data.player, event.data.total));

// Points an officer's correction sets count as much as points scored in play.
on("correction.recorded", (event) => {
  for (const change of event.data.changes) {
    if (change.name === "points" && change.player && typeof change.value === "number") check(change.player, change.value);
  }
});
