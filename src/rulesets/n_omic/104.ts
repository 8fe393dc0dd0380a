// Rule 104: rule-changes proposed in the proper way are voted on, and adopted if and only
// if they receive the required number of votes. When a proposal's vote is complete this
// rule asks, of each of its rule-changes, whether the vote adopts it ("adoption": Rules 109
// and 203), then whether the proposal is adopted ("proposal.adopted": Rule 332; where no
// rule says, only if every change is). It then enacts the adopted changes one at a time,
// lowest number first (Rule 324): the first that cannot lawfully take effect is discarded,
// and so is every higher-numbered change of the proposal ("rule-change.discarded").
// Reading: a change the vote did not adopt (a transmutation short of unanimity) is simply
// not enacted; it is not "illegal", and the changes after it go ahead.

type Change = { kind: string; rule?: number; [key: string]: unknown };
interface Decision {
  adopted: boolean;
  method: string;
  reason: string;
}
interface Outcome {
  number: number;
  status: "enacted" | "not adopted" | "discarded";
  reason: string;
}
interface Proposal {
  number: number;
  numbers: number[];
  label: string;
  proposer: string;
  changes: Change[];
  votes: { [player: string]: "for" | "against" };
  status: string;
  reason: string | null;
  decidedBy: number | null;
  method: string | null;
  closedAt: number | null;
  outcomes: Outcome[];
}

const proposals = recordState<Proposal>("proposals", {
  describe: "Every proposal, its rule-changes, votes and outcome",
  record: { kind: "proposal", open: { field: "status", in: ["voting"] }, citedAs: "proposal" },
  display: {
    label: "Proposals",
    columns: [
      { field: "label", label: "Proposal" },
      { field: "proposer", label: "Proposed by", format: "player" },
      { field: "status", label: "Status" },
      { field: "reason", label: "Why" },
      { field: "closedAt", label: "Decided", format: "time" },
    ],
  },
});

on("vote.completed", (event) => {
  const p = proposals.get(event.data.proposal);
  if (p?.status !== "voting") return;
  const decisions = p.changes.map((change) => game.ask<Decision>("adoption", { proposal: { ...p, change } }));
  const byVote = decisions.map((d) => d?.value.adopted === true);
  const verdict = game.ask<boolean>("proposal.adopted", { proposal: p, adopted: byVote });
  const adopted = verdict ? verdict.value === true : byVote.every((a) => a);

  const outcomes: Outcome[] = [];
  let discardedBy: number | null = null;
  p.changes.forEach((change, i) => {
    const number = p.numbers[i]!;
    const decision = decisions[i];
    if (!adopted || !byVote[i]) {
      outcomes.push({ number, status: "not adopted", reason: decision ? decision.value.reason : "no rule says how many votes are required" });
      return;
    }
    if (discardedBy !== null) {
      outcomes.push({ number, status: "discarded", reason: `discarded with rule-change ${discardedBy}, which could not take effect` });
      game.emit("rule-change.discarded", { proposal: p.number, number, proposer: p.proposer });
      return;
    }
    const problem = enact(change, number, p.proposer);
    if (problem) {
      discardedBy = number;
      outcomes.push({ number, status: "discarded", reason: `illegal: ${problem}` });
      game.post(`Rule-change ${number} is illegal (${problem}): it and every later rule-change of ${p.label} are discarded.`);
      game.emit("rule-change.discarded", { proposal: p.number, number, proposer: p.proposer });
    } else {
      outcomes.push({ number, status: "enacted", reason: decision!.value.reason });
    }
  });

  const methods = [...new Set(decisions.map((d) => d?.value.method).filter((m): m is string => m !== undefined))];
  const enacted = outcomes.filter((o) => o.status === "enacted").length;
  const reason = adopted
    ? `${byVote.filter((a) => a).length} of ${p.changes.length} rule-change(s) adopted by the vote (${decisions[byVote.indexOf(true)]!.value.reason}); ${enacted} enacted`
    : (decisions[0]?.value.reason ?? "no rule says how many votes are required");
  proposals.set(p.number, {
    ...p,
    status: adopted ? "adopted" : "defeated",
    reason,
    decidedBy: decisions.find((d) => d)?.rule ?? null,
    method: methods.length === 1 ? methods[0]! : methods.length ? "majority" : null,
    closedAt: game.now(),
    outcomes,
  });
  game.post(`${p.label} is ${adopted ? "adopted" : "defeated"}: ${reason}.`);
  game.emit(adopted ? "proposal.adopted" : "proposal.defeated", { number: p.number, proposer: p.proposer });
  game.emit("proposal.closed", { number: p.number, proposer: p.proposer, adopted });
});

/** Puts one rule-change into effect; the reason it cannot, if it cannot. */
function enact(change: Change, number: number, proposer: string): string | undefined {
  const objection = game.askAll<string>("rule-change.invalid", { change, proposer, adopting: true })[0];
  if (objection) return `${objection.value} (Rule ${objection.rule})`;
  const ops = game.ask<RuleChange[]>("rule-change.ops", { change, proposal: number })?.value;
  if (!ops) return "no rule says how to put this kind of rule-change into effect";
  try {
    game.rules.applyAll(ops, `Rule-Change ${number}`);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

// This rule puts adopted proposals into effect: Rule 105 lets it change the rules.
answer("rule-change.adopter", () => true);
