// Rule 110: a player always has the option to resign from the game. The `resign` action
// prevails over every rule of lower precedence, so no forbid of such a rule (a mutable rule's
// `forbid("*")`, say) can take the option away.
//
// Readings taken: resigning is leaving the game with nothing more; the player's drafts, votes
// and offices pass as their own rules say. During convention this rule is not in effect (2.1,
// which by 8.1 takes precedence), but the option stays: leaving the game is always open to a
// player, and no Nomicron rule refuses it ("membership.leave").

action(
  "resign",
  {
    describe: "Resign from the game (always possible)",
    confirm: "you are no longer a player: you cannot act, vote or win, though you may still read the game",
    input: t.object({}),
    prevails: true,
  },
  (_input, { actor }) => {
    game.removePlayer(actor, "resigned (Rule 110)");
  },
);
