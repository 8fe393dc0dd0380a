// Rule 208: in mail and computer games, the winner is the first player to achieve 200
// (positive) points.

const winningScore = 200;

on("points.changed", (event) => {
  if (game.isOver() || event.data.total < winningScore) return;
  const name = game.player(event.data.player)?.name ?? event.data.player;
  game.post(`${name} has ${event.data.total} points and wins the game.`);
  game.end({ winners: [event.data.player], reason: `${name} was the first to achieve ${winningScore} points` });
});
