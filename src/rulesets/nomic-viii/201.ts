// Rule 201: the Proposal Queue and the Deck.
//
// Readings taken:
// - "Create a proposal" is the action `propose`, open to active players; a player's second
//   proposal in the Queue removes the first (stage "removed"). `withdraw-proposal` removes
//   one's own without replacement. Neither is possible for a proposal no longer in the Queue.
// - Endorsing and unendorsing (`endorse`, `unendorse`) are open to active players, for
//   proposals in the Queue only; the author endorses their own from its creation ("by default")
//   and may unendorse it like anyone.
// - The Queue's order counts endorsers who are active players now (an endorser who becomes
//   inactive or leaves stops counting, and counts again if active again); ties go to the older
//   proposal (creation time, then creation order). Rule 202 asks this rule for the top
//   ("proposal-queue.order").
// - On the Deck, the author (and no one else; a proposal without author, no one) may change
//   its rule-change (`edit-proposal`) until it is put to vote (Rule 202).
// - A rule-change that is no rule-change (Rule 103: repealing an immutable rule, modifying a
//   number) is refused when proposed or edited; the rest (whether the rules would accept it
//   then) is decided when an adopted change is incorporated (Rule 105).

interface Proposal {
  number: number;
  label: string;
  stage: string;
  status: string;
  author: PlayerId | null;
  proposer: PlayerId;
  createdAt: number;
  endorsers: PlayerId[];
  /** The moves on it open now (the proposal convention's `moves`): endorsing, while in the Queue. */
  moves?: string[];
  change: Json;
  votes: { [player: string]: string };
  reason: string | null;
  judicial?: true;
}

const proposals = recordState<Proposal>("proposals", {
  record: { kind: "proposal", open: { field: "stage", in: ["queue", "deck", "voting"] }, citedAs: "proposal" },
});
const status = playerState<string>("status", { initial: "active" });

// One form per kind of rule-change, so a player sees only the fields the kind wants.
const ruleField = (what: string) => t.rule({ describe: what });
const variants = <Extra extends { [field: string]: Schema<unknown> }>(extra: Extra) => [
  t.object(
    {
      kind: t.enum(["enact"]),
      ...extra,
      title: t.string({ maxLength: 200, describe: "The new rule's title" }),
      text: t.string({ minLength: 1, maxLength: 10000, describe: "The new rule's body, as players will read it" }),
      code: t.code({ describe: "Code carrying out the new body, if a machine can decide any of it" }),
    },
    { optional: ["title", "code"], describe: "Enact a new rule" },
  ),
  t.object({ kind: t.enum(["repeal"]), ...extra, number: ruleField("The mutable rule to repeal") }, { describe: "Repeal a mutable rule" }),
  t.object(
    {
      kind: t.enum(["set-property"]),
      ...extra,
      number: ruleField("The rule whose property changes"),
      key: t.string({
        minLength: 1,
        maxLength: 100,
        describe: 'Which property: "text" (its body), "mutable" (its mutability), "title", or one a rule defines',
      }),
      value: t.string({ maxLength: 10000, describe: 'Its new value: a new body, "mutable" or "immutable", a title...' }),
      code: t.code({ describe: 'New code for a new body (only with the property "text")' }),
    },
    { optional: ["code"], describe: "Modify a property of a rule (its body, mutability, title...)" },
  ),
];

interface ChangeInput {
  kind: "enact" | "repeal" | "set-property";
  number?: number;
  title?: string;
  text?: string;
  code?: RuleCode;
  key?: string;
  value?: string;
}

/** The rule-change the form describes, as Rule 103 reads it, or a refusal. */
function changeFrom(input: ChangeInput): Json {
  let change: Json;
  if (input.kind === "enact")
    change = { kind: "enact", title: input.title ?? "", text: input.text ?? "", ...(input.code ? { code: input.code as unknown as Json } : {}) };
  else if (input.number === undefined) game.refuse(`name the rule to ${input.kind === "repeal" ? "repeal" : "modify"}`);
  else if (input.kind === "repeal") change = { kind: "repeal", number: input.number };
  else {
    if (!input.key?.trim()) game.refuse('name the property to modify ("text" for the body, "mutable" for the mutability)');
    const key = input.key.trim();
    if (input.value === undefined) game.refuse(`give the new value of "${key}"`);
    const current = game.rules.get(input.number)?.props[key];
    const value = key === "mutable" ? input.value.trim().toLowerCase() : typed(input.value, current);
    change = { kind: "set-property", number: input.number, key, value, ...(input.code && key === "text" ? { code: input.code as unknown as Json } : {}) };
  }
  const read = game.ask<Json>("rule-change.read", { change: change!, number: 0 })?.value;
  if (typeof read === "string") game.refuse(read);
  return change!;
}

/** A value typed in a form, as the property holds values: a number or yes/no where it holds one. */
function typed(text: string, current: Json | undefined): Json {
  if (typeof current === "number" && Number.isFinite(Number(text.trim()))) return Number(text.trim());
  if (typeof current === "boolean" && /^(true|false|yes|no)$/i.test(text.trim())) return /^(true|yes)$/i.test(text.trim());
  return text;
}

/** A proposal's place in its `status` (the proposal convention's words, shown on its card). */
const inQueueWords = "in the Proposal Queue";

