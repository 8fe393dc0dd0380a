// Rule 324: a player's turn has five phases.
//  1. Purchase: the mover announces how many extra rule-changes e buys, at 50 Groks each
//     (`purchase`, even of none).
//  2. Proposal: e proposes one rule-change plus those bought (`propose`): of eir own, or
//     exactly that many suggestions of other Players, word for word (taken from the list,
//     so they cannot differ). Using suggestions removes them from the list, pays the
//     proponent 100 Groks plus 25 for each change beyond the first, and each suggester 25.
//     Each change has its own number (Rule 329); the proposal is "Proposal x" or
//     "Proposal x - y". Whether a discussion comes first is Rule 335's question.
//  3. Voting: Rule 104 enacts the adopted changes in order; each discarded one costs the
//     proponent 5 points, and e scores (highest number - 291) x the fraction of favourable
//     votes (bought votes included, Rule 311), rounded to the nearest integer as in
//     Suber's Rule 202, from which this rule grew.
//  4. Movement: the mover may `move` from (x1,y1) to (x2,y2) for |(10-y1)(10-y2)| + 10
//     Groks, paid to the Player(s) at the greatest y (before the move; split evenly,
//     fractions dropped), if |y1-y2| < max(2, n Players), the files are adjacent on the
//     cylinder, neither row is 10, and e has the Groks; or `stay`. Condition (ii)'s
//     formula, |x1-x2| mod m < 2, read literally forbids the move from file 0 to file m-1
//     that its own comment allows; the comment states the intent (Rule 306 lets comments
//     clarify it), so files are adjacent when they are at most 1 apart around the cylinder.
//  5. Consequences: the rule's list of consequences is empty, as published, so no move has
//     any; the phase passes at once, saying so.
// The turn then ends, once every rule that must see something done first is satisfied
// ("turn.incomplete": Rule 328's poem lines).

type Change = { kind: string; rule?: number; [key: string]: unknown };
type PhaseName = "purchase" | "proposal" | "discussion" | "voting" | "movement" | "consequences" | "end";
interface Phase {
  turn: number;
  player: string | null;
  name: PhaseName;
  extra: number;
  proposal: number | null;
  since: number;
}
interface Turn {
  player: string | null;
  number: number;
}
type Square = { x: number; y: number };
interface Suggestion {
  player: string;
  change: Change;
}
interface Proposal {
  number: number;
  numbers: number[];
  label: string;
  proposer: string;
  changes: Change[];
  suggesters: string[] | null;
  votes: { [player: string]: string };
  extra: { [player: string]: string };
  status: string;
  reason: string | null;
  decidedBy: number | null;
  method: string | null;
  openedAt: number;
  votingOpenedAt: number | null;
  discussionEnds: number | null;
  closedAt: number | null;
  outcomes: Json[];
}

const phase = gameState<Phase>("phase", {
  initial: { turn: 0, player: null, name: "purchase", extra: 0, proposal: null, since: 0 },
  describe: "The phase of the turn (Rule 324): purchase, proposal, discussion, voting, movement, consequences, end",
  display: {
    label: "Phase",
    text: [
      "{player}: {name} phase, since {since}, on Proposal {proposal}",
      "{player}: {name} phase, since {since}",
      "Play has not begun: the start action begins it",
    ],
    formats: { name: "text", since: "time", proposal: "number" },
  },
});
const turn = gameState<Turn>("turn", { initial: { player: null, number: 0 } });
const proposals = recordState<Proposal>("proposals");
const suggestions = recordState<Suggestion>("suggestions", {
  display: {
    label: "Suggestions",
    as: "list",
    empty: "No suggestions",
    item: ["{player} suggests: {change.kind} {change.rule}", "{player} suggests: {change.kind} a new rule, “{change.text}”", "{player} suggests a rule-change"],
    formats: { "change.kind": "text", "change.rule": "rule", "change.text": "text" },
  },
});
const groks = playerState("groks", { initial: 0 });
const points = playerState("points", { initial: 0, display: { label: "Points" } });
const position = playerState<Square | null>("position", { initial: null });

