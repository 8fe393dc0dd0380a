// At the start of each turn, the player to move throws a die and adds its points to
// their score (Suber's Rule 202 for games played at a table).
const points = playerState("points", { initial: 0 });

on("turn.began", (event) => {
  const player: string = event.data.player;
  const roll = game.random.int(1, 6);
  const total = points.get(player) + roll;
  points.set(player, total);
  game.post(`${game.player(player)?.name} throws a ${roll} and has ${total} points.`);
  // Rule 208 watches this event to find the winner.
  game.emit("points.changed", { player, change: roll, total, reason: "the die" });
});
