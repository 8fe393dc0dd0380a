// Rule 209: Judgment. A player invokes Judgment on a question; a term starts if none is current
// and a Judge is drawn at random from the eligible players (criteria dropped in reverse order
// while none is eligible). The Judge acknowledges within 24 hours, rules, may recuse or resign;
// disbarment invalidates their Judgments of the term and another Judge is drawn.
//
// Readings taken where the text is open:
// - Each invocation is a case (record "cases"); the incumbent Judge rules on it ("rule-on").
//   Cases still open when a term ends lapse: a player may invoke Judgment again.
// - The term starts in turn `term.turn` (0 before the first turn) and ends at the end of the
//   next turn ("turn.ended" with a higher number); an End State holds turns, so it holds terms.
// - "Voted on a proposed rule-change during the previous or current turn": cast a vote on a
//   proposal's vote (ids "proposal-<n>", heard as "vote.changed") during that turn, even if
//   later withdrawn.
// - Acknowledgment is "acknowledge-judgeship"; a ruling ("judgment.ruled") acknowledges too. A Judge drawn after
//   a disbarment has 24 hours from being drawn. Missing it disbars (no Rule 205 inactivity).
// - Disbarment by players: any active player opens a vote (voters: active players); it passes
//   when those for reach 3/4 of all active players, and closes when the Judge leaves office.
//   By moderators: a moderator moves it as a moderators' motion (Rule 113 counts the majority
//   of all moderators), saying how the Judge's Judgment egregiously conflicts with the rules:
//   the moderators' reading, recorded in the motion; passing it is their call that it does.
// - A Judge who leaves the game is replaced as on recusal, but their Judgments stand.
// - Other rules invoke Judgment by emitting "judgment.invoke" { by, question } (Rule 211).

interface Term {
  judge: PlayerId | null;
  invoker: PlayerId;
  since: number;
  turn: number;
  acknowledged: boolean;
  served: PlayerId[];
  disbarred: PlayerId[];
}
interface Case {
  number: number;
  question: string;
  caller: PlayerId;
  judge: PlayerId | null;
  status: "awaiting ruling" | "ruled" | "lapsed";
  verdict: string | null;
  reasoning: string | null;
  term: number;
  ruledBy: PlayerId | null;
  invalidated: string[];
}
interface Vote {
  title: string;
  open: boolean;
  tally: { [person: string]: "for" | "against" };
}
/** Bookkeeping players need not read: the term's number, the timer, who voted in which turn, the open disbarment votes. */
interface Books {
  terms: number;
  ackTimer: string | null;
  votedIn: { [turn: string]: PlayerId[] };
  disbarVotes: string[];
}

const hour = 3_600_000;
const judgment = gameState<{ term: Term | null }>("judgment", {
  initial: { term: null },
  describe: "The Judge's term (Rule 209)",
  display: {
    label: "Judgment",
    text: ["Judge: {term.judge} (since {term.since})", "No Judge's term is running"],
    formats: { "term.judge": "player", "term.since": "time" },
  },
});
const books = gameState<Books>("judgmentBooks", { initial: { terms: 0, ackTimer: null, votedIn: {}, disbarVotes: [] }, visibility: "hidden" });
const optIn = playerState("judgeOptIn", { initial: false, describe: "Opted into being drawn as Judge (Rule 209)", display: { label: "Judge opt-in" } });
const cases = recordState<Case>("cases", {
  describe: "Questions on which Judgment was invoked (Rule 209)",
  record: { kind: "case", open: { field: "status", in: ["awaiting ruling"] }, citedAs: "case" },
  display: {
    label: "Judgments",
    as: "table",
    columns: [
      { field: "number", label: "Case" },
      { field: "question" },
      { field: "caller", label: "Invoked by", format: "player" },
      { field: "judge", format: "player" },
      { field: "status" },
      { field: "verdict" },
    ],
    empty: "Judgment has not been invoked",
  },
});
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const turn = gameState<{ number: number } | null>("turn", { initial: null });
const votes = gameState<{ [id: string]: Vote }>("votes", { initial: {} });
const moderators = gameState<PersonId[]>("moderators", { initial: [] });
const proposals = recordState<{ judicial?: boolean; author: PlayerId | null; stage: string; status: string; reason: string | null }>("proposals");

const name = (id: PersonId) => game.player(id)?.name ?? game.participants().find((p) => p.id === id)?.name ?? id;
const term = () => judgment.get().term;
const setTerm = (next: Term | null) => judgment.set({ term: next });
const turnNow = () => turn.get()?.number ?? 0;
const active = (id: PlayerId) => game.player(id) !== undefined && status.get(id) === "active";

