// Rule 211: the End State. A player declares winners; a server moderator other than the claimant
// seconds the claim; the game enters an End State: rules outside the Initial Set are not in
// effect, Judgment on the claim is invoked by the claimant, turns do not end, and the game ends
// at the first turn end at least 168 hours after the End State began. The Judge may end it as
// erroneously declared, or say who the winners are.
//
// Readings taken where the text is open:
// - "Mechanics outlined in the Initial Set" are the rules numbered 101-116 and 201-213, in their
//   current form (amended or not); every other rule is not in effect ("rule.in-effect"). The
//   engine lets a rule suspend only rules after it in precedence, so an immutable rule numbered
//   outside the set would stay in effect.
// - A claim waits for a second until it is seconded or its claimant withdraws it; several may wait.
//   The second is an action of a moderator (a participant, player or not).
// - "A turn would normally end" at each scheduled boundary (00:00 UTC Mon/Thu/Sat): Rule 202 asks
//   "turn.may-end" and this rule answers false during an End State; this rule ends the game itself
//   at the first boundary at least 168 hours after the End State began.
// - The game ends with the claimed winners unless the Judge named others ("confirm-winners",
//   possibly nobody). A Judge disbarred after naming them has their naming undone (Rule 209
//   invalidates their Judgments); an End State ended as erroneous stays ended (mechanics resumed
//   cannot be un-resumed; the claim may be made again).

interface EndState {
  claimant: PlayerId;
  winners: PlayerId[];
  claimed: PlayerId[];
  secondedBy: PersonId;
  since: number;
  namedBy: PlayerId | null;
  timer: string;
}
interface Claim {
  claimant: PlayerId;
  winners: PlayerId[];
  at: number;
}

const hour = 3_600_000;
const initialSet = (n: number) => (n >= 101 && n <= 116) || (n >= 201 && n <= 213);
const endState = gameState<EndState | null>("endState", {
  initial: null,
  describe: "A seconded claim of victory being adjudicated (Rule 211)",
  display: {
    label: "End State",
    text: ["End State since {since}: {winners} claimed by {claimant}, seconded by {secondedBy}", "No End State"],
    formats: { since: "time", winners: "players", claimant: "player", secondedBy: "player" },
  },
});
const claims = gameState<Claim[]>("winClaims", {
  initial: [],
  describe: "Declarations of winners awaiting a moderator's second (Rule 211)",
  display: {
    label: "Claims of victory",
    as: "list",
    item: "{winners}, declared by {claimant} at {at}",
    formats: { winners: "players", claimant: "player", at: "time" },
    empty: "No claim awaits a second",
  },
});
const moderators = gameState<PersonId[]>("moderators", { initial: [] });
const judgment = gameState<{ term: { judge: PlayerId | null } | null }>("judgment", { initial: { term: null } });

const name = (id: PersonId) => game.player(id)?.name ?? game.participants().find((p) => p.id === id)?.name ?? id;
const names = (ids: readonly PersonId[]) => (ids.length ? ids.map((id) => name(id)).join(", ") : "nobody");
const isJudge = ({ actor }: ActionContext) =>
  !endState.get() ? "there is no End State" : judgment.get().term?.judge === actor ? undefined : "only the incumbent Judge does this";

/** The first turn boundary (00:00 UTC Monday, Thursday or Saturday) at or after `at`. */
function boundaryFrom(at: number): number {
  const weekdays = ["monday", "thursday", "saturday"] as const;
  return Math.min(...weekdays.map((weekday) => game.calendar.next({ weekday, time: "00:00", zone: "UTC", after: at - 1 })));
}

action(
  "declare-winners",
  {
    describe: "Declare one or more winners of the game; a server moderator other than you must second it",
    input: t.object({ winners: t.array(t.player(), { minItems: 1, describe: "The winners" }) }),
    when: () => (endState.get() ? "the game is in an End State already" : undefined),
  },
  (input, { actor }) => {
    const winners = [...new Set(input.winners)];
    claims.set([...claims.get().filter((c) => c.claimant !== actor), { claimant: actor, winners, at: game.now() }]);
    game.post(`${name(actor)} declares the winners: ${names(winners)}. A server moderator may second the claim (Rule 211).`);
  },
);