const change = t.oneOf([
  t.object(
    { kind: t.enum(["enact"]), text: t.string({ minLength: 1, maxLength: 20000 }), title: t.string({ maxLength: 200 }), code: t.code() },
    { optional: ["title", "code"], describe: "Enact a new mutable rule" },
  ),
  t.object({ kind: t.enum(["repeal"]), rule: t.rule() }, { describe: "Repeal a mutable rule" }),
  t.object(
    { kind: t.enum(["amend"]), rule: t.rule(), text: t.string({ minLength: 1, maxLength: 20000 }), title: t.string({ maxLength: 200 }), code: t.code() },
    { optional: ["text", "title", "code"], describe: "Amend a mutable rule's text, title or code" },
  ),
  t.object({ kind: t.enum(["transmute"]), rule: t.rule() }, { describe: "Transmute a rule: immutable to mutable or back" }),
]);

const name = (id: string) => game.player(id)?.name ?? id;
const players = () => game.ask<string[]>("players")?.value ?? game.players().map((p) => p.id);
const titles: Record<PhaseName, string> = {
  purchase: "Purchase",
  proposal: "Proposal",
  discussion: "Proposal (discussion)",
  voting: "Voting",
  movement: "Movement",
  consequences: "Consequences",
  end: "end of the",
};

function enter(name: PhaseName, extra: Partial<Phase> = {}): void {
  phase.set({ ...phase.get(), ...extra, name, since: game.now() });
  const p = phase.get();
  if (p.player && (name === "purchase" || name === "proposal" || name === "movement" || name === "end"))
    game.emit("communication.required", { player: p.player });
}

/** Why `actor` may not take an action of phase `want` now, if e may not. */
function outOfPhase(actor: string, want: PhaseName): string | undefined {
  const t = turn.get();
  if (t.player === null) return "play has not begun: a player must take the start action first";
  if (t.player !== actor) return `it is not your turn: it is ${name(t.player)}'s turn`;
  const now = phase.get().name;
  return now === want ? undefined : `that belongs to the ${titles[want]} phase, and your turn is in the ${titles[now]} phase`;
}
forbid("purchase", (_i, { actor }) => outOfPhase(actor, "purchase"));
forbid("propose", (_i, { actor }) => outOfPhase(actor, "proposal"));
forbid("move", (_i, { actor }) => outOfPhase(actor, "movement"));
forbid("stay", (_i, { actor }) => outOfPhase(actor, "movement"));

on("turn.began", (event) => {
  phase.set({ turn: event.data.number, player: event.data.player, name: "purchase", extra: 0, proposal: null, since: game.now() });
  game.emit("communication.required", { player: event.data.player });
});

// ---- 1. Purchase
action(
  "purchase",
  {
    describe: "Purchase phase: announce how many extra rule-changes you buy this turn, at 50 Groks each (0 for none)",
    input: t.object({ extra: t.integer({ minimum: 0, maximum: 20, describe: "Extra rule-changes to buy" }) }),
  },
  (input, { actor }) => {
    const cost = 50 * input.extra;
    if (groks.get(actor) < cost) game.refuse(`${input.extra} extra rule-change(s) cost ${cost} Groks; you have ${groks.get(actor)}`);
    if (cost) groks.set(actor, groks.get(actor) - cost);
    game.post(
      input.extra
        ? `${name(actor)} buys ${input.extra} extra rule-change(s) for ${cost} Groks: e will propose ${input.extra + 1}.`
        : `${name(actor)} buys no extra rule-changes: e will propose one.`,
    );
    enter("proposal", { extra: input.extra });
  },
);

