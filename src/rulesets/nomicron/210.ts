// Rule 210.1: Requests for Judgment. An active player submits an RFJ: a statement to be judged
// TRUE or FALSE, with arguments if they like; it gets the next case number from 5301 and a
// Judge at once (the administrator's duty "as soon as possible" is done by the machine).
//
// Readings taken where the text is open:
// - Disagreement "may be created by the insistence of any player": submitting an RFJ is that
//   insistence, so no separate disagreement is checked.
// - "Any player mentioned in the RFJ" is what the petitioner lists as mentioned; the
//   administrator may correct that list while the case awaits its ruling (action
//   "correct-mentioned"). If the Judge is then among those mentioned, a new Judge is drawn.
// - The Judge is drawn by Rule 211 ("court.judge-needed" → "court.judge-drawn"); this rule
//   appoints and publishes them ("court.judge-appointed", which Rule 212 times).
// - "The latest Ruling shall take precedence": each case keeps its latest ruling (an appeal
//   passed under Rule 214 replaces the Judge's); among cases on one issue, which no machine can
//   tell, the one ruled latest (`ruledAt`) prevails, and the table lists cases in that light.

interface Ruling {
  verdict: "TRUE" | "FALSE";
  reasoning: string | null;
  by: string;
  at: number;
  /** The appeal (Rule 214) that made this ruling, or null for the Judge's. */
  appeal: number | null;
}
interface Case {
  number: number;
  /** The statement to be judged TRUE or FALSE. */
  question: string;
  arguments: string | null;
  /** The Petitioner. */
  caller: string;
  mentioned: string[];
  /** The statement explicitly says there is a paradox (Rule 215). */
  paradox: boolean;
  filedAt: number;
  judge: string | null;
  appointedAt: number | null;
  /** "pool" when drawn from the Judicial Pool; "administrator" when none could be (Rule 211). */
  drawnFrom: "pool" | "administrator" | null;
  /** Judges of this case who recused or were replaced for want of a ruling (Rule 212): not drawn for it again. */
  formerJudges: string[];
  status: "awaiting ruling" | "ruled" | "appealed";
  verdict: "TRUE" | "FALSE" | null;
  reasoning: string | null;
  ruledAt: number | null;
  rulings: Ruling[];
  /** Rulings an appeal replaced (Rule 214), as the court report reads them. */
  overruled: { judge: string; verdict: string; reasoning: string | null }[];
  appeals: Json[];
}

const firstCase = 5301;
const cases = recordState<Case>("cases", {
  describe: "Requests for Judgment: their statements, Judges and Rulings (the latest Ruling prevails)",
  record: { kind: "case", open: { field: "status", in: ["awaiting ruling", "appealed"] }, citedAs: "case" },
  display: {
    label: "Requests for Judgment",
    empty: "No Request for Judgment yet",
    columns: [
      { field: "number", label: "Case" },
      { field: "question", label: "Statement" },
      { field: "caller", label: "Petitioner", format: "player" },
      { field: "mentioned", label: "Mentioned", format: "players" },
      { field: "judge", label: "Judge", format: "player" },
      { field: "status", label: "Status" },
      { field: "verdict", label: "Ruling" },
      { field: "reasoning", label: "Reasons" },
      { field: "ruledAt", label: "Ruled", format: "time" },
      { field: "paradox", label: "Paradox", format: "yes-no" },
    ],
  },
});
const administrator = gameState<string | null>("administrator", { initial: null });
const status = playerState<"active" | "inactive">("status", { initial: "active" });

const name = (id: string | null) => (id === null ? "nobody" : (game.player(id)?.name ?? id));
const names = (ids: readonly string[]) => (ids.length ? ids.map((id) => name(id)).join(", ") : "no one");

action(
  "request-judgment",
  {
    describe: "Request a Judgment: a statement to be judged TRUE or FALSE; a Judge is drawn from the Judicial Pool",
    input: t.object(
      {
        statement: t.string({ minLength: 1, maxLength: 5000, describe: "The statement to be judged TRUE or FALSE" }),
        arguments: t.string({ maxLength: 20000, describe: "Arguments for the Judge (optional)" }),
        mentioned: t.array(t.player(), { maxItems: 50, describe: "The players the request mentions (none of them may judge it)" }),
        paradox: t.boolean({ describe: "The statement says there is a paradox (Rule 215: ruled TRUE, you win the round)" }),
      },
      { optional: ["arguments", "mentioned", "paradox"] },
    ),
    when: ({ actor }) => (status.get(actor) === "active" ? undefined : "only an active player may request a Judgment"),
  },
  (input, { actor }) => {
    const number = firstCase + cases.keys().length;
    const mentioned = [...new Set(input.mentioned ?? [])];
    cases.set(number, {
      number,
      question: input.statement,
      arguments: input.arguments?.trim() ? input.arguments : null,
      caller: actor,
      mentioned,
      paradox: input.paradox ?? false,
      filedAt: game.now(),
      judge: null,
      appointedAt: null,
      drawnFrom: null,
      formerJudges: [],
      status: "awaiting ruling",
      verdict: null,
      reasoning: null,
      ruledAt: null,
      rulings: [],
      overruled: [],
      appeals: [],
    });
    const paradox = input.paradox ? " (a paradox is claimed)" : "";
    game.post(`${name(actor)} requests a Judgment, case ${number}${paradox}: ${input.statement} Mentioned: ${names(mentioned)}.`);
    game.emit("court.judge-needed", { case: number, reason: "a new Request for Judgment" });
  },
);

action(
  "correct-mentioned",
  {
    describe: "As administrator, correct the list of players a Request for Judgment mentions (a Judge now mentioned is replaced)",
    input: t.object({ case: t.integer({ minimum: firstCase }), mentioned: t.array(t.player(), { maxItems: 50 }) }),
    when: ({ actor }) => (actor === administrator.get() ? undefined : "only the administrator corrects who a Request for Judgment mentions"),
  },
  (input, { actor }) => {
    const c = cases.get(input.case);
    if (!c) game.refuse(`there is no case ${input.case}`);
    if (c.status !== "awaiting ruling") game.refuse(`case ${c.number} has been ruled on; its Judge can no longer change`);
    const mentioned = [...new Set(input.mentioned)];
    cases.set(c.number, { ...c, mentioned });
    game.post(`The administrator, ${name(actor)}, corrects who case ${c.number} mentions: ${names(mentioned)}.`);
    if (c.judge !== null && mentioned.includes(c.judge)) game.emit("court.judge-needed", { case: c.number, reason: `${name(c.judge)} is mentioned in it` });
  },
);

// Rule 211 (or Rule 212, replacing a Judge) has drawn a Judge: appoint and publish them.
on("court.judge-drawn", (e: GameEvent<{ case: number; judge: string | null; from: "pool" | "administrator" }>) => {
  const c = cases.get(e.data.case);
  if (c?.status !== "awaiting ruling") return;
  const at = game.now();
  cases.set(c.number, { ...c, judge: e.data.judge, appointedAt: e.data.judge === null ? null : at, drawnFrom: e.data.judge === null ? null : e.data.from });
  if (e.data.judge === null) {
    game.post(`Case ${c.number} has no Judge: the Judicial Pool has no one who may judge it and there is no administrator.`);
    return;
  }
  const how = e.data.from === "pool" ? "drawn at random from the Judicial Pool" : "the administrator, as no one in the Judicial Pool may judge it";
  game.post(`Case ${c.number}: ${c.question} Judge: ${name(e.data.judge)} (${how}).`);
  game.emit("court.judge-appointed", { case: c.number, judge: e.data.judge, at });
});
