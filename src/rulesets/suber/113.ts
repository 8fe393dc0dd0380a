// Rule 113: a player always has the option to forfeit the game.

action(
  "forfeit",
  {
    describe: "Forfeit the game: you leave it for good",
    confirm: "you are no longer a player: you cannot act, vote or win, though you may still read the game",
    input: t.object({}),
  },
  (_input, { actor }) => {
    const name = game.player(actor)?.name ?? actor;
    game.removePlayer(actor, "forfeited the game (Rule 113)");
    game.post(`${name} forfeits the game.`);
  },
);