// ---- 2. Proposal
action(
  "propose",
  {
    describe: "Proposal phase: propose your rule-changes (one, plus those you bought), either your own or, instead, other Players' suggestions from the list",
    input: t.object(
      {
        changes: t.array(change, { minItems: 1, maxItems: 21, describe: "Your own rule-changes, in order" }),
        suggestions: t.array(t.player(), { minItems: 1, maxItems: 21, describe: "Or: the Players whose suggestions you propose, in order" }),
      },
      { optional: ["changes", "suggestions"] },
    ),
    changesRules: true,
  },
  (input, { actor }) => {
    const wanted = phase.get().extra + 1;
    if ((input.changes === undefined) === (input.suggestions === undefined))
      game.refuse("propose either your own changes or suggestions from the list, not both and not neither");
    let changes: Change[];
    let suggesters: string[] | null = null;
    if (input.suggestions) {
      suggesters = input.suggestions;
      if (new Set(suggesters).size !== suggesters.length) game.refuse("each suggestion can be used once");
      if (suggesters.includes(actor)) game.refuse("you may not use your own suggestion");
      const available = suggestions.keys().filter((k) => k !== actor).length;
      if (available < wanted) game.refuse(`you arranged for ${wanted} rule-change(s), but the list holds only ${available} suggestion(s) other than yours`);
      if (suggesters.length !== wanted) game.refuse(`you arranged for ${wanted} rule-change(s) in the Purchase phase: use exactly ${wanted} suggestion(s)`);
      changes = suggesters.map((s) => {
        const found = suggestions.get(s);
        if (!found) game.refuse(`${name(s)} has no suggestion on the list`);
        return found.change;
      });
    } else {
      changes = input.changes as Change[];
      if (changes.length !== wanted) game.refuse(`you arranged for ${wanted} rule-change(s) in the Purchase phase: propose exactly ${wanted}`);
    }
    changes.forEach((c, i) => {
      const objection = game.askAll<string>("rule-change.invalid", { change: c, proposer: actor, earlier: changes.slice(0, i) })[0];
      if (objection) game.refuse(`rule-change ${i + 1}: ${objection.value}`, objection.rule);
    });
    const first = game.ask<number>("proposal.number")?.value;
    if (typeof first !== "number") game.refuse("no rule gives rule-changes their numbers, so nothing can be proposed");
    const numbers = changes.map((_c, i) => first + i);
    const label = numbers.length === 1 ? `Proposal ${first}` : `Proposal ${first} - ${numbers[numbers.length - 1]}`;
    const hours = game.ask<number>("discussion.period", { fromSuggestions: suggesters !== null })?.value ?? 0;
    const discussing = hours > 0;
    proposals.set(first, {
      number: first,
      numbers,
      label,
      proposer: actor,
      changes,
      suggesters,
      votes: {},
      extra: {},
      status: discussing ? "discussion" : "voting",
      reason: null,
      decidedBy: null,
      method: null,
      openedAt: game.now(),
      votingOpenedAt: discussing ? null : game.now(),
      discussionEnds: discussing ? game.now() + hours * 3_600_000 : null,
      closedAt: null,
      outcomes: [],
    });
    game.post(`${name(actor)} proposes ${label}${suggesters ? ` from the suggestions of ${suggesters.map((id) => name(id)).join(", ")}` : ""}.`);
    if (suggesters) paySuggestions(actor, suggesters);
    game.emit("proposal.opened", { number: first, proposer: actor });
    if (discussing) {
      enter("discussion", { proposal: first });
      game.emit("discussion.opened", { proposal: first, hours });
    } else {
      enter("voting", { proposal: first });
      game.emit("voting.opened", { proposal: first });
    }
  },
);

function paySuggestions(proponent: string, suggesters: string[]): void {
  const reward = 100 + 25 * (suggesters.length - 1);
  groks.set(proponent, groks.get(proponent) + reward);
  for (const s of suggesters) {
    suggestions.delete(s);
    groks.set(s, groks.get(s) + 25);
  }
  game.post(
    `${name(proponent)} gains ${reward} Groks for using the list; ${suggesters.map((id) => name(id)).join(", ")} ${suggesters.length === 1 ? "gains 25 Groks" : "gain 25 Groks each"}.`,
  );
}

