// Rule 2: play proceeds in rounds; between rounds the game is in convention, and only
// convention rules (the book "Convention") are in effect then.
//
// Readings taken:
// - The game begins in convention (round 0: the founding convention); a round begins when a
//   motion to begin the next round passes (Rules 5 and 6), and ends when a rule finds it won
//   ("round.win": 208 at 200 points, 215 for a paradox ruled TRUE). Ending a round begins a
//   convention: a round's end is not the game's end.
// - "round.began" is announced just after the act that began the round (a timer due at once),
//   so that the rules the round brings back into effect (201's calendar, 208's scores) hear it.
// - While a round is on, `round.turn` is the latest turn's ordinal and `turnName` its name
//   ("3-2") during the turn; in an interim `turnName` is null (Rule 201 keeps both).

interface Round {
  number: number;
  turn: number | null;
  inConvention: boolean;
  turnName: string | null;
}
interface RoundWin {
  round: number;
  player: PlayerId | null;
  reason: string;
}

const round = gameState<Round>("round", {
  initial: { number: 0, turn: null, inConvention: true, turnName: null },
  describe: "The round in progress, or the convention between rounds",
  display: {
    label: "Round",
    text: [
      "{?inConvention}In convention: no round in progress (rounds played: {number})",
      "Round {number}, turn {turnName}",
      "Round {number}, interim after turn {turn}",
      "Round {number}: its first turn begins on the first Monday at 22:00, Central time (Rule 201)",
    ],
  },
});
const winners = gameState<RoundWin[]>("roundWinners", {
  initial: [],
  describe: "Who won each round, and how",
  display: {
    label: "Round winners",
    as: "list",
    item: ["Round {round}: {player} ({reason})", "Round {round}: no winner ({reason})"],
    empty: "No round won yet",
  },
});

answer("rule.in-effect", ({ rule }: { rule: number }) => {
  if (!round.get().inConvention) return undefined;
  const book = game.rules.get(rule)?.props.book;
  return book === "Convention" ? undefined : "the game is in convention, when only convention rules are in effect";
});

on("motion.passed", (event: GameEvent<{ kind: string }>) => {
  if (event.data.kind !== "begin-round" || !round.get().inConvention) return;
  const number = round.get().number + 1;
  game.emit("convention.ended", { round: number });
  round.set({ number, turn: null, inConvention: false, turnName: null });
  game.post(`The convention ends: round ${number} begins.`);
  game.schedule("round.opened", { after: 0 }, { round: number });
});

on("timer:round.opened", (event: GameEvent<{ round: number }>) => {
  if (!round.get().inConvention && round.get().number === event.data.round) game.emit("round.began", { round: event.data.round });
});

on("round.win", (event: GameEvent<{ player: PlayerId | null; reason: string }>) => {
  const now = round.get();
  if (now.inConvention) return;
  const { player, reason } = event.data;
  winners.update((list) => [...list, { round: now.number, player, reason }]);
  round.set({ number: now.number, turn: null, inConvention: true, turnName: null });
  const name = player === null ? "nobody" : (game.player(player)?.name ?? player);
  game.post(`Round ${now.number} ends: ${name} wins the round (${reason}). The game is in convention.`);
  game.emit("round.ended", { round: now.number, winner: player, reason });
  game.emit("convention.began", { round: now.number });
});
