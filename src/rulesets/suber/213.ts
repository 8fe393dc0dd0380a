// Rule 213: if the rules are changed so that further play is impossible, or if the
// legality of a move cannot be determined with finality, or if by the Judge's best
// reasoning, not overruled, a move appears equally legal and illegal, then the first
// player unable to complete a turn wins. This takes precedence over every other rule
// determining the winner. The machine decides the last case: a Judgment ruling a move
// "undecidable" that stands makes the mover the winner. "Not overruled" is read as Rule 212
// reads it: a ruling may be overruled until the next turn begins, so it stands only then
// (212's "judgment.final"), not when a majority consents mid-turn.

on("judgment.final", (event) => {
  if (event.data.verdict !== "undecidable" || game.isOver()) return;
  const mover: string = event.data.mover;
  const name = game.player(mover)?.name ?? mover;
  game.post(`By the Judge's best reasoning the move is equally legal and illegal: ${name}, unable to complete the turn, wins (Rule 213).`);
  game.end({ winners: [mover], reason: `${name} could not complete a turn whose move was judged equally legal and illegal (paradox)` });
});
