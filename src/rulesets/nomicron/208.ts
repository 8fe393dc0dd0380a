// Rule 208: the winner of the round is the first player to reach 200 points; the round then
// ends (Rule 2 ends it and begins a convention: the game goes on).
//
// Readings taken: points count within a round: everyone starts each round at 0 (the scores
// are reset when a round begins), since a round is a race to 200 and the winner of the last
// one would otherwise start the next nearly won. Points change by the event "points.changed"
// (204, 206, the court's penalties) or by an officer's correction of the scores; the first
// event that brings a player to 200 or more wins (after a correction: the highest score).

interface Round {
  number: number;
  turn: number | null;
  inConvention: boolean;
  turnName: string | null;
}

const target = 200;
const round = gameState<Round>("round", { initial: { number: 0, turn: null, inConvention: true, turnName: null } });
const points = playerState("points", { initial: 0, describe: "Points this round; the first to 200 wins the round (Rule 208)", display: { label: "Points" } });

on("round.began", () => {
  for (const p of game.players()) points.set(p.id, 0);
});

on("points.changed", (event: GameEvent<{ player: PlayerId; total: number }>) => {
  const { player } = event.data;
  if (round.get().inConvention || !game.player(player) || points.get(player) < target) return;
  game.emit("round.win", { player, reason: `${game.player(player)?.name ?? player} reached ${points.get(player)} points (Rule 208)` });
});

on("correction.recorded", () => {
  if (round.get().inConvention) return;
  const leader = game.players().reduce<PlayerId | null>((best, p) => (points.get(p.id) > (best === null ? target - 1 : points.get(best)) ? p.id : best), null);
  if (leader !== null)
    game.emit("round.win", { player: leader, reason: `${game.player(leader)?.name ?? leader} reached ${points.get(leader)} points (Rule 208)` });
});