const criteria: { says: string; holds: (p: PlayerId, t: Term) => boolean }[] = [
  { says: "did not invoke the Judgment that began the term", holds: (p, t) => p !== t.invoker },
  { says: "has not been Judge this term", holds: (p, t) => !t.served.includes(p) },
  { says: "opted into being Judge", holds: (p) => optIn.get(p) },
  { says: "is active", holds: (p) => active(p) },
  { says: "voted on a proposal in the previous or current turn", holds: (p) => votedLately(p) },
];

function votedLately(p: PlayerId): boolean {
  const n = turnNow();
  const lately = books.get().votedIn;
  return [n, n - 1].some((k) => lately[k]?.includes(p));
}

/** Draws a Judge for the term, ignoring the criteria from the last while no one meets them. */
function draw(t: Term, why: string): void {
  const players = game.players().map((p) => p.id);
  let kept = criteria.length;
  let eligible = players.filter((p) => criteria.every((c) => c.holds(p, t)));
  while (!eligible.length && kept > 0) {
    kept--;
    eligible = players.filter((p) => criteria.slice(0, kept).every((c) => c.holds(p, t)));
  }
  const judge = eligible.length ? game.random.pick(eligible) : null;
  const b = books.get();
  if (b.ackTimer) game.cancel(b.ackTimer);
  const ackTimer = judge ? game.schedule("acknowledge", { after: 24 * hour }, { judge }) : null;
  books.set({ ...b, ackTimer });
  setTerm({ ...t, judge, acknowledged: false, served: judge ? [...t.served, judge] : t.served });
  for (const c of Object.values(cases.all())) if (c.status === "awaiting ruling") cases.set(c.number, { ...c, judge });
  const ignored = criteria.slice(kept).map((c) => c.says);
  const note = ignored.length ? ` (no one met every criterion; ignored: ${ignored.join("; ")})` : "";
  game.post(judge ? `${name(judge)} is drawn at random as Judge${note}, ${why}.` : `No player can be drawn as Judge, ${why}.`);
  if (judge) game.emit("judge.drawn", { judge });
}

function invoke(by: PlayerId, question: string): number {
  const b = books.get();
  const number = Math.max(0, ...cases.keys().map(Number)) + 1;
  let t = term();
  const termNumber = t ? b.terms : b.terms + 1;
  if (!t) books.set({ ...b, terms: termNumber });
  cases.set(number, {
    number,
    question,
    caller: by,
    judge: t?.judge ?? null,
    status: "awaiting ruling",
    verdict: null,
    reasoning: null,
    term: termNumber,
    ruledBy: null,
    invalidated: [],
  });
  game.post(`${name(by)} invokes Judgment (case ${number}): ${question}`);
  if (!t) {
    t = { judge: null, invoker: by, since: game.now(), turn: turnNow(), acknowledged: false, served: [], disbarred: [] };
    setTerm(t);
    draw(t, "for a new term");
  }
  return number;
}

/** Closes the term's open disbarment votes. */
function closeDisbarVotes(): void {
  const b = books.get();
  for (const id of b.disbarVotes) if (votes.get()[id]?.open) game.emit("vote.close", { id });
  books.set({ ...books.get(), disbarVotes: [] });
}

/** The Judge is disbarred: their Judgments of the term are invalid, their pending Judicial Proposal goes, another is drawn. */
function disbar(why: string): void {
  const t = term();
  if (!t?.judge) return;
  const judge = t.judge;
  closeDisbarVotes();
  const termNumber = books.get().terms;
  for (const c of Object.values(cases.all()))
    if (c.term === termNumber && c.ruledBy === judge && c.status === "ruled")
      cases.set(c.number, { ...c, status: "awaiting ruling", verdict: null, reasoning: null, ruledBy: null, invalidated: [...c.invalidated, judge] });
  for (const key of proposals.keys()) {
    const p = proposals.get(key);
    if (p?.judicial && p.author === judge && p.stage === "pending")
      proposals.set(key, { ...p, stage: "removed", status: "removed", reason: "its Judge was disbarred (Rule 210)" });
  }
  const next = { ...t, judge: null, disbarred: [...t.disbarred, judge] };
  setTerm(next);
  game.post(`${name(judge)} is disbarred as Judge: ${why}. Their Judgments of this term are invalid (Rule 209).`);
  game.emit("judge.disbarred", { judge, why });
  draw(next, "for the rest of the term");
}

