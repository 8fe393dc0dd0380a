// Rule 334 (amended from Rule 212): Judgment. Any player may invoke Judgment on a
// disagreement; the player preceding the one moving is the Judge. While a question awaits
// settlement, required communication is no longer required ("communication.suspended",
// read by Rule 303): only the Judge's ruling and the players' consent are. The game goes on
// only with the consent of a majority of the players, the Judge excluded; consent makes the
// suspended communication required again as if it could first occur at that moment
// ("communication.resumed-at"). The Judgment may be overruled only by a unanimous vote of
// the other players before the next turn begins; the player preceding the overruled Judge
// (never the mover) then judges the question. Only Players (not Reyalps, Rule 303) count.

interface Case {
  number: number;
  question: string;
  caller: string;
  mover: string;
  judge: string;
  turn: number;
  status: "awaiting ruling" | "ruled" | "settled";
  verdict: "legal" | "illegal" | "undecidable" | null;
  reasoning: string | null;
  consents: string[];
  overrulers: string[];
  overruled: { judge: string; verdict: string; reasoning: string }[];
  /** The rules the question is about: a settled ruling is annotated on each. */
  rules: number[];
}
interface Turn {
  player: string | null;
  number: number;
}
const players = () => game.ask<string[]>("players")?.value ?? game.players().map((p) => p.id);

const cases = recordState<Case>("judgments", {
  describe: "Questions put to Judgment, their Judges and rulings",
  record: { kind: "case", open: { field: "status", in: ["awaiting ruling", "ruled"] } },
  display: {
    label: "Judgments",
    empty: "No question has been put to Judgment",
    columns: [
      { field: "number", label: "Case" },
      { field: "question", label: "Question" },
      { field: "caller", label: "Invoked by", format: "player" },
      { field: "judge", label: "Judge", format: "player" },
      { field: "status", label: "Status" },
      { field: "verdict", label: "Judgment" },
      { field: "reasoning", label: "Reasons" },
      { field: "rules", label: "Rules", format: "rule" },
    ],
  },
});
const turn = gameState<Turn>("turn", { initial: { player: null, number: 0 } });
const resumedAt = gameState("communication-resumed-at", {
  initial: 0,
  describe: "When required communication last became required again after Judgment (Rule 334)",
  display: { label: "Communication resumed", text: ["{value}"], formats: { value: "time" } },
});

function order(): string[] {
  return game.ask<string[]>("turn.order")?.value ?? players();
}
/** The player preceding `player` in the playing order, skipping the mover. */
function preceding(player: string, mover: string): string | undefined {
  const o = order();
  const i = o.indexOf(player);
  for (let k = 1; k < o.length; k++) {
    const candidate = o[(i - k + o.length * 2) % o.length]!;
    if (candidate !== mover) return candidate;
  }
  return undefined;
}
function name(id: string): string {
  return game.player(id)?.name ?? id;
}
function save(c: Case): void {
  cases.set(c.number, c);
}
function open(number: number): Case {
  const c = cases.get(number);
  if (!c) game.refuse(`there is no Judgment case ${number}`);
  if (c.status === "settled") game.refuse(`case ${number} is settled`);
  return c;
}

const invokeForm = t.object(
  {
    question: t.string({ minLength: 1, maxLength: 5000 }),
    rules: t.array(t.rule(), { maxItems: 20, describe: "The rules the question is about (the ruling is noted on each)" }),
  },
  { optional: ["rules"] },
);

