// Rule 109: players. A player absent from the server for more than 168 consecutive hours has
// left the game; a player may always leave rather than play on or incur a penalty.
//
// Readings taken where the text is open:
// - "Present on the server" is acting or posting in the game: any action, message, edit or
//   deletion (the engine's `lastActed`); joining counts as the start of presence. A player who
//   has done none of these for more than 168 hours leaves the game, checked by a timer re-armed
//   at each player's latest sign of presence.
// - Leaving is always possible: this rule answers "membership.leave" with yes, over any rule
//   that would refuse it.
// - The initial players are whoever joins the game before its first turn (the engine's join);
//   "persons may not act as multiple players" and "a former player rejoining is a new player"
//   are the engine's: one person, one id; a returning player joins afresh.

const week = 168 * 3_600_000;
const minute = 60_000;

/** Checks the player once more than 168 hours have passed since `present`, their latest sign of presence. */
function watch(player: PlayerId, present: number): void {
  const describe = "a player's week of absence is checked";
  game.schedule("absence", { at: Math.max(present + week + 1, game.now() + minute) }, { player, present, describe });
}

on("player.joined", (e: GameEvent<{ player: PlayerId }>) => watch(e.data.player, game.now()));

on("timer:absence", (e: GameEvent<{ player: PlayerId; present: number }>) => {
  const p = game.player(e.data.player);
  if (!p) return;
  const present = Math.max(e.data.present, p.lastActed ?? 0);
  if (game.now() - present > week) game.removePlayer(p.id, "absent from the game for more than 168 consecutive hours (Rule 109)");
  else watch(p.id, present);
});

answer("membership.leave", () => true, { precedes: "all" });
