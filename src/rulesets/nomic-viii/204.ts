// Rule 204: activity. Players start active; an active player who publicly declares themselves
// inactive is inactive; an inactive player becomes active again by declaring it or by attempting
// to cast a vote, which then counts as cast while active.
//
// Readings taken where the text is open:
// - Declarations are the actions "declare-inactive" and "declare-active", taken in the channel
//   "declarations" (Rule 114): public, as the rule asks.
// - "Attempting to cast a vote" is posting a vote for or against in a vote's channel (Rule 206
//   asks "activity.vote" { player }); withdrawing is not casting a vote.
// - A player locked by Rule 205 (the state `locked`) "may attempt" but cannot become active: the
//   declaration is refused and their vote does not count, until the required action is done or
//   becomes impossible.
// - Activity changes are announced as "player.inactive" / "player.active" { player, reason }.

const status = playerState<"active" | "inactive">("status", {
  initial: "active",
  describe: "Active or inactive (Rule 204)",
  display: { label: "Activity" },
});
const locked = playerState<{ what: string; rule: number } | null>("locked", {
  initial: null,
  describe: "Inactive until this required action is done or becomes impossible (Rule 205)",
  display: { label: "Locked until", text: ["{what} (Rule {rule})", "—"] },
});

const name = (id: PlayerId) => game.player(id)?.name ?? id;
const lockReason = (player: PlayerId): string | undefined => {
  const l = locked.get(player);
  return l ? `you cannot become active until you ${l.what} or it becomes impossible (Rules 205, ${l.rule})` : undefined;
};

function activate(player: PlayerId, reason: string): void {
  status.set(player, "active");
  game.post(`${name(player)} is active again (Rule 204: ${reason}).`);
  game.emit("player.active", { player, reason });
}

action(
  "declare-inactive",
  {
    describe: "Declare publicly that you are now inactive (Rule 204)",
    input: t.object({}),
    channel: "declarations",
    when: ({ actor }) => (status.get(actor) === "inactive" ? "you are already inactive" : undefined),
  },
  (_input, { actor }) => {
    status.set(actor, "inactive");
    game.post(`${name(actor)} declares themselves inactive (Rule 204).`);
    game.emit("player.inactive", { player: actor, reason: "declared" });
  },
);

action(
  "declare-active",
  {
    describe: "Declare that you are active again (Rule 204)",
    input: t.object({}),
    channel: "declarations",
    when: ({ actor }) => (status.get(actor) === "active" ? "you are already active" : lockReason(actor)),
  },
  (_input, { actor }) => activate(actor, "declared"),
);

answer("activity.vote", ({ player }: { player: PlayerId }) => lockReason(player) ?? true);

on("vote.changed", (e: GameEvent<{ id: string; person: PersonId; vote: "for" | "against" | null }>) => {
  const { person, vote } = e.data;
  if (vote === null || !game.player(person) || status.get(person) !== "inactive" || locked.get(person)) return;
  activate(person, "voted");
});
