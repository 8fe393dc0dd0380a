// Rule 201: players take turns, one whole turn apiece, in alphabetical order by surname
// (the computer-game variant); turns may not be skipped or passed; all players begin
// with zero points. Play begins with the `start` action. A turn ends when the rule that
// says what a turn is says so (Rule 202 here); the next begins unless a rule holds it back
// ("turn.blocked", e.g. Rule 212). Who counts as a player may be another rule's question
// ("players", as N_omic's 303 answers it); a mover who leaves, or stops being one
// ("players.changed"), passes the turn on.

interface Turn {
  player: string | null;
  key: string;
  number: number;
  circuits: number;
  proposed: boolean;
  waiting: string | null;
}

const turn = gameState<Turn>("turn", {
  initial: { player: null, key: "", number: 0, circuits: 0, proposed: false, waiting: null },
  describe: "Whose turn it is, how many turns and complete circuits have been played",
  display: {
    label: "Turn",
    text: [
      "Turn {number}: {player} is moving ({circuits} complete circuits). The next turn cannot begin yet: {waiting}",
      "Turn {number}: {player} is moving ({circuits} complete circuits)",
      "Play has not begun: the start action begins it",
    ],
  },
});
playerState("points", { initial: 0, describe: "Points; the first to the winning score wins", display: { label: "Points" } });

function surname(name: string): string {
  const words = name.trim().split(/\s+/);
  return (words[words.length - 1] ?? name).toLowerCase();
}
function playingOrder(): string[] {
  const players = game.ask<string[]>("players")?.value ?? game.players().map((p) => p.id);
  return [...players].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
}
answer("turn.order", () => playingOrder());
answer("turn.player", () => turn.get().player ?? undefined);

/** Why play cannot begin now, if it cannot. */
function notStartable(): string | undefined {
  if (turn.get().player !== null) return "play has already begun";
  if (playingOrder().length < 2) return "play needs at least two players; invite more first";
  return undefined;
}
const begins = "Begin play: the first turn goes to the first player in alphabetical order by surname";
action("start", { describe: begins, input: t.object({}), when: notStartable }, () => {
  const not = notStartable();
  if (not) game.refuse(not);
  begin(playingOrder()[0]!, 1, 0);
});
// Before play begins, any player may begin it.
answer("play.awaits", () => (notStartable() ? [] : playingOrder().map((player) => ({ player, does: "start the game", action: "start", anyOne: true }))));

forbid("propose", (_input, { actor }) => {
  const now = turn.get();
  if (now.player === null) return "play has not begun: a player must take the start action first";
  if (now.waiting) return `the next turn cannot begin yet: ${now.waiting}`;
  if (now.player !== actor) return `it is not your turn: it is ${game.player(now.player)?.name ?? now.player}'s turn`;
  return undefined;
});

// A turn ends when the rule that says what a turn is says so ("turn.defined": Rule 202, or
// N_omic's 324): the same event from any other rule does not move the turn on.
on("turn.ended", (event) => {
  const definer = game.ask<boolean>("turn.defined")?.rule;
  if (definer !== undefined && event.rule !== definer) return;
  const blocked = game.ask<string>("turn.blocked");
  if (blocked) {
    turn.update((now) => ({ ...now, waiting: `${blocked.value} (Rule ${blocked.rule})` }));
    return;
  }
  advance();
});
on("turn.unblocked", () => {
  if (turn.get().waiting) advance();
});
function moverGone(event: GameEvent<{ player: string }>): void {
  if (turn.get().player === event.data.player && !playingOrder().includes(event.data.player)) advance();
}
on("player.left", moverGone);
on("players.changed", moverGone);

/** Passes the turn to the next player by surname, counting a circuit when the order wraps around. */
function advance(): void {
  if (game.isOver()) return;
  const now = turn.get();
  const order = playingOrder();
  if (order.length === 0 || now.player === null) return;
  // The next player is the first whose key sorts after the mover's, even if the mover has left.
  let next = order.find((id) => sortKey(id) > now.key);
  const wrapped = next === undefined;
  next ??= order[0]!;
  begin(next, now.number + 1, now.circuits + (wrapped ? 1 : 0));
}

function sortKey(id: string): string {
  const p = game.player(id);
  return p ? `${surname(p.name)}\u0000${p.name}\u0000${p.id}` : "";
}

function begin(player: string, number: number, circuits: number): void {
  const circuitDone = circuits > turn.get().circuits;
  turn.set({ player, key: sortKey(player), number, circuits, proposed: false, waiting: null });
  if (circuitDone) game.emit("circuit.completed", { circuits });
  game.emit("turn.began", { player, number });
  game.post(`Turn ${number}: ${game.player(player)?.name ?? player} to move.`);
}
