// Hand play: proposals and votes. A rule of the hand-play kit, which the import adds to a
// ruleset read from its published text when no rule's code offers a way to propose
// rule-changes (see src/ruleset-sources/hand-play.ts), so that the game is playable from the
// start, as Agora and BlogNomic play: by people keeping the record.
//
// Reading: any player proposes one rule-change (enact, amend, repeal or transmute; an
// enactment or amendment may carry code, which is how the group gives a text rule its code
// rule by rule). Every player may vote for, against or abstain, and change their vote
// until the proposal is assessed. The holder of the assessing office (ASSESSING_OFFICE,
// kept by "Hand play: offices") assesses it by the other rules' text: adopted or not, with
// a reason. An adopted change is put into effect by this rule's code at once; if it cannot
// take effect (its rule is gone, its number is taken), the assessment says so and nothing
// changes. Whether the text allows the change (mutability, quorum, majority) is for the
// assessor to judge: the kit enforces no game's procedure. The proposals follow the
// "proposal" record convention, so the reports, the CLI and the proposal cards read them.

/** The office whose holder assesses proposals: the first the group named (written here by the import). */
const ASSESSING_OFFICE = "Assessor"; // hand-play: assessing office
/** The first proposal's number: after the text's highest rule (written here by the import). */
const FIRST_PROPOSAL = 1; // hand-play: first proposal

type Change =
  | { kind: "enact"; text: string; title?: string; code?: RuleCode; number?: number }
  | { kind: "amend"; rule: number; text?: string; title?: string; code?: RuleCode; removeCode?: boolean }
  | { kind: "repeal"; rule: number }
  | { kind: "transmute"; rule: number };
type Vote = "for" | "against" | "abstain";
interface Proposal {
  number: number;
  proposer: PlayerId;
  change: Change;
  votes: { [player: string]: Vote };
  status: "voting" | "adopted" | "defeated";
  reason: string | null;
  tally: { for: number; against: number; abstain: number } | null;
  assessedBy: PlayerId | null;
  decidedBy: number | null;
  openedAt: number;
  closedAt: number | null;
  /** The number of the rule it enacted, if it did. */
  enacted?: number;
}

const proposals = recordState<Proposal>("proposals", {
  describe: "Every proposal, its votes and its assessment",
  record: { kind: "proposal", open: { field: "status", in: ["voting"] }, citedAs: "proposal" },
});

const ruleText = t.string({ minLength: 1, maxLength: 20000, describe: "The rule's text" });
const change = t.oneOf([
  t.object(
    { kind: t.enum(["enact"]), text: ruleText, title: t.string({ maxLength: 200 }), code: t.code(), number: t.integer({ minimum: 1 }) },
    { optional: ["title", "code", "number"], describe: "Enact a new rule (numbered after the highest rule, unless you give a number)" },
  ),
  t.object(
    { kind: t.enum(["amend"]), rule: t.integer(), text: ruleText, title: t.string({ maxLength: 200 }), code: t.code(), removeCode: t.boolean() },
    { optional: ["text", "title", "code", "removeCode"], describe: "Amend a rule's text, title or code" },
  ),
  t.object({ kind: t.enum(["repeal"]), rule: t.integer() }, { describe: "Repeal a rule" }),
  t.object({ kind: t.enum(["transmute"]), rule: t.integer() }, { describe: "Transmute a rule: immutable to mutable, or back" }),
]);

const nameOf = (id: PlayerId | null | undefined) => (id ? (game.player(id)?.name ?? id) : "nobody");
const assessor = () => game.ask<PlayerId | null>("office.holder", { office: ASSESSING_OFFICE });
const voting = () => Object.values(proposals.all()).some((p) => p.status === "voting");
const nextNumber = () => Math.max(FIRST_PROPOSAL - 1, ...proposals.keys().map(Number)) + 1;

function describeChange(c: Change): string {
  if (c.kind === "enact") return `enact a new rule${c.title ? ` "${c.title}"` : ""}${c.code ? " (with code)" : ""}`;
  if (c.kind === "amend") return `amend rule ${c.rule}${c.code ? " (with code)" : c.removeCode ? " (removing its code)" : ""}`;
  return `${c.kind} rule ${c.rule}`;
}

