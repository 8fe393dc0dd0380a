// Rule 210: Judicial Proposals. The incumbent Judge may create one per term; it waits (stage
// "pending", judicial: true) in the `proposals` record until the start of the next turn, when
// Rule 202 puts it on the Deck (unless the Judge was disbarred) and numbers it after the others.
//
// Readings taken where the text is open:
// - "One per term" is one per Judge per term: a Judge drawn after a disbarment may make their own.
//   A Judge who deleted theirs may make a replacement while still the incumbent Judge.
// - "To address or complement a Judgment they have made" is the Judge's to say: the machine
//   does not require a ruling first.
// - A disbarred Judge's pending Judicial Proposal is removed at once (Rule 209), so that it
//   never reaches the Deck even if the term ends before the next turn starts.
// - Its author may edit or delete it while it is pending, even after their term has ended.
// - Entries are keyed like the queue's ("q<n>", the next after every key in the record); the
//   rule-change is read by Rule 103 ("rule-change.read") when made or edited, as the queue's are.

type Change =
  | { kind: "enact"; title: string; text: string; code?: RuleCode }
  | { kind: "repeal"; number: number }
  | { kind: "set-property"; number: number; key: string; value: Json };
interface Proposal {
  number: number;
  label: string;
  stage: string;
  status: string;
  author: PlayerId | null;
  proposer: PlayerId;
  createdAt: number;
  endorsers: PlayerId[];
  change: Change;
  votes: { [player: string]: "for" | "against" };
  judicial?: true;
  term?: number;
  reason: string | null;
}

const proposals = recordState<Proposal>("proposals");
const judgment = gameState<{ term: { judge: PlayerId | null } | null }>("judgment", { initial: { term: null } });
const books = gameState<{ terms: number }>("judgmentBooks", { initial: { terms: 0 }, visibility: "hidden", readsSecret: true });

const name = (id: PlayerId) => game.player(id)?.name ?? id;
const judge = () => judgment.get().term?.judge ?? null;

const change = t.oneOf([
  t.object(
    {
      kind: t.enum(["enact"]),
      title: t.string({ minLength: 1, maxLength: 200 }),
      text: t.string({ minLength: 1, maxLength: 20000, describe: "The new rule's body" }),
      code: t.code({ describe: "What a machine can decide of it (optional)" }),
    },
    { optional: ["code"] },
  ),
  t.object({ kind: t.enum(["repeal"]), number: t.rule({ describe: "The rule to repeal" }) }),
  t.object({
    kind: t.enum(["set-property"]),
    number: t.rule({ describe: "The rule" }),
    key: t.string({ minLength: 1, maxLength: 60, describe: "The property (text: the body; mutable: the mutability)" }),
    value: t.string({ maxLength: 20000, describe: "Its new value" }),
  }),
]);

/** The rule-change as given, once Rule 103 reads it as one (the queue's proposals are read the same way). */
function checked(c: Infer<typeof change>): Change {
  const given = { ...c, ...(c.kind === "set-property" && c.key.trim() === "mutable" ? { value: c.value.trim().toLowerCase() } : {}) } as Change;
  const read = game.ask<Json>("rule-change.read", { change: given as unknown as Json, number: 0 })?.value;
  if (typeof read === "string") game.refuse(read);
  return given;
}

/** Why the actor has no Judicial Proposal to change now, or nothing. */
function nonePending({ actor }: ActionContext): string | undefined {
  const theirs = Object.values(proposals.all()).filter((p) => p.judicial && p.author === actor && p.stage !== "removed");
  if (theirs.some((p) => p.stage === "pending")) return undefined;
  return theirs.length ? "your Judicial Proposal is no longer pending: it may no longer be changed" : "there is no pending Judicial Proposal of yours";
}

const mine = (actor: PlayerId, key: string): Proposal => {
  const p = proposals.get(key);
  if (!p?.judicial || p.author !== actor) game.refuse(`there is no Judicial Proposal ${key} of yours`);
  if (p.stage !== "pending") game.refuse(`Judicial Proposal ${key} is no longer pending: it may no longer be changed`);
  return p;
};

action(
  "judicial-proposal",
  {
    describe: "As the Judge, create this term's Judicial Proposal; it goes on the Deck at the next turn's start",
    input: change,
    changesRules: true,
    when: ({ actor }) => (judge() === actor ? undefined : "only the incumbent Judge creates a Judicial Proposal"),
  },
  (input, { actor }) => {
    const term = books.get().terms;
    if (Object.values(proposals.all()).some((p) => p.judicial && p.author === actor && p.term === term && p.stage !== "removed"))
      game.refuse("you have made this term's Judicial Proposal already (one per term; delete it to replace it)");
    const key = `q${Math.max(0, ...proposals.keys().map((k) => Number(k.slice(1)) || 0)) + 1}`;
    proposals.set(key, {
      number: 0,
      label: `Judicial Proposal by ${name(actor)}`,
      stage: "pending",
      status: "pending",
      author: actor,
      proposer: actor,
      createdAt: game.now(),
      endorsers: [],
      change: checked(input),
      votes: {},
      judicial: true,
      term,
      reason: null,
    });
    game.post(`Judge ${name(actor)} creates a Judicial Proposal (${key}); it goes on the Deck at the start of the next turn.`);
  },
);

action(
  "edit-judicial-proposal",
  {
    describe: "Change the rule-change of your Judicial Proposal before it goes on the Deck",
    input: t.object({ proposal: t.string({ minLength: 1, maxLength: 20, describe: "Its key (q1...)" }), change }),
    when: nonePending,
  },
  (input, { actor }) => {
    const p = mine(actor, input.proposal);
    proposals.set(input.proposal, { ...p, change: checked(input.change) });
    game.post(`${name(actor)} edits Judicial Proposal ${input.proposal}.`);
  },
);

action(
  "delete-judicial-proposal",
  {
    describe: "Delete your Judicial Proposal before it goes on the Deck",
    input: t.object({ proposal: t.string({ minLength: 1, maxLength: 20, describe: "Its key (q1...)" }) }),
    when: nonePending,
  },
  (input, { actor }) => {
    const p = mine(actor, input.proposal);
    proposals.set(input.proposal, { ...p, stage: "removed", status: "removed", reason: "deleted by its author" });
    game.post(`${name(actor)} deletes Judicial Proposal ${input.proposal}.`);
  },
);
