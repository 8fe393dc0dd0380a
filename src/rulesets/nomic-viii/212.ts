// Rule 212: points. Every player starts with 0; the first to possess at least 1,024 points is the
// winner (several together if at once).
//
// Readings taken where the text is open:
// - Reaching 1,024 points makes that player the winner by points, recorded here ("pointsWinners")
//   and announced, but does not end the game by itself: the game ends through an End State
//   (Rule 211), where the claim of victory can cite this record. The Initial Set awards no points.
// - Rule code has no hook on every change of state, so the record is made when this rule next
//   hears an event: a rule that awards points emits "points.changed" (as is customary), and the
//   record is also checked at every turn boundary, vote, message, change of rules and correction.
//   Players who pass 1,024 before the same check reach it "simultaneously".
// - Only the first time counts: later players reaching 1,024 do not become winners by points.

const points = playerState("points", { initial: 0, describe: "Points; the first to 1,024 wins (Rule 212)", display: { label: "Points" } });
const winners = gameState<{ players: PlayerId[]; at: number } | null>("pointsWinners", {
  initial: null,
  describe: "The first players to possess at least 1,024 points (Rule 212)",
  display: {
    label: "Winners by points",
    text: ["{players} reached 1,024 points at {at}", "Nobody has reached 1,024 points"],
    formats: { players: "players", at: "time" },
  },
});

const goal = 1024;

function check(): void {
  if (winners.get()) return;
  const reached = game.players().filter((p) => points.get(p.id) >= goal);
  if (!reached.length) return;
  winners.set({ players: reached.map((p) => p.id), at: game.now() });
  game.post(
    `${reached.map((p) => p.name).join(", ")} ${reached.length === 1 ? "has" : "have"} reached 1,024 points: the winner by Rule 212. The game goes on until an End State ends it (Rule 211).`,
  );
  game.emit("points.winners", { players: reached.map((p) => p.id) });
}

for (const event of ["points.changed", "turn.started", "turn.ended", "vote.changed", "message.posted", "rules.changed", "correction.recorded", "player.joined"])
  on(event, check);
