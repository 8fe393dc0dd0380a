// Rule 212: Judgment. Any player may invoke Judgment on a disagreement; the player
// preceding the one moving is the Judge. The next turn may not begin without the consent
// of a majority of the other players. The Judge's Judgment may be overruled only by a
// unanimous vote of the other players before the next turn begins; the player preceding
// the overruled Judge (never the mover) then judges the question.
//
// Reading taken: consent and overrule are separate clocks. A majority's consent settles
// the case (the next turn may begin, the ruling is noted on its rules), but "taken before
// the next turn is begun" leaves the ruling open to overrule until that turn begins: an
// overruled settled case reopens under the new Judge and holds the next turn back again.
// When the next turn begins, a settled ruling is final ("judgment.final"); Rule 213 acts
// on final rulings only, never on one that could still be overruled.

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
  /** The turn in which a majority consented; the ruling is final once a later turn begins. */
  settledTurn?: number;
  final?: boolean;
}
interface Turn {
  player: string | null;
  number: number;
}

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

function order(): string[] {
  return game.ask<string[]>("turn.order")?.value ?? game.players().map((p) => p.id);
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
    describe: "Vote to overrule the Judge's ruling, until the next turn begins; it takes every other player",
    input: t.object({ case: t.integer() }),
    when: overruleRefused,
  },
  (input, { actor }) => {
    const c = cases.get(input.case);
    if (!c) game.refuse(`there is no Judgment case ${input.case}`);
    if (c.status === "awaiting ruling") game.refuse(`the Judge of case ${c.number} has not ruled yet`);
    if (c.status === "settled" && (c.final || c.settledTurn !== turn.get().number))
      game.refuse(`case ${c.number} is settled and the next turn has begun; it can no longer be overruled`);
    if (actor === c.judge) game.refuse("the Judge cannot overrule their own Judgment");
    if (c.overrulers.includes(actor)) game.refuse(`you have already voted to overrule case ${c.number}`);
    const overrulers = [...c.overrulers, actor];
    const others = game
      .players()
      .map((p) => p.id)
      .filter((id) => id !== c.judge);
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
      if (c.status === "settled") {
        // The settled ruling was noted on its rules; the note that it was overruled follows it.
        for (const rule of c.rules ?? [])
          if (game.rules.get(rule))
            game.rules.annotate(
              rule,
              `Case ${c.number}: the ruling of Judge ${name(c.judge)} was overruled; ${name(judge)} judges the question anew.`,
              `case ${c.number}`,
            );
      }
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
  { describe: "Consent to the next turn beginning after a Judgment", input: t.object({ case: t.integer() }), when: consentRefused },
  (input, { actor }) => {
    const c = open(input.case);
    if (c.status !== "ruled") game.refuse(`the Judge of case ${c.number} has not ruled yet; consent follows a ruling`);
    if (c.consents.includes(actor)) game.refuse(`you have already consented on case ${c.number}`);
    const next = nextPlayer();
    if (actor === next) game.refuse("the next player's consent does not count: a majority of the other players must consent");
    const consents = [...c.consents, actor];
    const others = game.players().filter((p) => p.id !== next).length;
    if (consents.length * 2 > others) {
      save({ ...c, consents, status: "settled", settledTurn: turn.get().number });
      game.post(`A majority consents; case ${c.number} is settled (${c.verdict}). The ruling may still be overruled until the next turn begins.`);
      for (const rule of c.rules ?? []) {
        if (game.rules.get(rule))
          game.rules.annotate(
            rule,
            `Case ${c.number} (Judge ${name(c.judge)}): ${c.question} Ruled ${c.verdict}: ${c.reasoning ?? ""}`.trim(),
            `case ${c.number}`,
          );
      }
      game.emit("judgment.settled", { case: c.number, verdict: c.verdict, mover: c.mover });
      if (!blocked()) game.emit("turn.unblocked", { by: c.number });
    } else {
      save({ ...c, consents });
    }
  },
);

function nextPlayer(): string | undefined {
  const o = order();
  const mover = turn.get().player;
  return mover ? o[(o.indexOf(mover) + 1) % o.length] : undefined;
}
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
const overrulable = () => all().filter((c) => c.status === "ruled" || (c.status === "settled" && !c.final && c.settledTurn === turn.get().number));
/** Who may still consent on a ruled case: the other players than the next, who have not. */
const mayConsent = (c: Case, actor: string) => c.status === "ruled" && actor !== nextPlayer() && !c.consents.includes(actor);
function overruleRefused({ actor }: ActionContext): string | undefined {
  const can = overrulable();
  if (can.some((c) => c.judge !== actor && !c.overrulers.includes(actor))) return undefined;
  const c = can[0];
  if (c) return actor === c.judge ? "the Judge cannot overrule their own Judgment" : `you have already voted to overrule case ${c.number}`;
  const last = all().pop();
  if (!last) return "there is no ruling to overrule";
  return last.status === "awaiting ruling"
    ? `the Judge of case ${last.number} has not ruled yet`
    : `case ${last.number} is settled and the next turn has begun; it can no longer be overruled`;
}
function consentRefused({ actor }: ActionContext): string | undefined {
  const ruled = all().filter((c) => c.status === "ruled");
  if (!ruled.length) return "no ruling awaits consent";
  if (actor === nextPlayer()) return "the next player's consent does not count: a majority of the other players must consent";
  return ruled.some((c) => mayConsent(c, actor)) ? undefined : `you have already consented on case ${ruled[0]!.number}`;
}

// The Judge of each case rules; then the other players' consent lets the next turn begin.
answer("play.awaits", () => [
  ...awaitingRuling().map((c) => ({ player: c.judge, does: `rule on case ${c.number}`, action: "judge" })),
  ...all().flatMap((c) =>
    game
      .players()
      .filter((p) => mayConsent(c, p.id))
      .map((p) => ({ player: p.id, does: `consent to the ruling on case ${c.number}, if you accept it`, action: "consent" })),
  ),
]);

// The next turn has begun: the rulings settled before it can no longer be overruled.
on("turn.began", () => {
  for (const c of Object.values(cases.all())) {
    if (c.status !== "settled" || c.final || c.settledTurn === turn.get().number) continue;
    save({ ...c, final: true });
    game.emit("judgment.final", { case: c.number, verdict: c.verdict, mover: c.mover });
  }
});

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