const noClaim = "you have no declaration awaiting a second";
action(
  "withdraw-claim",
  {
    describe: "Withdraw your declaration of winners before it is seconded",
    input: t.object({}),
    when: ({ actor }) => (claims.get().some((c) => c.claimant === actor) ? undefined : noClaim),
  },
  (_input, { actor }) => {
    if (!claims.get().some((c) => c.claimant === actor)) game.refuse(noClaim);
    claims.set(claims.get().filter((c) => c.claimant !== actor));
    game.post(`${name(actor)} withdraws their declaration of winners.`);
  },
);

action(
  "second-claim",
  {
    describe: "As a server moderator, second a player's declaration of winners: the game enters an End State",
    input: t.object({ claimant: t.player({ describe: "Who declared the winners" }) }),
    participants: true,
    when: ({ actor }) =>
      endState.get()
        ? "the game is in an End State already"
        : !moderators.get().includes(actor)
          ? "only a server moderator seconds a claim of victory"
          : claims.get().length
            ? undefined
            : "no declaration of winners awaits a second",
  },
  (input, { actor }) => {
    const claim = claims.get().find((c) => c.claimant === input.claimant) ?? game.refuse(`${name(input.claimant)} has no declaration awaiting a second`);
    if (claim.claimant === actor) game.refuse("a server moderator cannot second their own declaration");
    const since = game.now();
    const timer = game.schedule("end", { at: boundaryFrom(since + 168 * hour) });
    endState.set({ claimant: claim.claimant, winners: claim.winners, claimed: claim.winners, secondedBy: actor, since, namedBy: null, timer });
    claims.set([]);
    game.post(`${name(actor)} seconds ${name(claim.claimant)}'s claim that ${names(claim.winners)} won: the game enters an End State (Rule 211).`);
    game.emit("judgment.invoke", { by: claim.claimant, question: `Is the claim of victory of ${names(claim.winners)} sound? (End State, Rule 211)` });
  },
);

action(
  "end-state-erroneous",
  { describe: "As the Judge, declare the End State erroneously declared: it ends and suspended mechanics resume", input: t.object({}), when: isJudge },
  (_input, { actor }) => {
    const state = endState.get() ?? game.refuse("there is no End State");
    game.cancel(state.timer);
    endState.set(null);
    game.post(`Judge ${name(actor)} declares the End State erroneously declared: it ends, and the suspended mechanics resume (Rule 211).`);
    game.emit("judgment.ruled", { judge: actor, verdict: "the End State was erroneously declared" });
  },
);

action(
  "confirm-winners",
  {
    describe: "As the Judge, name the game's winners (or nobody) for the end of the End State",
    input: t.object({ winners: t.array(t.player(), { describe: "The winners (none: nobody wins)" }) }),
    when: isJudge,
  },
  (input, { actor }) => {
    const state = endState.get() ?? game.refuse("there is no End State");
    const winners = [...new Set(input.winners)];
    endState.set({ ...state, winners, namedBy: actor });
    game.post(`Judge ${name(actor)} rules that the winners are ${names(winners)} (Rule 211).`);
    game.emit("judgment.ruled", { judge: actor, verdict: `the winners are ${names(winners)}` });
  },
);

on("judge.disbarred", (e: GameEvent<{ judge: PlayerId }>) => {
  const state = endState.get();
  if (state?.namedBy !== e.data.judge) return;
  endState.set({ ...state, winners: state.claimed, namedBy: null });
  game.post(`The disbarred Judge's naming of the winners is invalid: the claimed winners stand, ${names(state.claimed)} (Rule 211).`);
});

on("timer:end", () => {
  const state = endState.get();
  if (!state) return;
  const winners = state.winners.filter((p) => game.player(p));
  game.end({ winners, reason: `the End State lasted 168 hours; the winners are ${names(winners)} (Rule 211)` });
});

answer("turn.may-end", () => (endState.get() ? false : undefined));

answer("rule.in-effect", (q: RuleInEffectQuestion) =>
  endState.get() && !initialSet(q.rule) ? "the End State suspends every mechanic outside the Initial Set" : undefined,
);