on("voting.opened", (event) => {
  if (phase.get().proposal === event.data.proposal) enter("voting");
});

// ---- 3. Voting: what the vote earns
on("rule-change.discarded", (event) => {
  const proposer: string = event.data.proposer;
  if (!game.player(proposer)) return;
  const total = points.get(proposer) - 5;
  points.set(proposer, total);
  game.emit("points.changed", { player: proposer, change: -5, total, reason: `rule-change ${event.data.number} was discarded` });
});

on("proposal.closed", (event) => {
  const p = proposals.get(event.data.number);
  if (!p) return;
  const ballots = [...Object.values(p.votes), ...Object.values(p.extra ?? {})];
  const favourable = ballots.length ? ballots.filter((v) => v === "for").length / ballots.length : 0;
  const highest = Math.max(...p.numbers);
  const score = Math.round((highest - 291) * favourable);
  if (game.player(p.proposer)) {
    const total = points.get(p.proposer) + score;
    points.set(p.proposer, total);
    game.post(
      `${name(p.proposer)} scores ${score} for ${p.label} ((${highest} - 291) x ${ballots.filter((v) => v === "for").length}/${ballots.length}), and has ${total} points.`,
    );
    game.emit("points.changed", { player: p.proposer, change: score, total, reason: p.label });
  }
  if (phase.get().proposal === p.number && turn.get().player === p.proposer) enter("movement");
});

// ---- 4. Movement
action(
  "move",
  {
    describe: "Movement phase: move your piece to another square, paying |(10 - y1)(10 - y2)| + 10 Groks to the Player(s) highest on the board",
    input: t.object(
      {
        x: t.integer({ minimum: 0, describe: "The file to move to" }),
        y: t.integer({ describe: "The row to move to" }),
        cost: t.integer({ minimum: 0, describe: "The total cost you announce (checked)" }),
      },
      { optional: ["cost"] },
    ),
  },
  (input, { actor }) => {
    const from = position.get(actor);
    if (!from) game.refuse("you have no square on the board");
    const to = { x: input.x, y: input.y };
    const files = game.ask<number>("board.files")?.value ?? 0;
    const n = players().length;
    const cost = Math.abs((10 - from.y) * (10 - to.y)) + 10;
    const dx = Math.abs(from.x - to.x) % files;
    const problems = [
      to.x >= files ? `there is no file ${to.x}: the files are 0 to ${files - 1}` : null,
      to.x === from.x && to.y === from.y ? "that is your own square; to stay, take the stay action" : null,
      Math.abs(from.y - to.y) < Math.max(2, n) ? null : `(i) a move may change rows by less than max(2, ${n}) = ${Math.max(2, n)}`,
      Math.min(dx, files - dx) < 2 ? null : `(ii) files ${from.x} and ${to.x} are not adjacent (the board wraps from file ${files - 1} to 0)`,
      from.y === 10 ? "(iii) no move may start in row 10" : null,
      to.y === 10 ? "(iv) no move may end in row 10" : null,
      groks.get(actor) >= cost ? null : `(v) the move costs ${cost} Groks and you have ${groks.get(actor)}`,
      input.cost !== undefined && input.cost !== cost ? `you announced a cost of ${input.cost} Groks, but the move costs ${cost}` : null,
    ].filter((p): p is string => p !== null);
    if (problems.length)
      game.refuse(`you cannot move from (${from.x},${from.y}) to (${to.x},${to.y}): ${problems.join("; ")}. You do not move and lose no Groks`);
    groks.set(actor, groks.get(actor) - cost);
    const placed = players().filter((id) => position.get(id) !== null);
    const top = Math.max(...placed.map((id) => position.get(id)!.y));
    const highest = placed.filter((id) => position.get(id)!.y === top);
    const share = Math.floor(cost / highest.length);
    for (const id of highest) groks.set(id, groks.get(id) + share);
    position.set(actor, to);
    game.post(
      `${name(actor)} moves from (${from.x},${from.y}) to (${to.x},${to.y}) for ${cost} Groks, paid to ${highest.map((id) => name(id)).join(", ")}${highest.length > 1 ? ` (${share} each)` : ""}.`,
    );
    game.emit("piece.moved", { player: actor, from, to, cost });
    consequences(true);
  },
);