/** Why the change could not be proposed as it stands, or undefined. */
function problem(c: Change): string | undefined {
  if (c.kind === "enact")
    return c.number !== undefined && game.rules.get(c.number) ? `rule ${c.number} already exists; leave the number out to take the next free one` : undefined;
  if (!game.rules.get(c.rule)) return `there is no rule ${c.rule} in effect`;
  if (c.kind === "amend" && c.text === undefined && c.title === undefined && c.code === undefined && !c.removeCode)
    return "an amendment must change the rule's text, title or code";
  return undefined;
}

/** The engine's rule-change for a proposal's change, as the rules stand now. */
function ruleChange(c: Change): RuleChange {
  switch (c.kind) {
    case "enact": {
      // After every number in use or ever enacted here: a repealed rule's number is not used again.
      const enacted = Object.values(proposals.all()).map((p) => p.enacted ?? 0);
      const number = c.number ?? Math.max(0, ...game.rules.all().map((r) => r.number), ...enacted) + 1;
      return { kind: "enact", number, text: c.text, title: c.title ?? null, mutable: true, code: c.code ?? null };
    }
    case "amend": {
      const amend: { kind: "amend"; number: number; text?: string; title?: string | null; code?: RuleCode | null } = { kind: "amend", number: c.rule };
      if (c.text !== undefined) amend.text = c.text;
      if (c.title !== undefined) amend.title = c.title;
      if (c.code !== undefined) amend.code = c.code;
      else if (c.removeCode) amend.code = null;
      return amend;
    }
    case "repeal":
      return { kind: "repeal", number: c.rule };
    case "transmute":
      return { kind: "transmute", number: c.rule, mutable: !game.rules.get(c.rule)?.mutable };
  }
}

action("propose", { describe: "Propose a rule-change for the players to vote on", input: t.object({ change }), changesRules: true }, (input, { actor }) => {
  const c = input.change as Change;
  const objection = problem(c);
  if (objection) game.refuse(objection);
  const number = nextNumber();
  proposals.set(number, {
    number,
    proposer: actor,
    change: c,
    votes: {},
    status: "voting",
    reason: null,
    tally: null,
    assessedBy: null,
    decidedBy: null,
    openedAt: game.now(),
    closedAt: null,
  });
  game.post(`${nameOf(actor)} proposes ${number}: ${describeChange(c)}.`);
  game.emit("proposal.opened", { number, proposer: actor });
});

function open(number: number): Proposal {
  const p = proposals.get(number);
  if (!p) game.refuse(`there is no proposal ${number}`);
  if (p.status !== "voting") game.refuse(`proposal ${number} was already assessed (${p.status})`);
  return p;
}

action(
  "vote",
  {
    describe: "Vote on a proposal; you may change your vote until it is assessed",
    input: t.object({ proposal: t.integer({ describe: "The proposal's number" }), vote: t.enum(["for", "against", "abstain"]) }),
  },
  (input, { actor }) => {
    const p = open(input.proposal);
    proposals.set(p.number, { ...p, votes: { ...p.votes, [actor]: input.vote } });
    game.emit("vote.cast", { proposal: p.number, voter: actor, vote: input.vote });
  },
);

