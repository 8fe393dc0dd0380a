// Rule 208: in mail and computer games, the winner is the first player to achieve 200
// (positive) points. Whether the game then ends is other rules' question
// ("game.continues-after-win": Rule 312 says it goes on); where none answers, it ends.

const winningScore = 200;

function check(player: string, total: number): void {
  if (game.isOver() || total < winningScore || !game.player(player)) return;
  const name = game.player(player)?.name ?? player;
  const reason = `${name} was the first to achieve ${winningScore} points`;
  game.post(`${name} has ${total} points and wins the game.`);
  game.emit("player.won", { player, reason });
  if (!game.ask("game.continues-after-win", { player })) game.end({ winners: [player], reason });
}

on("points.changed", (event) => check(event.data.player, event.data.total));

// Points an officer's correction sets count as much as points scored in play.
on("correction.recorded", (event) => {
  for (const change of event.data.changes) {
    if (change.name === "points" && change.player && typeof change.value === "number") check(change.player, change.value);
  }
});
