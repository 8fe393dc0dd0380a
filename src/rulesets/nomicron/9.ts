// Rule 9: one player is the administrator; at any time there is exactly one.
//
// Readings taken: the first player to join is the administrator; when the administrator
// leaves (or is removed), the office passes to the player who joined earliest among those
// left. The administrator may record officers' corrections (to put a passed motion into
// effect, to set right what the rules got wrong), as the one who keeps the game's record.

const administrator = gameState<PlayerId | null>("administrator", {
  initial: null,
  describe: "The administrator (Rule 9), who collects votes and keeps the record",
  display: { label: "Administrator", text: ["{value}", "Nobody yet"], formats: { value: "player" } },
});

on("player.joined", (event: GameEvent<{ player?: PlayerId; id?: PlayerId }>) => {
  if (administrator.get() === null) administrator.set(event.data.player ?? event.data.id ?? null);
});

on("player.left", () => {
  const admin = administrator.get();
  if (admin !== null && game.player(admin)) return;
  const next = game.players()[0]?.id ?? null;
  administrator.set(next);
  if (next !== null) game.post(`${game.player(next)?.name ?? next} is now the administrator (Rule 9).`);
});

answer("correction.allowed", ({ recorder }: { recorder: PlayerId | null }) => (recorder !== null && recorder === administrator.get() ? true : undefined));
