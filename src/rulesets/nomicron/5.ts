// Rule 5: motions, and the convention floor (open or closed).
//
// Readings taken:
// - Motions are made only during convention (the floor exists only then), by active players,
//   with the `motion` action; each has a kind: "general" (any changes to any aspect of the
//   game, in words), "close-floor", "reopen-floor", "begin-round", "end-game", or "admit"
//   (making an applicant a player, Rule 3). Rule 6 takes the votes and says whether it passed.
// - What a passed general motion changes is put into effect by the administrator (Rule 9):
//   the engine opens an officer's decision for them, which play awaits, and they make the
//   changes by correction; the decision records what they did. A machine cannot read a
//   motion's words, and 6.1 makes the collector of votes answerable for them.
// - A motion to end the game that passes ends it with no winner named: the round winners
//   stand in the record (Rule 2).
// - The floor opens at the beginning of each convention, the founding one included.

interface Round {
  number: number;
  turn: number | null;
  inConvention: boolean;
  turnName: string | null;
}
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

const kinds = ["general", "close-floor", "reopen-floor", "begin-round", "end-game", "admit"] as const;
const round = gameState<Round>("round", { initial: { number: 0, turn: null, inConvention: true, turnName: null } });
const floor = gameState<"open" | "closed">("floor", {
  initial: "open",
  describe: "Whether the convention floor is open to motions of every kind (Rule 5)",
  display: { label: "Convention floor", text: "The convention floor is {value}" },
});
const motions = recordState<Motion>("motions", {
  describe: "Motions made in convention, their votes and outcome",
  record: { kind: "motion", open: { field: "status", in: ["voting"] }, citedAs: "motion" },
  display: {
    label: "Motions",
    as: "table",
    columns: [{ field: "number", label: "Motion" }, { field: "proposer", format: "player" }, { field: "kind" }, { field: "text" }, { field: "status" }],
    empty: "No motions yet",
  },
});
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const administrator = gameState<PlayerId | null>("administrator", { initial: null });

function notOpen(actor: PlayerId): string | undefined {
  if (!round.get().inConvention) return "motions are made only while the game is in convention";
  if (status.get(actor) !== "active") return "only active players may submit motions";
  return undefined;
}

action(
  "motion",
  {
    describe: "Submit a motion to the convention",
    input: t.object(
      {
        kind: t.enum(kinds, { describe: "What the motion does" }),
        text: t.string({ maxLength: 4000, describe: "The motion, in words: the changes it describes" }),
        applicant: t.string({ describe: 'For "admit": the applicant (id or name) it makes a player' }),
      },
      { optional: ["applicant", "text"] },
    ),
    when: ({ actor }) => notOpen(actor),
  },
  (input, { actor }) => {
    const not = notOpen(actor);
    if (not) game.refuse(not);
    const closedFloor = floor.get() === "closed";
    if (input.kind === "begin-round" && !closedFloor)
      game.refuse("a motion to begin the next round may not be made while the floor is open; close the floor first");
    if (closedFloor && input.kind !== "reopen-floor" && input.kind !== "begin-round") {
      game.refuse("the floor is closed: the only motions now are to reopen the floor or to begin the next round");
    }
    let applicant: PlayerId | null = null;
    if (input.kind === "admit") {
      const wanted = (input.applicant ?? "").trim().toLowerCase();
      const found = game.applicants().find((a) => a.id.toLowerCase() === wanted || a.name.toLowerCase() === wanted);
      if (!found)
        game.refuse(
          `nobody named "${input.applicant ?? ""}" has asked to join; the applicants are: ${
            game
              .applicants()
              .map((a) => a.name)
              .join(", ") || "none"
          }`,
        );
      applicant = found.id;
    }
    const number = motions.keys().length + 1;
    const text = input.text?.trim() || describeKind(input.kind, applicant);
    motions.set(number, {
      number,
      proposer: actor,
      kind: input.kind,
      text,
      applicant,
      votes: {},
      status: "voting",
      openedAt: game.now(),
      closesAt: 0,
      timer: null,
      reason: null,
    });
    game.post(`Motion ${number} by ${game.player(actor)?.name ?? actor}: ${text}`);
    game.emit("motion.made", { number, kind: input.kind });
  },
);

function describeKind(kind: string, applicant: PlayerId | null): string {
  if (kind === "admit") return `that ${game.applicants().find((a) => a.id === applicant)?.name ?? applicant} become a player`;
  return (
    { "close-floor": "to close the floor", "reopen-floor": "to reopen the floor", "begin-round": "to begin the next round", "end-game": "to end the game" }[
      kind
    ] ?? kind
  );
}

on("motion.passed", (event: GameEvent<{ number: number; kind: string }>) => {
  const { number, kind } = event.data;
  if (kind === "close-floor") floor.set("closed");
  if (kind === "reopen-floor") floor.set("open");
  if (kind === "end-game") game.end({ winners: [], reason: `motion ${number} to end the game passed unanimously` });
  if (kind === "begin-round") {
    for (const m of Object.values(motions.all())) {
      if (m.status !== "voting") continue;
      if (m.timer) game.cancel(m.timer);
      motions.set(m.number, { ...m, status: "discarded", timer: null, reason: `motion ${number} to begin the next round passed` });
    }
  }
  const admin = administrator.get();
  if (kind === "general" && admin !== null) {
    game.decide({
      kind: "motion-effected",
      by: admin,
      question: `Put motion ${number} into effect (by correction where it changes the game), then say what was done: ${motions.get(number)?.text ?? ""}`,
      input: t.object({ done: t.string({ maxLength: 2000, describe: "What the motion changed" }) }),
      awaits: true,
      data: { motion: number },
    });
  }
});

on("decision:motion-effected", (event: GameEvent<{ by: PlayerId; input: { done: string }; data: { motion: number } }>) => {
  game.post(`Motion ${event.data.data.motion} is in effect: ${event.data.input.done}`);
});

on("convention.began", () => floor.set("open"));