function endTerm(why: string): void {
  const t = term();
  if (!t) return;
  closeDisbarVotes();
  const b = books.get();
  if (b.ackTimer) game.cancel(b.ackTimer);
  books.set({ ...b, ackTimer: null });
  for (const c of Object.values(cases.all())) if (c.status === "awaiting ruling") cases.set(c.number, { ...c, status: "lapsed" });
  setTerm(null);
  game.post(`The Judge's term ends: ${why} (Rule 209).`);
}

const isJudge = ({ actor }: ActionContext) => (term()?.judge === actor ? undefined : "only the incumbent Judge does this");

action(
  "judge-opt-in",
  { describe: "Opt into (or out of) being drawn as Judge", input: t.object({ optIn: t.boolean({ describe: "Whether you may be drawn as Judge" }) }) },
  (input, { actor }) => {
    optIn.set(actor, input.optIn);
    game.post(`${name(actor)} ${input.optIn ? "opts into" : "opts out of"} being drawn as Judge.`);
  },
);

action(
  "invoke-judgment",
  {
    describe: "Invoke Judgment on a question of a move's legality or a rule's interpretation",
    input: t.object({ question: t.string({ minLength: 1, maxLength: 4000 }) }),
  },
  (input, { actor }) => {
    invoke(actor, input.question.trim());
  },
);

on("judgment.invoke", (e: GameEvent<{ by: PlayerId; question: string }>) => {
  invoke(e.data.by, e.data.question);
});

action(
  "acknowledge-judgeship",
  {
    describe: "Acknowledge publicly your position as Judge (within 24 hours, or be disbarred)",
    input: t.object({}),
    when: (c) => isJudge(c) ?? (term()?.acknowledged ? "you have acknowledged your position already" : undefined),
  },
  (_input, { actor }) => {
    acknowledge(actor);
  },
);

function acknowledge(judge: PlayerId): void {
  const t = term();
  if (!t || t.acknowledged) return;
  const b = books.get();
  if (b.ackTimer) game.cancel(b.ackTimer);
  books.set({ ...b, ackTimer: null });
  setTerm({ ...t, acknowledged: true });
  game.post(`${name(judge)} acknowledges their position as Judge.`);
}

// A ruling another rule hears for the Judge (Rule 211's on an End State) acknowledges the position too.
on("judgment.ruled", (e: GameEvent<{ judge: PlayerId }>) => {
  if (term()?.judge === e.data.judge) acknowledge(e.data.judge);
});

on("timer:acknowledge", (e: GameEvent<{ judge: PlayerId }>) => {
  const t = term();
  books.set({ ...books.get(), ackTimer: null });
  if (t?.judge === e.data.judge && !t.acknowledged) disbar("they did not acknowledge their position within 24 hours");
});

action(
  "rule-on",
  {
    describe: "As the Judge, settle a question on which Judgment was invoked",
    input: t.object(
      {
        case: t.integer({ minimum: 1, describe: "The case" }),
        verdict: t.string({ minLength: 1, maxLength: 2000, describe: "Your Judgment" }),
        reasoning: t.string({ maxLength: 20000, describe: "Why (optional)" }),
      },
      { optional: ["reasoning"] },
    ),
    when: isJudge,
  },
  (input, { actor }) => {
    const c = cases.get(input.case) ?? game.refuse(`there is no case ${input.case}`);
    if (c.status !== "awaiting ruling") game.refuse(`case ${c.number} is not awaiting a ruling (it is ${c.status})`);
    acknowledge(actor);
    cases.set(c.number, { ...c, judge: actor, status: "ruled", verdict: input.verdict.trim(), reasoning: input.reasoning?.trim() || null, ruledBy: actor });
    game.post(`Judge ${name(actor)} rules on case ${c.number}: ${input.verdict.trim()}`);
    game.emit("judgment.ruled", { case: c.number, judge: actor, verdict: input.verdict.trim() });
  },
);

action(
  "recuse",
  { describe: "As the Judge, recuse yourself: you are disbarred and your Judgments of this term are invalid", input: t.object({}), when: isJudge },
  () => disbar("they recused themselves"),
);

action(
  "resign-judgeship",
  { describe: "As the Judge, resign: the term ends early; your Judgments stand", input: t.object({}), when: isJudge },
  (_input, { actor }) => endTerm(`${name(actor)} resigned as Judge`),
);

