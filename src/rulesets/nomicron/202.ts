// Rule 202: each active player may submit one rule-change proposal at the beginning of each
// turn.
//
// Readings taken:
// - "At the beginning of each turn" is read as "once in each turn, from its beginning": a
//   player may submit their one proposal at any moment of the turn, not only in its first
//   instant (102.1 votes on a proposal during the turn it is submitted in, so it must come
//   before the turn's end; none is submitted in an interim).
// - A proposal is one rule-change (101.1): enacting a new mutable rule (it takes the
//   proposal's number, 105.1), amending, repealing, or transmuting a rule to another type.
//   Numbers come from Rule 105 ("proposal.next-number").

interface Round {
  number: number;
  turn: number | null;
  inConvention: boolean;
  turnName: string | null;
}
interface Change {
  kind: "enact" | "amend" | "repeal" | "transmute";
  rule?: number;
  title?: string;
  text?: string;
  code?: RuleCode;
  to?: "mutable" | "immutable" | "convention";
}
interface Proposal {
  number: number;
  proposer: PlayerId;
  change: Change;
  label: string;
  turn: string;
  votes: { [player: string]: "for" | "against" };
  status: string;
  reason: string | null;
  decidedBy: number | null;
  method: string | null;
  openedAt: number;
  closedAt: number | null;
}

const round = gameState<Round>("round", { initial: { number: 0, turn: null, inConvention: true, turnName: null } });
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const proposals = recordState<Proposal>("proposals", {
  describe: "Rule-change proposals, their votes and outcome",
  record: { kind: "proposal", open: { field: "status", in: ["voting"] }, citedAs: "proposal" },
  display: {
    label: "Proposals",
    as: "table",
    columns: [
      { field: "number", label: "Proposal" },
      { field: "turn" },
      { field: "proposer", format: "player" },
      { field: "change.kind", label: "Change" },
      { field: "change.rule", label: "Rule", format: "rule" },
      { field: "status" },
      { field: "reason" },
    ],
    empty: "No proposals yet",
  },
});

function notNow(actor: PlayerId): string | undefined {
  const turn = round.get().turnName;
  if (turn === null) return "proposals are submitted during a turn (Monday 22:00 to Saturday 22:00, Central time); this is an interim";
  if (status.get(actor) !== "active") return "only active players submit proposals";
  const mine = Object.values(proposals.all()).some((p) => p.proposer === actor && p.turn === turn);
  return mine ? `you have already submitted your proposal for turn ${turn}` : undefined;
}

action(
  "propose",
  {
    describe: "Submit your rule-change proposal for this turn",
    changesRules: true,
    input: t.object(
      {
        kind: t.enum(["enact", "amend", "repeal", "transmute"], { describe: "The rule-change" }),
        rule: t.rule({ describe: "The rule amended, repealed or transmuted" }),
        title: t.string({ maxLength: 200, describe: "The new rule's title (or the amended title)" }),
        text: t.string({ maxLength: 8000, describe: "The new rule's text (or the amended text)" }),
        code: t.code({ describe: "Code carrying out the rule, if any" }),
        to: t.enum(["mutable", "immutable", "convention"], { describe: "For a transmutation: the rule's new type" }),
      },
      { optional: ["rule", "title", "text", "code", "to"] },
    ),
    when: ({ actor }) => notNow(actor),
  },
  (input, { actor }) => {
    const not = notNow(actor);
    if (not) game.refuse(not);
    const change: Change = { kind: input.kind };
    if (input.kind !== "enact") {
      if (input.rule === undefined || !game.rules.get(input.rule)) game.refuse(`name the rule to ${input.kind}: there is no rule ${input.rule ?? "given"}`);
      change.rule = input.rule;
    }
    if (input.kind === "enact" || input.kind === "amend") {
      if (input.kind === "enact" && !input.text?.trim()) game.refuse("a new rule needs its text");
      if (input.kind === "amend" && input.text === undefined && input.title === undefined && input.code === undefined)
        game.refuse("say what the amendment changes: the text, the title or the code");
      if (input.text !== undefined) change.text = input.text;
      if (input.title !== undefined) change.title = input.title;
      if (input.code !== undefined) change.code = input.code;
    }
    if (input.kind === "transmute") {
      if (!input.to) game.refuse("a transmutation must state the rule's new type (Rule 106: it is never implied)");
      if (game.rules.get(input.rule!)?.props.book === typeName(input.to)) game.refuse(`rule ${input.rule} is already ${input.to}`);
      change.to = input.to;
    }
    const number = game.ask<number>("proposal.next-number")?.value ?? 301 + proposals.keys().length;
    const turn = round.get().turnName!;
    proposals.set(number, {
      number,
      proposer: actor,
      change,
      label: `Proposal ${number}`,
      turn,
      votes: {},
      status: "voting",
      reason: null,
      decidedBy: null,
      method: null,
      openedAt: game.now(),
      closedAt: null,
    });
    game.post(`${game.player(actor)?.name ?? actor} submits proposal ${number} (${input.kind}${change.rule ? ` rule ${change.rule}` : ""}) in turn ${turn}.`);
    game.emit("proposal.opened", { number, proposer: actor, turn });
  },
);

function typeName(to: string): string {
  return to[0]!.toUpperCase() + to.slice(1);
}
