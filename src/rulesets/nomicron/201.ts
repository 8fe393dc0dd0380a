// Rule 201: times are North American Central time with daylight saving (America/Chicago);
// turns begin Monday 22:00, have their middle Thursday 10:00 and end Saturday 22:00; a turn is
// named {round}-{ordinal}, the first turn of a round being 1.
//
// Readings taken: a round's first turn begins at the first Monday 22:00 after the round
// begins (the days before it are an interim); turns follow weekly until the round ends,
// which cancels the turns to come. Between a turn's end and the next beginning the round's
// `turnName` is null (an interim) while `turn` keeps the last ordinal.

interface Round {
  number: number;
  turn: number | null;
  inConvention: boolean;
  turnName: string | null;
}

const zone = "America/Chicago";
const round = gameState<Round>("round", { initial: { number: 0, turn: null, inConvention: true, turnName: null } });
const timers = gameState<string[]>("turnTimers", { initial: [], visibility: "hidden", display: { as: "hidden" } });

function plan(name: string, weekday: "monday" | "thursday" | "saturday", time: string, after: number): void {
  const at = game.calendar.next({ weekday, time, zone, after });
  timers.update((ids) => [...ids, game.schedule(name, { at }, { round: round.get().number })]);
}

on("round.began", () => plan("turn.begins", "monday", "22:00", game.now()));

on("timer:turn.begins", (event: GameEvent<{ round: number }>) => {
  const now = round.get();
  if (now.inConvention || now.number !== event.data.round) return;
  const turn = (now.turn ?? 0) + 1;
  const name = `${now.number}-${turn}`;
  round.set({ ...now, turn, turnName: name });
  timers.set([]);
  plan("turn.middle", "thursday", "10:00", game.now());
  plan("turn.ends", "saturday", "22:00", game.now());
  game.post(`Turn ${name} begins.`);
  game.emit("turn.began", { round: now.number, turn, name });
});

on("timer:turn.middle", (event: GameEvent<{ round: number }>) => {
  const now = round.get();
  if (now.number === event.data.round && now.turnName) game.emit("turn.middle", { round: now.number, turn: now.turn, name: now.turnName });
});

on("timer:turn.ends", (event: GameEvent<{ round: number }>) => {
  const now = round.get();
  if (now.inConvention || now.number !== event.data.round || !now.turnName) return;
  round.set({ ...now, turnName: null });
  plan("turn.begins", "monday", "22:00", game.now());
  game.post(`Turn ${now.turnName} ends.`);
  game.emit("turn.ended", { round: now.number, turn: now.turn, name: now.turnName });
});

on("round.ended", () => {
  for (const id of timers.get()) game.cancel(id);
  timers.set([]);
});
