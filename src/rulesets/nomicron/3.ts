// Rule 3: players, their names, and their status (active or inactive).
//
// Readings taken:
// - Joining: the founding convention (before round 1 has begun) admits whoever joins, as the
//   game's founders; after that a person asking to join waits as an applicant until a motion
//   making them a player passes (Rule 5's motion kind "admit"), during a convention.
// - A status changes by notice ("notifying the public forum") with the `set-status` action,
//   only while the game is in convention; names change only then too.
// - "Neither voted on a motion nor posted to the public forum for the last two weeks" counts
//   from the later of the player's joining and their latest motion vote or forum post.
// - "Inactive for the entire duration of the convention": inactive when it began (or on
//   joining during it) and never active since; such a player is removed at its end.

type Status = "active" | "inactive";
interface Round {
  number: number;
  turn: number | null;
  inConvention: boolean;
  turnName: string | null;
}

const week = 7 * 24 * 3_600_000;
const round = gameState<Round>("round", { initial: { number: 0, turn: null, inConvention: true, turnName: null } });
const status = playerState<Status>("status", {
  initial: "active",
  describe: "Active or inactive (Rule 3)",
  display: { label: "Status" },
});
const lastSeen = playerState<number | null>("lastMotionVoteOrPost", { initial: null, visibility: "hidden", display: { as: "hidden" } });
const activeThisConvention = playerState<boolean>("activeThisConvention", { initial: true, visibility: "hidden", display: { as: "hidden" } });

answer("membership.join", () => {
  if (round.get().number === 0) return undefined;
  return { defer: "a person becomes a player when a motion making them one passes during a convention (Rule 3)" };
});
answer("membership.rename", () => (round.get().inConvention ? undefined : "a player may change their name only during the convention (Rule 3)"));

on("motion.passed", (event: GameEvent<{ kind: string; applicant: PlayerId | null }>) => {
  if (event.data.kind !== "admit" || event.data.applicant === null) return;
  const applicant = game.applicants().find((a) => a.id === event.data.applicant);
  if (applicant) game.admit(applicant);
});

action(
  "set-status",
  {
    describe: "Become active or inactive, by notice to the public forum (only during convention)",
    input: t.object({ status: t.enum(["active", "inactive"], { describe: "Your status from now on" }) }),
    when: () => (round.get().inConvention ? undefined : "a player becomes active or inactive only while the game is in convention"),
  },
  (input, { actor }) => {
    if (status.get(actor) === input.status) game.refuse(`you are already ${input.status}`);
    status.set(actor, input.status);
    if (input.status === "active") activeThisConvention.set(actor, true);
    game.post(`${game.player(actor)?.name ?? actor} is now ${input.status}.`);
    game.emit("player.status", { player: actor, status: input.status });
  },
);

const seen = (event: GameEvent<{ player?: PlayerId; voter?: PlayerId }>) => {
  const who = event.data.player ?? event.data.voter;
  if (who !== undefined && game.player(who)) lastSeen.set(who, game.now());
};
on("player.joined", (event: GameEvent<{ player: PlayerId }>) => lastSeen.set(event.data.player, game.now()));
on("motion.voted", seen);
on("forum.posted", seen);

on("convention.began", () => {
  for (const p of game.players()) activeThisConvention.set(p.id, status.get(p.id) === "active");
});

on("convention.ended", () => {
  const since = game.now() - 2 * week;
  for (const p of game.players()) {
    if (status.get(p.id) === "active" && (lastSeen.get(p.id) ?? 0) < since) {
      status.set(p.id, "inactive");
      game.post(`${p.name} has neither voted on a motion nor posted to the public forum for two weeks, and becomes inactive (Rule 3).`);
      game.emit("player.status", { player: p.id, status: "inactive" });
    } else if (status.get(p.id) === "inactive" && !activeThisConvention.get(p.id)) {
      game.removePlayer(p.id, "inactive for the entire convention (Rule 3)");
    }
  }
});