const activeOnly = ({ actor }: ActionContext) => (status.get(actor) === "active" ? undefined : "only active players may do this (Rule 201)");
const queued = (actor: PlayerId) => Object.entries(proposals.all()).find(([, p]) => p.stage === "queue" && p.author === actor && !p.judicial);
const name = (id: PlayerId) => game.player(id)?.name ?? id;

action(
  "propose",
  {
    describe: "Create a proposal in the Proposal Queue (it replaces your proposal already there, if any)",
    changesRules: true,
    input: t.oneOf(variants({})),
    when: activeOnly,
  },
  (input, { actor }) => {
    const change = changeFrom(input);
    const key = `q${proposals.keys().length + 1}`;
    const old = queued(actor);
    if (old) proposals.set(old[0], { ...old[1], stage: "removed", status: "removed", moves: [], reason: `replaced by ${key}` });
    proposals.set(key, {
      number: 0,
      label: `Proposal ${key}`,
      stage: "queue",
      status: inQueueWords,
      moves: ["endorse", "unendorse"],
      author: actor,
      proposer: actor,
      createdAt: game.now(),
      endorsers: [actor],
      change,
      votes: {},
      reason: null,
    });
    game.post(`${name(actor)} puts proposal ${key} in the Proposal Queue${old ? `, replacing ${old[0]}` : ""}.`);
  },
);

const noneQueued = "you have no proposal in the Proposal Queue";
action(
  "withdraw-proposal",
  {
    describe: "Remove your proposal from the Proposal Queue",
    input: t.object({}),
    when: ({ actor }) => (queued(actor) ? undefined : noneQueued),
  },
  (_input, { actor }) => {
    const mine = queued(actor);
    if (!mine) game.refuse(noneQueued);
    proposals.set(mine[0], { ...mine[1], stage: "removed", status: "removed", moves: [], reason: "withdrawn by its author" });
    game.post(`${name(actor)} withdraws proposal ${mine[0]} from the Proposal Queue.`);
  },
);

const cited = t.object({ proposal: t.string({ maxLength: 20, describe: 'The proposal, by its id ("q3")' }) });
function inQueue(key: string): Proposal {
  const p = proposals.get(key);
  if (!p) game.refuse(`there is no proposal ${key}`);
  if (p.stage !== "queue") game.refuse(`proposal ${key} is not in the Proposal Queue (it is ${p.stage})`);
  return p;
}

const inTheQueue = () => Object.values(proposals.all()).filter((p) => p.stage === "queue" && !p.judicial);
action(
  "endorse",
  {
    describe: "Endorse a proposal in the Proposal Queue",
    input: cited,
    when: (c) => activeOnly(c) ?? (inTheQueue().length ? undefined : "no proposal is in the Proposal Queue"),
  },
  ({ proposal }, { actor }) => {
    const p = inQueue(proposal);
    if (p.endorsers.includes(actor)) game.refuse(`you already endorse ${proposal}`);
    proposals.set(proposal, { ...p, endorsers: [...p.endorsers, actor] });
  },
);

action(
  "unendorse",
  {
    describe: "Withdraw your endorsement of a proposal in the Proposal Queue",
    input: cited,
    when: (c) => activeOnly(c) ?? (inTheQueue().some((p) => p.endorsers.includes(c.actor)) ? undefined : "you endorse no proposal in the Proposal Queue"),
  },
  ({ proposal }, { actor }) => {
    const p = inQueue(proposal);
    if (!p.endorsers.includes(actor)) game.refuse(`you do not endorse ${proposal}`);
    proposals.set(proposal, { ...p, endorsers: p.endorsers.filter((e) => e !== actor) });
  },
);

action(
  "edit-proposal",
  {
    describe: "Change the rule-change of your proposal on the Deck (until it is put to vote)",
    input: t.oneOf(variants({ proposal: t.string({ maxLength: 20, describe: 'The proposal on the Deck, by its id ("q3")' }) })),
    when: ({ actor }) =>
      Object.values(proposals.all()).some((p) => p.stage === "deck" && p.author === actor) ? undefined : "you have no proposal on the Deck",
  },
  (input, { actor }) => {
    const p = proposals.get(input.proposal);
    if (p?.stage !== "deck") game.refuse(`proposal ${input.proposal} is not on the Deck: only proposals on the Deck may be edited (Rule 201)`);
    if (p.author !== actor) game.refuse(`only the author of ${input.proposal} may edit it`);
    proposals.set(input.proposal, { ...p, change: changeFrom(input) });
    game.post(`${name(actor)} edits proposal ${input.proposal} on the Deck.`);
  },
);

/** The Queue, top first: active endorsers (descending), then creation time and order (ascending). */
answer("proposal-queue.order", () => {
  const active = (id: PlayerId) => game.player(id) !== undefined && status.get(id) === "active";
  const serial = (key: string) => Number(key.replace(/\D/g, "")) || 0;
  return Object.entries(proposals.all())
    .filter(([, p]) => p.stage === "queue" && !p.judicial)
    .map(([key, p]) => ({ key, count: p.endorsers.filter(active).length, at: p.createdAt }))
    .sort((a, b) => b.count - a.count || a.at - b.at || serial(a.key) - serial(b.key))
    .map((e) => e.key);
});
