// Rule 103: every active player may vote on any proposal; a player who does not vote during
// the turn the proposal is up for vote abstains. The eligible voters are the active players,
// and a proposal is decided by the votes of those who voted (abstainers count for nothing).

const status = playerState<"active" | "inactive">("status", { initial: "active" });

answer("eligible-voters", () =>
  game
    .players()
    .filter((p) => status.get(p.id) === "active")
    .map((p) => p.id),
);
