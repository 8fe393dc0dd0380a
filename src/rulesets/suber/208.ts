// Rule 208: in mail and computer games, the winner is the first player to achieve 200
// (positive) points.
//
// Reading taken: a player "achieves" points by holding them, so the rule reads the points a
// player holds whenever it hears they may have changed, and never takes a total from the news
// itself. Any rule may emit "points.changed"; a rule that announced 500 points it never gave
// has given none, and a Judge would not find that its subject achieved them.

const winningScore = 200;
const points = playerState("points", { initial: 0 });

function check(player: unknown): void {
  if (game.isOver() || typeof player !== "string" || !game.player(player)) return;
  const total = points.get(player);
  if (total < winningScore) return;
  const name = game.player(player)?.name ?? player;
  game.post(`${name} has ${total} points and wins the game.`);
  game.end({ winners: [player], reason: `${name} was the first to achieve ${winningScore} points` });
}

on("points.changed", (event) => check(event.data?.player));

// Points an officer's correction sets count as much as points scored in play.
on("correction.recorded", (event) => {
  for (const change of event.data.changes) if (change.name === "points" && change.player) check(change.player);
});
