// Rule 213: if the rules are changed so that further play is impossible, or the legality of
// a move cannot be determined with finality, or by the Judge's best reasoning, not
// overruled, a move appears equally legal and illegal, the first player unable to complete
// a turn is the winner. The machine decides the last case: a Judgment ruling a move
// "undecidable" that stands makes the mover the winner. As with Rule 208, whether the game
// then ends is asked ("game.continues-after-win"; Rule 312 says it goes on).

on("judgment.settled", (event) => {
  if (event.data.verdict !== "undecidable" || game.isOver()) return;
  const mover: string = event.data.mover;
  const name = game.player(mover)?.name ?? mover;
  const reason = `${name} could not complete a turn whose move was judged equally legal and illegal (paradox)`;
  game.post(`By the Judge's best reasoning the move is equally legal and illegal: ${name}, unable to complete the turn, wins (Rule 213).`);
  game.emit("player.won", { player: mover, reason });
  if (!game.ask("game.continues-after-win", { player: mover })) game.end({ winners: [mover], reason });
});
