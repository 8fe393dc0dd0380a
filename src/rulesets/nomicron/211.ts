// Rule 211.1: the Judicial Pool. Active players enter and leave it at any time; it loses those
// who cease to be active, who cast no vote in a turn in which proposals were up for vote, and
// whoever is selected as a Judge; a Judge who returns a Judgment comes back to it. When a Judge
// is needed, one is drawn at random from it, except the Petitioner and those the RFJ mentions;
// if no one is left, the administrator serves.
//
// Readings taken where the text is open:
// - Entering or leaving "by contacting the Administrator" is an action the machine records at once.
// - "Fail to vote on at least one Proposal": a member who voted on none of the proposals up for
//   vote in that turn is removed (one vote, even an explicit abstention recorded as a vote, keeps
//   them in). Heard when the turn's votes close ("proposals.closed"), reading that turn's proposals.
// - Ceasing to be active: the pool is rid of players who are not active when a status changes
//   ("player.status", Rule 3) and whenever the court meets play (a round's or turn's beginning,
//   a turn's end, the votes' close, a correction, a departure); a player not active is never drawn.
// - "Returned to the Judicial Pool" presumes the Judge came from it: the administrator serving
//   for want of anyone to draw is not put into the pool by judging. A Judge who is no longer
//   active is not returned (only active players may be in the pool).
// - A Judge who recused or was replaced on a case (Rule 212) is not drawn for that case again.

interface Case {
  number: number;
  caller: string;
  mentioned: string[];
  formerJudges: string[];
  status: string;
}
interface Proposal {
  turn?: string;
  votes: { [player: string]: Json };
}
interface Round {
  turnName: string | null;
}

const pool = gameState<string[]>("judicialPool", {
  initial: [],
  describe: "The players who may be drawn as Judges (Rule 211)",
  display: { label: "Judicial Pool", as: "sentence", text: "{value}", formats: { value: "players" }, empty: "The Judicial Pool is empty" },
});
const cases = recordState<Case>("cases");
const proposals = recordState<Proposal>("proposals");
const administrator = gameState<string | null>("administrator", { initial: null });
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const round = gameState<Round | null>("round", { initial: null });

const name = (id: string) => game.player(id)?.name ?? id;
const active = (id: string) => game.player(id) !== undefined && status.get(id) === "active";

/** Those in the pool who may judge this case. */
function eligible(c: Case): string[] {
  const excluded = new Set([c.caller, ...c.mentioned, ...c.formerJudges]);
  return pool.get().filter((p) => active(p) && !excluded.has(p));
}

/** Removes from the pool those listed, saying why. */
function remove(players: readonly string[], why: string): void {
  const gone = pool.get().filter((p) => players.includes(p));
  if (!gone.length) return;
  pool.set(pool.get().filter((p) => !gone.includes(p)));
  game.post(`${gone.map((id) => name(id)).join(", ")} ${gone.length === 1 ? "leaves" : "leave"} the Judicial Pool: ${why} (Rule 211).`);
}

function prune(): void {
  remove(
    pool.get().filter((p) => !active(p)),
    "no longer an active player",
  );
}

const notActive = ({ actor }: ActionContext) => (status.get(actor) === "active" ? undefined : "only an active player may be in the Judicial Pool");

action(
  "enter-judicial-pool",
  {
    describe: "Enter the Judicial Pool, from which Judges are drawn",
    input: t.object({}),
    when: (context) => notActive(context) ?? (pool.get().includes(context.actor) ? "you are in the Judicial Pool already" : undefined),
  },
  (_input, { actor }) => {
    pool.set([...pool.get(), actor]);
    game.post(`${name(actor)} enters the Judicial Pool.`);
  },
);

action(
  "leave-judicial-pool",
  {
    describe: "Leave the Judicial Pool",
    input: t.object({}),
    when: ({ actor }) => (pool.get().includes(actor) ? undefined : "you are not in the Judicial Pool"),
  },
  (_input, { actor }) => {
    pool.set(pool.get().filter((p) => p !== actor));
    game.post(`${name(actor)} leaves the Judicial Pool.`);
  },
);

// A Judge is needed (a new RFJ, a recusal, a Judge replaced): draw one, or the administrator serves.
on("court.judge-needed", (e: GameEvent<{ case: number }>) => {
  const c = cases.get(e.data.case);
  if (c?.status !== "awaiting ruling") return;
  prune();
  const choices = eligible(c);
  if (!choices.length) {
    game.emit("court.judge-drawn", { case: c.number, judge: administrator.get(), from: "administrator" });
    return;
  }
  const judge = game.random.pick(choices);
  remove([judge], `selected as Judge of case ${c.number}`);
  game.emit("court.judge-drawn", { case: c.number, judge, from: "pool" });
});

// Whether someone in the pool may judge a case now (Rule 212 asks before a recusal).
answer("court.eligible-judges", (args: { case: number }) => {
  const c = cases.get(args.case);
  return c ? eligible(c) : [];
});

// A Judge drawn from the pool who returns a Judgment comes back to it.
on("court.ruled", (e: GameEvent<{ case: number; judge: string | null; drawnFrom: string | null; by: string }>) => {
  const judge = e.data.judge;
  if (e.data.by !== "judge" || judge === null || e.data.drawnFrom !== "pool" || !active(judge) || pool.get().includes(judge)) return;
  pool.set([...pool.get(), judge]);
  game.post(`${name(judge)}, having returned a Judgment on case ${e.data.case}, is back in the Judicial Pool (Rule 211).`);
});

// Votes have closed at a turn's end: members who voted on none of that turn's proposals leave.
on("proposals.closed", (e: GameEvent<{ turn?: Json; name?: Json }>) => {
  prune();
  const turnName = typeof e.data?.turn === "string" ? e.data.turn : typeof e.data?.name === "string" ? e.data.name : round.get()?.turnName;
  const upForVote = Object.values(proposals.all()).filter((p) => p.turn === turnName);
  if (!upForVote.length) return;
  remove(
    pool.get().filter((p) => !upForVote.some((proposal) => proposal.votes[p] !== undefined)),
    `voted on no proposal in turn ${turnName}`,
  );
});

for (const event of ["player.status", "turn.began", "turn.ended", "round.began", "player.left", "correction.recorded"]) on(event, () => prune());
