// Rule 104: rule-changes proposed in the proper way are voted on, and adopted if and only
// if they receive the required number of votes. This rule offers the `propose` action,
// keeps the record of proposals, and when a vote is complete asks the rules whether the
// proposal is adopted ("adoption": Rules 109 and 203 answer) and puts it into effect.

type Change = { kind: string; rule?: number; [key: string]: unknown };
interface Proposal {
  number: number;
  proposer: string;
  change: Change;
  votes: { [player: string]: "for" | "against" };
  status: "voting" | "adopted" | "defeated";
  reason: string | null;
  decidedBy: number | null;
  method: string | null;
  openedAt: number;
  closedAt: number | null;
}

const proposals = recordState<Proposal>("proposals", {
  describe: "Every proposal, its votes and its outcome",
  record: { kind: "proposal", open: { field: "status", in: ["voting"] }, citedAs: "proposal" },
  display: {
    label: "Proposals",
    columns: [
      { field: "number", label: "Proposal" },
      { field: "proposer", label: "Proposed by", format: "player" },
      { field: "status", label: "Status" },
      { field: "reason", label: "Why" },
      { field: "openedAt", label: "Opened", format: "time" },
      { field: "closedAt", label: "Closed", format: "time" },
    ],
  },
});

const change = t.oneOf([
  t.object(
    { kind: t.enum(["enact"]), text: t.string({ minLength: 1, maxLength: 20000 }), title: t.string({ maxLength: 200 }), code: t.code() },
    { optional: ["title", "code"], describe: "Enact a new mutable rule" },
  ),
  t.object({ kind: t.enum(["repeal"]), rule: t.rule() }, { describe: "Repeal a mutable rule" }),
  t.object(
    {
      kind: t.enum(["amend"]),
      rule: t.rule(),
      text: t.string({ minLength: 1, maxLength: 20000 }),
      title: t.string({ maxLength: 200 }),
      code: t.code(),
      removeCode: t.boolean(),
    },
    { optional: ["text", "title", "code", "removeCode"], describe: "Amend a mutable rule's text, title or code" },
  ),
  t.object({ kind: t.enum(["transmute"]), rule: t.rule() }, { describe: "Transmute a rule: immutable to mutable or back" }),
  t.object(
    {
      kind: t.enum(["amend-amendment"]),
      rule: t.rule(),
      revision: t.integer({ minimum: 2 }),
      text: t.string({ minLength: 1, maxLength: 20000 }),
      code: t.code(),
    },
    { optional: ["text", "code"], describe: "Amend an amendment of a mutable rule (the amendment that made the given revision)" },
  ),
  t.object(
    { kind: t.enum(["repeal-amendment"]), rule: t.rule(), revision: t.integer({ minimum: 2 }) },
    { describe: "Repeal an amendment of a mutable rule: the rule returns to its text before that revision" },
  ),
]);

action("propose", { describe: "Propose one rule-change to be voted on", input: t.object({ change }), changesRules: true }, (input, { actor }) => {
  const c = input.change as Change;
  for (const objection of game.askAll<string>("rule-change.invalid", { change: c, proposer: actor })) {
    game.refuse(objection.value, objection.rule);
  }
  const number = game.ask<number>("proposal.number")?.value;
  if (typeof number !== "number") game.refuse("no rule gives proposals their numbers, so nothing can be proposed");
  proposals.set(number, {
    number,
    proposer: actor,
    change: c,
    votes: {},
    status: "voting",
    reason: null,
    decidedBy: null,
    method: null,
    openedAt: game.now(),
    closedAt: null,
  });
  game.post(`${game.player(actor)?.name ?? actor} proposes ${number}: ${describeChange(c)}.`);
  game.emit("proposal.opened", { number, proposer: actor });
});

