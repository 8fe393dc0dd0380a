// Rule 110: a player always has the option to resign from the game. The `resign` action
// prevails over every rule of lower precedence (Rule 7's convention guard among them), so no
// forbid of such a rule can take the option away. Reading: resigning is leaving the game
// with nothing more; the player's drafts, votes and offices pass as their own rules say.

action("resign", { describe: "Resign from the game (always possible, Rule 110)", input: t.object({}), prevails: true }, (_input, { actor }) => {
  game.removePlayer(actor, "resigned (Rule 110)");
});
