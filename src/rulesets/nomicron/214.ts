// Rule 214.1: Appeals. A player not satisfied with a Ruling submits an appeal: a new Ruling of
// TRUE or FALSE with new reasons. It is voted on during the turn immediately following its
// submission; if two-thirds of those voting on it support it, it replaces the Ruling entirely.
//
// Readings taken where the text is open:
// - "The turn immediately following its submission" is the next turn to begin after it
//   (submitted during turn 1-2 or the interim after it: voted during 1-3). Voting opens when that
//   turn begins ("turn.began") and closes at its end ("turn.ended").
// - Active players submit appeals and vote on them (as only they vote on proposals, Rule 103);
//   a voter may change their vote while voting is open, the last one counting (as with motions,
//   Rule 6). No votes at all is no support: the appeal fails.
// - Several appeals may be pending on a case; those passing at one turn's end replace the Ruling
//   in the order submitted, so the latest prevails (Rule 210).

interface Appeal {
  number: number;
  by: string;
  verdict: "TRUE" | "FALSE";
  reasoning: string;
  submittedAt: number;
  status: "awaiting its turn" | "voting" | "passed" | "failed";
  /** The turn in which it is voted on, once that turn has begun. */
  turn: string | null;
  votes: { [player: string]: "for" | "against" };
  closedAt: number | null;
}
interface Ruling {
  verdict: "TRUE" | "FALSE";
  reasoning: string | null;
  by: string;
  at: number;
  appeal: number | null;
}
interface Case {
  number: number;
  caller: string;
  paradox: boolean;
  status: "awaiting ruling" | "ruled" | "appealed";
  verdict: "TRUE" | "FALSE" | null;
  reasoning: string | null;
  ruledAt: number | null;
  rulings: Ruling[];
  overruled: { judge: string; verdict: string; reasoning: string | null }[];
  appeals: Appeal[];
}

const cases = recordState<Case>("cases");
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const name = (id: string) => game.player(id)?.name ?? id;
const all = () => Object.values(cases.all());
const pending = (c: Case) => c.appeals.some((a) => a.status === "awaiting its turn" || a.status === "voting");
const voting = () => all().flatMap((c) => c.appeals.filter((a) => a.status === "voting").map((a) => ({ c, a })));
const notActive = ({ actor }: ActionContext) => (status.get(actor) === "active" ? undefined : "only an active player takes part in appeals");

action(
  "appeal",
  {
    describe: "Appeal a Ruling: propose a new Ruling, TRUE or FALSE, with new reasons; it is voted on during the next turn",
    input: t.object({
      case: t.integer({ minimum: 5301 }),
      verdict: t.enum(["TRUE", "FALSE"], { describe: "The Ruling you propose instead" }),
      reasoning: t.string({ minLength: 1, maxLength: 20000, describe: "Your new reasons and arguments" }),
    }),
    when: (context) => notActive(context) ?? (all().some((c) => c.verdict !== null) ? undefined : "no case has been ruled on yet"),
  },
  (input, { actor }) => {
    const c = cases.get(input.case);
    if (!c) game.refuse(`there is no case ${input.case}`);
    if (c.verdict === null) game.refuse(`case ${c.number} has not been ruled on yet; an appeal answers a Ruling`);
    const appeal: Appeal = {
      number: c.appeals.length + 1,
      by: actor,
      verdict: input.verdict,
      reasoning: input.reasoning,
      submittedAt: game.now(),
      status: "awaiting its turn",
      turn: null,
      votes: {},
      closedAt: null,
    };
    cases.set(c.number, { ...c, status: "appealed", appeals: [...c.appeals, appeal] });
    game.post(
      `${name(actor)} appeals the Ruling on case ${c.number} (appeal ${appeal.number}), proposing ${input.verdict}: ${input.reasoning} It is voted on during the next turn.`,
    );
  },
);