action("stay", { describe: "Movement phase: choose not to move this turn", input: t.object({}) }, (_input, { actor }) => {
  game.post(`${name(actor)} does not move.`);
  consequences(false);
});

// ---- 5. Consequences, then the end of the turn
function consequences(moved: boolean): void {
  enter("consequences");
  if (moved) game.post("Consequences phase: Rule 324's list of consequences is empty, so the move has none.");
  enter("end");
  finish();
}

function finish(): void {
  const p = phase.get();
  if (p.name !== "end" || !p.player || turn.get().player !== p.player) return;
  const missing = game.ask<string>("turn.incomplete", { player: p.player });
  if (missing) {
    game.post(`${name(p.player)}'s turn cannot end yet: ${missing.value} (Rule ${missing.rule}).`);
    return;
  }
  game.emit("turn.ended", { player: p.player, proposal: p.proposal });
}
on("turn.requirement-met", () => finish());

// What the mover owes, and since when (Rule 303 makes a Reyalp of a mover silent for 72 hours).
answer("communication.required", () => {
  const p = phase.get();
  if (!p.player || turn.get().player !== p.player) return undefined;
  const what: Partial<Record<PhaseName, string>> = {
    purchase: "the announcement of eir purchases",
    proposal: "eir proposal",
    movement: "eir move (or the choice not to move)",
    end: "the rest of eir turn",
  };
  const owed = what[p.name];
  return owed ? [{ player: p.player, what: owed, since: p.since }] : undefined;
});

// What the mover's phase awaits of em; the discussion and the vote are Rules 335 and 105's to say.
answer("play.awaits", () => {
  const p = phase.get();
  if (!p.player || turn.get().player !== p.player) return [];
  const wanted = p.extra + 1;
  const does: Partial<Record<PhaseName, [string, string]>> = {
    purchase: ["announce how many extra rule-changes you buy (50 Groks each), or none", "purchase"],
    proposal: [wanted === 1 ? "propose a rule-change" : `propose ${wanted} rule-changes`, "propose"],
    movement: ["move your piece on the board, or stay", "move"],
  };
  const owed = does[p.name];
  return owed ? [{ player: p.player, does: owed[0], action: owed[1] }] : [];
});

// The squares the mover may move to now, and what each costs, for the board on eir page:
// the conditions (i) to (iv) of the move above; those e cannot pay for are marked so.
answer("board.moves", ({ player }: { player: string }) => {
  const p = phase.get();
  const from = position.get(player);
  const files = game.ask<number>("board.files")?.value ?? 0;
  if (p.name !== "movement" || p.player !== player || turn.get().player !== player || !from || from.y === 10 || files < 1) return [];
  const reach = Math.max(2, players().length) - 1;
  const have = groks.get(player);
  const moves: BoardMove[] = [];
  for (let y = from.y - reach; y <= from.y + reach; y++) {
    if (y === 10) continue;
    const cost = Math.abs((10 - from.y) * (10 - y)) + 10;
    for (const x of new Set([from.x - 1, from.x, from.x + 1].map((f) => ((f % files) + files) % files))) {
      if (x === from.x && y === from.y) continue;
      const affordable = have >= cost;
      const note = affordable ? `costs ${cost} Groks` : `costs ${cost} Groks; you have ${have}`;
      moves.push({ x, y, action: "move", input: { x, y }, note, affordable });
    }
  }
  return moves;
});

// This rule says what a turn is, and so when one ends (Rule 201 hears "turn.ended" from it alone).
answer("turn.defined", () => true);