/** Opens the active players' vote to disbar the Judge, once per Judge. */
action(
  "move-disbarment",
  {
    describe: "Call a vote of all active players to disbar the Judge (three fourths of them must vote for)",
    input: t.object({}),
    when: ({ actor }) => (!active(actor) ? "only an active player may call this vote" : term()?.judge ? undefined : "there is no Judge to disbar"),
  },
  (_input, { actor }) => {
    if (!active(actor)) game.refuse("only an active player may call this vote");
    const judge = term()?.judge ?? game.refuse("there is no Judge to disbar");
    const id = `disbar-${books.get().terms}-${judge}`;
    if (votes.get()[id]?.open) game.refuse("a vote to disbar this Judge runs already");
    const title = `Disbar Judge ${name(judge)} (three fourths of all active players, Rule 209)`;
    books.set({ ...books.get(), disbarVotes: [...books.get().disbarVotes, id] });
    game.emit("vote.open", { id, title, voters: "active-players" });
    game.post(`${name(actor)} calls a vote: ${title}.`);
  },
);

// The moderators decide by the majority Rule 113 counts; their motion names the Judge and term it is about.
action(
  "moderators-disbar",
  {
    describe: "As a moderator, move that the moderators disbar the Judge, saying how their Judgment egregiously conflicts with the rules",
    input: t.object({ conflict: t.string({ minLength: 1, maxLength: 2000, describe: "How the Judgment egregiously conflicts with the rules" }) }),
    participants: true,
    when: ({ actor }) => (!moderators.get().includes(actor) ? "only a server moderator moves this" : term()?.judge ? undefined : "there is no Judge to disbar"),
  },
  (input, { actor }) => {
    const judge = term()?.judge ?? game.refuse("there is no Judge to disbar");
    // The motion's title stays short (it names the vote's channel); the moderators' reading goes in the log and the motion's data.
    const title = `disbar Judge ${name(judge)} (Rule 209)`;
    game.post(`${name(actor)} moves that the server moderators ${title}: their Judgment egregiously conflicts with the rules: ${input.conflict.trim()}`);
    game.emit("moderators.motion", { kind: "disbar-judge", title, data: { judge, term: books.get().terms, conflict: input.conflict.trim() } });
  },
);

on("moderators.decided", (e: GameEvent<{ kind: string; data: { judge?: PlayerId; term?: number } }>) => {
  const { judge, term: about } = e.data.data ?? {};
  if (e.data.kind === "disbar-judge" && judge === term()?.judge && about === books.get().terms)
    disbar("a majority of all server moderators decided that their Judgment egregiously conflicts with the rules");
});

on("vote.changed", (e: GameEvent<{ id: string; person: PersonId; vote: "for" | "against" | null }>) => {
  const { id, person, vote } = e.data;
  if (id.startsWith("proposal-") && vote !== null && game.player(person)) noteVoter(person);
  if (!books.get().disbarVotes.includes(id)) return;
  const tally = votes.get()[id]?.tally ?? {};
  const body = game
    .players()
    .map((p) => p.id)
    .filter(active);
  if (body.filter((p) => tally[p] === "for").length * 4 >= body.length * 3) disbar("three fourths of all active players voted for it");
});

/** Notes that a player voted on a proposal in this turn (kept for this turn and the previous one). */
function noteVoter(person: PlayerId): void {
  const b = books.get();
  const now = String(turnNow());
  const before = String(turnNow() - 1);
  const voted = b.votedIn[now] ?? [];
  if (!voted.includes(person)) books.set({ ...b, votedIn: { [before]: b.votedIn[before] ?? [], [now]: [...voted, person] } });
}

on("turn.ended", (e: GameEvent<{ number: number }>) => {
  const t = term();
  if (t && e.data.number > t.turn) endTerm("the first turn that started during it has ended");
});

on("player.left", (e: GameEvent<{ player: PlayerId }>) => {
  const t = term();
  if (t && t.judge === e.data.player) draw({ ...t, judge: null }, `${name(e.data.player)} having left the game`);
});

answer("play.awaits", () => {
  const t = term();
  if (!t?.judge) return [];
  if (!t.acknowledged) return [{ player: t.judge, does: "acknowledge your position as Judge", action: "acknowledge-judgeship" }];
  return Object.values(cases.all())
    .filter((c) => c.status === "awaiting ruling")
    .map((c) => ({ player: t.judge as string, does: `rule on case ${c.number}`, action: "rule-on" }));
});
