// Rule 6: voting on motions. Each active player has one vote on each motion, the last one
// sent counting; a motion stays up for a week, or until every active player has voted.
// Ending the game needs unanimity among the votes cast, any other motion two thirds of them.
//
// Readings taken:
// - Votes go to the administrator: here the `vote-motion` action records them for everyone
//   to see, and the report 6.1 asks of the collector (passage or failure, with every vote)
//   is posted by this rule when the motion closes, on the administrator's behalf.
// - A motion on which no vote was cast fails (there is no acceptance among no votes).
// - Only the votes of players active when the motion closes count.

interface Motion {
  number: number;
  proposer: PlayerId;
  kind: string;
  text: string;
  applicant: PlayerId | null;
  votes: { [player: string]: "for" | "against" };
  status: string;
  openedAt: number;
  closesAt: number;
  timer: string | null;
  reason: string | null;
}

const week = 7 * 24 * 3_600_000;
const motions = recordState<Motion>("motions", { record: { kind: "motion", open: { field: "status", in: ["voting"] }, citedAs: "motion" } });
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const active = () =>
  game
    .players()
    .filter((p) => status.get(p.id) === "active")
    .map((p) => p.id);
const voting = () => Object.values(motions.all()).filter((m) => m.status === "voting");

on("motion.made", (event: GameEvent<{ number: number }>) => {
  const m = motions.get(event.data.number);
  if (!m) return;
  const closesAt = game.now() + week;
  const timer = game.schedule("motion.closes", { at: closesAt }, { motion: m.number });
  motions.set(m.number, { ...m, closesAt, timer });
});

action(
  "vote-motion",
  {
    describe: "Vote on a motion (your last vote on it counts)",
    input: t.object({ motion: t.integer({ describe: "The motion's number" }), vote: t.enum(["for", "against"]) }),
    when: ({ actor }) => {
      if (!voting().length) return "no motion is up for vote";
      return status.get(actor) === "active" ? undefined : "only active players vote on motions";
    },
  },
  (input, { actor }) => {
    const m = motions.get(input.motion);
    if (!m) game.refuse(`there is no motion ${input.motion}`);
    if (m.status !== "voting") game.refuse(`motion ${input.motion} is no longer up for vote (it ${m.status})`);
    if (status.get(actor) !== "active") game.refuse("only active players vote on motions");
    motions.set(m.number, { ...m, votes: { ...m.votes, [actor]: input.vote } });
    game.emit("motion.voted", { motion: m.number, voter: actor, vote: input.vote });
    if (active().every((p) => motions.get(m.number)?.votes[p] !== undefined)) close(m.number, "every active player has voted");
  },
);

answer("play.awaits", () =>
  voting().flatMap((m) =>
    active()
      .filter((p) => m.votes[p] === undefined)
      .map((player) => ({ player, does: `vote on motion ${m.number}`, action: "vote-motion", until: m.closesAt })),
  ),
);

on("timer:motion.closes", (event: GameEvent<{ motion: number }>) => close(event.data.motion, "a week has passed"));

function close(number: number, why: string): void {
  const m = motions.get(number);
  if (m?.status !== "voting") return;
  if (m.timer) game.cancel(m.timer);
  const voters = active().filter((p) => m.votes[p] !== undefined);
  const favour = voters.filter((p) => m.votes[p] === "for").length;
  const unanimous = m.kind === "end-game";
  const passed = voters.length > 0 && (unanimous ? favour === voters.length : favour * 3 >= voters.length * 2);
  const need = unanimous ? "unanimous acceptance among the votes cast" : "acceptance by two thirds of the votes cast";
  const reason = `${why}: ${favour} of ${voters.length} votes cast for; ${need} ${passed ? "was reached" : "was needed"}`;
  motions.set(number, { ...m, status: passed ? "passed" : "failed", timer: null, reason });
  const list = voters.map((p) => `${game.player(p)?.name ?? p} ${m.votes[p]}`).join(", ") || "no votes were cast";
  game.post(`Motion ${number} (${m.text}) ${passed ? "passes" : "fails"}, ${reason}. Votes: ${list}.`);
  game.emit(passed ? "motion.passed" : "motion.failed", { number, kind: m.kind, text: m.text, applicant: m.applicant, proposer: m.proposer });
}