on("vote.completed", (event) => {
  const number: number = event.data.proposal;
  const p = proposals.get(number);
  if (p?.status !== "voting") return;
  const decision = game.ask<{ adopted: boolean; method: string; reason: string }>("adoption", { proposal: p });
  let adopted = decision?.value.adopted === true;
  let reason = decision ? decision.value.reason : "no rule says how many votes are required";
  if (adopted) {
    const objection = game.askAll<string>("rule-change.invalid", { change: p.change, proposer: p.proposer, adopting: true })[0];
    const ops = game.ask<RuleChange[]>("rule-change.ops", { change: p.change, proposal: number })?.value;
    if (objection) {
      adopted = false;
      reason = `adopted by vote but cannot take effect: ${objection.value} (Rule ${objection.rule})`;
    } else if (!ops) {
      adopted = false;
      reason = "no rule says how to put this kind of rule-change into effect";
    } else {
      try {
        game.rules.applyAll(ops, `Proposal ${number}`);
      } catch (err) {
        adopted = false;
        reason = `adopted by vote but cannot take effect: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
  }
  proposals.set(number, {
    ...p,
    status: adopted ? "adopted" : "defeated",
    reason,
    decidedBy: decision?.rule ?? null,
    method: decision?.value.method ?? null,
    closedAt: game.now(),
  });
  game.post(`Proposal ${number} is ${adopted ? "adopted" : "defeated"}: ${reason}.`);
  game.emit(adopted ? "proposal.adopted" : "proposal.defeated", { number, proposer: p.proposer });
  game.emit("proposal.closed", { number, proposer: p.proposer, adopted });
});

function describeChange(c: Change): string {
  switch (c.kind) {
    case "enact":
      return `enact a new rule${c.title ? ` "${String(c.title)}"` : ""}${c.code ? " (with code)" : ""}`;
    case "repeal":
      return `repeal rule ${c.rule}`;
    case "amend":
      return `amend rule ${c.rule}${c.code ? " (text and code)" : ""}`;
    case "transmute":
      return `transmute rule ${c.rule}`;
    case "amend-amendment":
      return `amend the amendment that made revision ${String(c.revision)} of rule ${c.rule}`;
    case "repeal-amendment":
      return `repeal the amendment that made revision ${String(c.revision)} of rule ${c.rule}`;
    default:
      return c.kind;
  }
}

// Rule-changes must stay possible (Rule 114). The engine checks it by playing this probe on
// the game after any act that changed the rules: the player whose turn it is proposes to
// repeal the newest mutable rule other than those offering "propose" and "vote" (to amend
// it, if it is the last), and every eligible voter votes for it. While a vote is open, the
// way to a rule-change is to finish it: the voters yet to vote vote for it (if a vote cast
// against it already defeats it, the probe fails, and no refusal is set aside for it). While
// the next turn is held back by a rule not changed in this act (Judgment), there is no
// probe: the next proposal must wait.
answer("rule-change.probe", () => {
  const mover = game.ask<string>("turn.player")?.value;
  const number = game.ask<number>("proposal.number")?.value;
  if (typeof mover !== "string" || typeof number !== "number") return undefined;
  const voters = game.ask<string[]>("eligible-voters")?.value ?? [];
  const open = Object.values(proposals.all()).find((p) => p.status === "voting");
  if (open) {
    const waiting = voters.filter((voter) => !Object.hasOwn(open.votes, voter));
    return waiting.length ? { steps: waiting.map((voter) => ({ actor: voter, action: "vote", input: { proposal: open.number, vote: "for" } })) } : undefined;
  }
  // Judgment holds the next turn back for a while; a rule changed in this very act that
  // holds it back is what the probe is for.
  const blocked = game.ask<string>("turn.blocked");
  const changedNow = (n: number) => game.rules.get(n)?.history.some((h) => h.at === game.now() && h.seq > 0) === true;
  if (blocked && !changedNow(blocked.rule)) return undefined;
  const enactedAt = (r: RuleView) => r.history.reduce((seq, h) => (h.change === "enacted" ? Math.max(seq, h.seq) : seq), 0);
  const needed = [game.rules.provider("propose"), game.rules.provider("vote")];
  const mutable = game.rules.all().filter((r) => r.mutable && !needed.includes(r.number));
  if (mutable.length === 0) return undefined;
  const newest = mutable.reduce((a, b) => (enactedAt(b) >= enactedAt(a) ? b : a));
  const change = mutable.length > 1 ? { kind: "repeal", rule: newest.number } : { kind: "amend", rule: newest.number, text: `${newest.text} ` };
  return {
    steps: [
      { actor: mover, action: "propose", input: { change } },
      ...voters.map((voter) => ({ actor: voter, action: "vote", input: { proposal: number, vote: "for" } })),
    ],
  };
});

// This rule puts adopted proposals into effect: Rule 105 lets it change the rules.
answer("rule-change.adopter", () => true);