action(
  "invoke-judgment",
  {
    describe: "Invoke Judgment on a disagreement about the legality of a move or the meaning of a rule",
    input: invokeForm,
    when: () => (turn.get().player ? undefined : "Judgment needs a player moving: play has not begun"),
  },
  (input, { actor }) => {
    const mover = turn.get().player;
    if (!mover) game.refuse("Judgment needs a player moving: play has not begun");
    const judge = preceding(mover, mover);
    if (!judge) game.refuse("there is no other player to be Judge");
    const number = cases.keys().length + 1;
    const rules = [...new Set(input.rules ?? [])];
    const unknown = rules.filter((n) => !game.rules.get(n));
    if (unknown.length) game.refuse(`there is no rule ${unknown.join(", ")} in effect for the question to be about`);
    save({
      number,
      question: input.question,
      caller: actor,
      mover,
      judge,
      turn: turn.get().number,
      status: "awaiting ruling",
      verdict: null,
      reasoning: null,
      consents: [],
      overrulers: [],
      overruled: [],
      rules,
    });
    game.post(`${name(actor)} invokes Judgment (case ${number}): ${input.question} ${name(judge)} is Judge.`);
    game.emit("judgment.invoked", { case: number, judge, question: input.question });
  },
);

action(
  "judge",
  {
    describe: "As Judge, rule on a case: the move is legal, illegal, or equally legal and illegal (undecidable)",
    input: t.object({ case: t.integer(), verdict: t.enum(["legal", "illegal", "undecidable"]), reasoning: t.string({ minLength: 1, maxLength: 20000 }) }),
    when: ({ actor }) => {
      const waiting = awaitingRuling();
      if (waiting.some((c) => c.judge === actor)) return undefined;
      const c = waiting[0];
      return c ? `only the Judge of case ${c.number}, ${name(c.judge)}, can rule on it` : "no case awaits a ruling";
    },
  },
  (input, { actor }) => {
    const c = open(input.case);
    if (c.judge !== actor) game.refuse(`only the Judge of case ${c.number}, ${name(c.judge)}, can rule on it`);
    if (c.status !== "awaiting ruling") game.refuse(`case ${c.number} has been ruled on; it can be overruled or consented to`);
    save({ ...c, status: "ruled", verdict: input.verdict, reasoning: input.reasoning, consents: [], overrulers: [] });
    game.post(`Judge ${name(actor)} rules on case ${c.number}: ${input.verdict}. ${input.reasoning}`);
    game.emit("judgment.given", { case: c.number, judge: actor, verdict: input.verdict });
  },
);

action(
  "overrule",
  {
    describe: "Vote to overrule the Judge's ruling; it takes every other player",
    input: t.object({ case: t.integer() }),
    when: overruleRefused,
  },
  (input, { actor }) => {
    const c = open(input.case);
    if (c.status !== "ruled") game.refuse(`the Judge of case ${c.number} has not ruled yet`);
    if (actor === c.judge) game.refuse("the Judge cannot overrule their own Judgment");
    if (c.overrulers.includes(actor)) game.refuse(`you have already voted to overrule case ${c.number}`);
    const overrulers = [...c.overrulers, actor];
    const others = players().filter((id) => id !== c.judge);
    if (others.every((id) => overrulers.includes(id))) {
      const judge = preceding(c.judge, c.mover);
      if (!judge || judge === c.judge) game.refuse("there is no other player who could judge the question");
      save({
        ...c,
        judge,
        status: "awaiting ruling",
        verdict: null,
        reasoning: null,
        consents: [],
        overrulers: [],
        overruled: [...c.overruled, { judge: c.judge, verdict: c.verdict ?? "", reasoning: c.reasoning ?? "" }],
      });
      game.post(`Judge ${name(c.judge)} is overruled unanimously on case ${c.number}; ${name(judge)} is the new Judge.`);
      game.emit("judgment.overruled", { case: c.number, judge });
    } else {
      save({ ...c, overrulers });
    }
  },
);