action(
  "assess",
  {
    describe: `The ${ASSESSING_OFFICE}: declare a proposal adopted or defeated, by the rules' text, with your reason`,
    input: t.object({
      proposal: t.integer({ describe: "The proposal's number" }),
      outcome: t.enum(["adopted", "defeated"]),
      reason: t.string({ minLength: 1, maxLength: 2000, describe: "Why, by the rules (e.g. 3 for, 1 against: a simple majority, Rule 203)" }),
    }),
  },
  (input, { actor }) => {
    const p = open(input.proposal);
    const votes = Object.values(p.votes);
    const tally = {
      for: votes.filter((v) => v === "for").length,
      against: votes.filter((v) => v === "against").length,
      abstain: votes.filter((v) => v === "abstain").length,
    };
    const counted = `${tally.for} for, ${tally.against} against, ${tally.abstain} abstaining`;
    let adopted = input.outcome === "adopted";
    let reason = `${input.reason} (${counted})`;
    let enacted: number | undefined;
    if (adopted) {
      const objection = problem(p.change);
      try {
        if (objection) throw new Error(objection);
        const made = game.rules.apply(ruleChange(p.change), `Proposal ${p.number}`);
        if (p.change.kind === "enact") enacted = made.number;
      } catch (err) {
        adopted = false;
        reason = `declared adopted (${input.reason}; ${counted}), but it cannot take effect: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    proposals.set(p.number, {
      ...p,
      status: adopted ? "adopted" : "defeated",
      reason,
      tally,
      assessedBy: actor,
      decidedBy: game.rules.self().number,
      closedAt: game.now(),
      ...(enacted !== undefined ? { enacted } : {}),
    });
    game.post(`The ${ASSESSING_OFFICE} assesses proposal ${p.number}: ${adopted ? "adopted" : "defeated"}. ${reason}.`);
    game.emit(adopted ? "proposal.adopted" : "proposal.defeated", { number: p.number, proposer: p.proposer });
    game.emit("proposal.closed", { number: p.number, proposer: p.proposer, adopted });
  },
);

// Who may assess, and whether there is anything to vote on, are asked before any input (so
// the page offers these actions only to those who can take them now).
forbid("assess", (_input, { actor }) => {
  const holder = assessor();
  if (!holder) return `no rule says who holds the office of ${ASSESSING_OFFICE}, who assesses proposals`;
  if (holder.value !== actor) return `only the ${ASSESSING_OFFICE} assesses proposals, and the ${ASSESSING_OFFICE} is ${nameOf(holder.value)}, not you`;
  return voting() ? undefined : "no proposal is waiting to be assessed";
});
forbid("vote", () => (voting() ? undefined : "no proposal is open for votes"));

// This rule puts adopted proposals into effect, so its code may change any rule; other
// rules' code is left to the engine's default (a rule may change only itself).
answer("rule-change.allowed", ({ by }: RuleChangeQuestion) => (by === game.rules.self().number ? true : undefined));

// What play waits for: the votes not yet cast on each open proposal, then, once every player
// has voted, its assessment (the assessor may assess sooner, as the text allows: the kit
// enforces no procedure, but asks for the assessment when the votes are in, not before).
answer("play.awaits", () => {
  const holder = assessor()?.value;
  const waiting: { player: PlayerId; does: string; action: string }[] = [];
  for (const p of Object.values(proposals.all())) {
    if (p.status !== "voting") continue;
    const unvoted = game.players().filter((player) => p.votes[player.id] === undefined);
    for (const player of unvoted) waiting.push({ player: player.id, does: `vote on proposal ${p.number}`, action: "vote" });
    if (holder && unvoted.length === 0) waiting.push({ player: holder, does: `assess proposal ${p.number}, as ${ASSESSING_OFFICE}`, action: "assess" });
  }
  return waiting.length ? waiting : undefined;
});

// Rule-changes must stay possible: after an act that changed the rules, the engine plays
// this probe (the assessor proposes to amend the newest mutable rule, and adopts it) and
// undoes it. If it fails, the act's rule-change is refused and the assessment says why.
answer("rule-change.probe", () => {
  const holder = assessor()?.value;
  if (!holder) return undefined;
  const mutable = game.rules.all().filter((r) => r.mutable);
  const target = mutable.reduce<RuleView | undefined>((newest, r) => (newest && newest.number > r.number ? newest : r), undefined) ?? game.rules.self();
  return {
    steps: [
      { actor: holder, action: "propose", input: { change: { kind: "amend", rule: target.number, text: `${target.text} ` } } },
      { actor: holder, action: "assess", input: { proposal: nextNumber(), outcome: "adopted", reason: "a check that rule-changes remain possible" } },
    ],
  };
});
