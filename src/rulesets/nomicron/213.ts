// Rule 213.1: Rulings. The Judge of a case rules TRUE or FALSE, with reasons and arguments if
// they like. Which rules were in effect at the time of the disputed action is the Judge's to
// consider; the machine records the Ruling and when it was made ("the latest Ruling shall take
// precedence", Rule 210).
//
// Readings taken where the text is open:
// - A Judge rules once on a case; a Ruling is changed afterwards only by an appeal (Rule 214).
// - The Ruling is announced as "court.ruled" with { case, verdict, previous, judge, drawnFrom,
//   paradox, petitioner, by: "judge" }: Rule 211 returns the Judge to the pool, Rule 215 reads it.

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
  judge: string | null;
  drawnFrom: string | null;
  status: string;
  verdict: "TRUE" | "FALSE" | null;
  reasoning: string | null;
  ruledAt: number | null;
  rulings: Ruling[];
}

const cases = recordState<Case>("cases");
const name = (id: string) => game.player(id)?.name ?? id;
const awaiting = () => Object.values(cases.all()).filter((c) => c.status === "awaiting ruling" && c.judge !== null);

action(
  "rule",
  {
    describe: "As Judge, deliver your Ruling on a case: TRUE or FALSE, with your reasons",
    input: t.object(
      {
        case: t.integer({ minimum: 5301 }),
        verdict: t.enum(["TRUE", "FALSE"], { describe: "The statement is TRUE, or FALSE" }),
        reasoning: t.string({ maxLength: 20000, describe: "Reasons and arguments (optional)" }),
      },
      { optional: ["reasoning"] },
    ),
    when: ({ actor }) => (awaiting().some((c) => c.judge === actor) ? undefined : "only the Judge of a case awaiting a Ruling may rule on it"),
  },
  (input, { actor }) => {
    const c = cases.get(input.case);
    if (!c) game.refuse(`there is no case ${input.case}`);
    if (c.status !== "awaiting ruling") game.refuse(`case ${c.number} has been ruled on; only an appeal (Rule 214) can change its Ruling`);
    if (c.judge !== actor) game.refuse(`only the Judge of case ${c.number}, ${c.judge === null ? "not yet drawn" : name(c.judge)}, may rule on it`);
    const reasoning = input.reasoning?.trim() ? input.reasoning : null;
    const at = game.now();
    const ruling: Ruling = { verdict: input.verdict, reasoning, by: actor, at, appeal: null };
    cases.set(c.number, { ...c, status: "ruled", verdict: input.verdict, reasoning, ruledAt: at, rulings: [...c.rulings, ruling] });
    game.post(`Judge ${name(actor)} rules case ${c.number} ${input.verdict}.${reasoning ? ` ${reasoning}` : ""}`);
    game.emit("court.ruled", {
      case: c.number,
      verdict: input.verdict,
      previous: c.verdict,
      judge: actor,
      drawnFrom: c.drawnFrom,
      paradox: c.paradox,
      petitioner: c.caller,
      by: "judge",
    });
  },
);

answer("play.awaits", () => awaiting().map((c) => ({ player: c.judge!, does: `rule on case ${c.number}`, action: "rule" })));
