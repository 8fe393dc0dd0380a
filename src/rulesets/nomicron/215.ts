// Rule 215.1: the Paradox Rule. A player who believes further play impossible, or a move's
// legality undecidable, or a move equally legal and illegal, may submit an RFJ whose statement
// explicitly says there is a paradox (Rule 210's `paradox`). If it is ruled TRUE, the round
// ends and the petitioner wins: this rule emits "round.win", which Rule 2 acts on.
//
// Readings taken where the text is open:
// - "Ruled true" is the case's standing Ruling becoming TRUE: the Judge's Ruling, or an appeal
//   passed under Rule 214 that replaces a FALSE Ruling with TRUE. The round ends at that moment.
// - A later appeal cannot undo a round that has ended (no retroactive application, Rule 104),
//   and an appeal that only restates TRUE does not end a round a second time.
// - Whether the statement explicitly claims a paradox is the petitioner's mark on the RFJ; the
//   administrator or a Judge may say otherwise by correction.

on("court.ruled", (e: GameEvent<{ case: number; verdict: string; previous: string | null; paradox: boolean; petitioner: string }>) => {
  if (!e.data.paradox || e.data.verdict !== "TRUE" || e.data.previous === "TRUE") return;
  const who = game.player(e.data.petitioner)?.name ?? e.data.petitioner;
  const reason = `case ${e.data.case}, a paradox, was ruled TRUE: ${who}, its petitioner, wins the round (Rule 215)`;
  game.post(`Case ${e.data.case}, a paradox, is ruled TRUE: the round ends and ${who} wins it (Rule 215).`);
  game.emit("round.win", { player: e.data.petitioner, reason });
});