action(
  "vote-appeal",
  {
    describe: "Vote on an appeal during the turn it is up for vote: two-thirds of those voting must support it",
    input: t.object(
      {
        case: t.integer({ minimum: 5301 }),
        appeal: t.integer({ minimum: 1, describe: "The appeal's number on the case (the only one up for vote, if absent)" }),
        vote: t.enum(["for", "against"]),
      },
      { optional: ["appeal"] },
    ),
    when: (context) => notActive(context) ?? (voting().length ? undefined : "no appeal is up for vote"),
  },
  (input, { actor }) => {
    const c = cases.get(input.case);
    if (!c) game.refuse(`there is no case ${input.case}`);
    const open = c.appeals.filter((a) => a.status === "voting");
    if (!open.length) game.refuse(`no appeal on case ${c.number} is up for vote`);
    if (input.appeal === undefined && open.length > 1)
      game.refuse(`several appeals on case ${c.number} are up for vote: say which (${open.map((a) => a.number).join(", ")})`);
    const appeal = input.appeal === undefined ? open[0]! : open.find((a) => a.number === input.appeal);
    if (!appeal) game.refuse(`appeal ${input.appeal} on case ${c.number} is not up for vote`);
    const appeals = c.appeals.map((a) => (a.number === appeal.number ? { ...a, votes: { ...a.votes, [actor]: input.vote } } : a));
    cases.set(c.number, { ...c, appeals });
    game.post(`${name(actor)} votes ${input.vote} appeal ${appeal.number} on case ${c.number}.`);
  },
);

// The turn after submission begins: the appeals waiting for it are up for vote.
on("turn.began", (e: GameEvent<{ name?: string }>) => {
  for (const c of all()) {
    if (!c.appeals.some((a) => a.status === "awaiting its turn")) continue;
    const appeals = c.appeals.map((a) => (a.status === "awaiting its turn" ? { ...a, status: "voting" as const, turn: e.data?.name ?? null } : a));
    cases.set(c.number, { ...c, appeals });
    game.post(`The appeals on case ${c.number} are up for vote during this turn (Rule 214).`);
  }
});

// The turn ends: each appeal voted on in it passes with two-thirds of those voting, else fails.
on("turn.ended", () => {
  const at = game.now();
  for (const start of all()) {
    if (!start.appeals.some((a) => a.status === "voting")) continue;
    let c = start;
    for (const a of start.appeals.filter((x) => x.status === "voting")) {
      const votes = Object.values(a.votes);
      const support = votes.filter((v) => v === "for").length;
      const passed = support > 0 && support * 3 >= votes.length * 2;
      const closed: Appeal = { ...a, status: passed ? "passed" : "failed", closedAt: at };
      c = { ...c, appeals: c.appeals.map((x) => (x.number === a.number ? closed : x)) };
      const tally = `${support} of ${votes.length} voting support it`;
      if (!passed) {
        game.post(`Appeal ${a.number} on case ${c.number} fails: ${tally}. The Ruling stands.`);
        continue;
      }
      const previous = c.verdict;
      const replaced = c.rulings[c.rulings.length - 1];
      const overruled = replaced ? [...c.overruled, { judge: replaced.by, verdict: replaced.verdict, reasoning: replaced.reasoning }] : c.overruled;
      const ruling: Ruling = { verdict: a.verdict, reasoning: a.reasoning, by: a.by, at, appeal: a.number };
      c = { ...c, verdict: a.verdict, reasoning: a.reasoning, ruledAt: at, rulings: [...c.rulings, ruling], overruled };
      game.post(`Appeal ${a.number} on case ${c.number} passes (${tally}): the case is now ruled ${a.verdict}. ${a.reasoning}`);
      cases.set(c.number, { ...c, status: pending(c) ? "appealed" : "ruled" });
      game.emit("court.ruled", {
        case: c.number,
        verdict: a.verdict,
        previous,
        judge: null,
        drawnFrom: null,
        paradox: c.paradox,
        petitioner: c.caller,
        by: "appeal",
      });
    }
    cases.set(c.number, { ...c, status: pending(c) ? "appealed" : "ruled" });
  }
});

answer("play.awaits", () =>
  voting().flatMap(({ c, a }) =>
    game
      .players()
      .filter((p) => status.get(p.id) === "active" && a.votes[p.id] === undefined)
      .map((p) => ({ player: p.id, does: `vote on appeal ${a.number} of case ${c.number}`, action: "vote-appeal" })),
  ),
);