// The form is written in the call, not bound to a name: code that binds an object to a name runs
// its top level again in every act (src/sandbox/reusable-code.ts).
action(
  "consent",
  { describe: "Consent to the game going on after a Judgment", input: t.object({ case: t.integer() }), when: consentRefused },
  (input, { actor }) => {
    const c = open(input.case);
    if (c.status !== "ruled") game.refuse(`the Judge of case ${c.number} has not ruled yet; consent follows a ruling`);
    if (actor === c.judge) game.refuse("the Judge's consent does not count: a majority of the other players must consent");
    if (c.consents.includes(actor)) game.refuse(`you have already consented on case ${c.number}`);
    const consents = [...c.consents, actor];
    const others = players().filter((id) => id !== c.judge).length;
    if (consents.length * 2 > others) {
      save({ ...c, consents, status: "settled" });
      game.post(`A majority consents; case ${c.number} is settled (${c.verdict}). Required communication is required again from now.`);
      for (const rule of c.rules ?? []) {
        if (game.rules.get(rule))
          game.rules.annotate(
            rule,
            `Case ${c.number} (Judge ${name(c.judge)}): ${c.question} Ruled ${c.verdict}: ${c.reasoning ?? ""}`.trim(),
            `case ${c.number}`,
          );
      }
      game.emit("judgment.settled", { case: c.number, verdict: c.verdict, mover: c.mover });
      if (!blocked()) {
        resumedAt.set(game.now());
        game.emit("communication.resumed", {});
        game.emit("turn.unblocked", { by: c.number });
      }
    } else {
      save({ ...c, consents });
    }
  },
);

answer("communication.suspended", () => blocked());
answer("communication.resumed-at", () => resumedAt.get());

function blocked(): string | undefined {
  const pending = Object.values(cases.all()).find((c) => c.status !== "settled");
  if (!pending) return undefined;
  return pending.status === "awaiting ruling"
    ? `Judgment on case ${pending.number} awaits the ruling of ${name(pending.judge)}`
    : `Judgment on case ${pending.number} awaits the consent of a majority of the players`;
}

answer("turn.blocked", () => blocked());

const all = () => Object.values(cases.all());
const awaitingRuling = () => all().filter((c) => c.status === "awaiting ruling");
const ruled = () => all().filter((c) => c.status === "ruled");
/** Who may still consent on a ruled case: the Players other than the Judge, who have not. */
const mayConsent = (c: Case, actor: string) => c.status === "ruled" && actor !== c.judge && !c.consents.includes(actor);
function overruleRefused({ actor }: ActionContext): string | undefined {
  const can = ruled();
  if (can.some((c) => c.judge !== actor && !c.overrulers.includes(actor))) return undefined;
  const c = can[0];
  if (c) return actor === c.judge ? "the Judge cannot overrule their own Judgment" : `you have already voted to overrule case ${c.number}`;
  const last = all().pop();
  if (!last) return "there is no ruling to overrule";
  return last.status === "awaiting ruling" ? `the Judge of case ${last.number} has not ruled yet` : `case ${last.number} is settled`;
}
function consentRefused({ actor }: ActionContext): string | undefined {
  const waiting = ruled();
  if (!waiting.length) return "no ruling awaits consent";
  if (waiting.every((c) => c.judge === actor)) return "the Judge's consent does not count: a majority of the other players must consent";
  return waiting.some((c) => mayConsent(c, actor)) ? undefined : `you have already consented on case ${waiting[0]!.number}`;
}

// The Judge of each case rules; then the Players' consent lets the game go on.
answer("play.awaits", () => [
  ...awaitingRuling().map((c) => ({ player: c.judge, does: `rule on case ${c.number}`, action: "judge" })),
  ...all().flatMap((c) =>
    players()
      .filter((p) => mayConsent(c, p))
      .map((player) => ({ player, does: `consent to the ruling on case ${c.number}, if you accept it`, action: "consent" })),
  ),
]);

// The Judge of a case may record the corrections its ruling calls for (an earlier move ruled
// illegal, points a text-only rule awards), citing the case as "case N".
answer("correction.allowed", (q: CorrectionQuestion) => {
  const cited = /^case (\d+)$/i.exec(q.cites.ruling ?? "");
  if (!cited) return undefined;
  const c = cases.get(Number(cited[1]));
  if (!c) return `there is no Judgment case ${cited[1]}`;
  if (c.status === "awaiting ruling") return `case ${c.number} has not been ruled on yet`;
  if (q.recorder !== c.judge) return `only the Judge of case ${c.number}, ${name(c.judge)}, may record a correction resting on it`;
  return true;
});

// This rule keeps the court's rulings: a settled case annotates the rules it was about (Rule 105 lets it).
answer("rulings.annotator", () => true);
