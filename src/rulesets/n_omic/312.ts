// Rule 312: if a player wins the game, the game does not end. Instead all players have
// their points reset to zero and their Groks to 50 plus 20 times the number of times they
// have won. "All players" is read as every participant, Reyalps included: they hold points
// too (Rule 303), and a reset that spared them would leave a Reyalp ahead of everyone.

const points = playerState("points", { initial: 0 });
const groks = playerState("groks", { initial: 0 });
const wins = playerState("wins", { initial: 0, describe: "How many times e has won the game (Rule 312)", display: { label: "Wins" } });

answer("game.continues-after-win", () => true);

on("player.won", (event) => {
  const winner: string = event.data.player;
  if (!game.player(winner)) return;
  wins.set(winner, wins.get(winner) + 1);
  for (const p of game.players()) {
    const before = points.get(p.id);
    points.set(p.id, 0);
    groks.set(p.id, 50 + 20 * wins.get(p.id));
    if (before !== 0) game.emit("points.changed", { player: p.id, change: -before, total: 0, reason: `${game.player(winner)?.name ?? winner} won the game` });
  }
  game.post(`The game goes on (Rule 312): every player's points are reset to 0, and Groks to 50 plus 20 for each win.`);
});
