// Rule 105: an adopted rule-change is incorporated at the start of the turn after the turn it
// was voted on; nothing is retroactive.
//
// Readings taken:
// - At "turn.started" this rule incorporates every adopted proposal not yet incorporated,
//   lowest number first, each as one rule-change citing it ("Proposal 301"). A new rule takes
//   the proposal's number (Rule 106); Rule 103 reads what the rule-change does.
// - A rule-change that cannot be made when its moment comes (its rule repealed meanwhile, the
//   engine or Rule 110 refusing it) is not incorporated; the proposal says why (`reason`).
// - This rule is the one that incorporates adopted rule-changes ("rule-change.adopter"), which
//   Rule 111 lets change any rule.

interface Proposal {
  number: number;
  stage: string;
  change: Json;
  reason: string | null;
  incorporatedAt?: number | null;
}

const proposals = recordState<Proposal>("proposals", {
  record: { kind: "proposal", open: { field: "stage", in: ["queue", "deck", "voting"] }, citedAs: "proposal" },
});

answer("rule-change.adopter", () => true);

on("turn.started", () => {
  const due = Object.entries(proposals.all())
    .filter(([, p]) => p.stage === "adopted" && p.incorporatedAt === undefined)
    .sort(([, a], [, b]) => a.number - b.number);
  for (const [key, p] of due) {
    const cause = `Proposal ${p.number}`;
    const read = game.ask<RuleChange[] | string>("rule-change.read", { change: p.change, number: p.number })?.value;
    let failure: string | null = typeof read === "string" ? read : read === undefined ? "no rule reads rule-changes (Rule 103)" : null;
    if (failure === null) {
      try {
        game.rules.applyAll(read as RuleChange[], cause);
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err);
      }
    }
    proposals.set(key, {
      ...p,
      incorporatedAt: failure === null ? game.now() : null,
      ...(failure === null ? {} : { reason: `${p.reason ?? "adopted"}; not incorporated: ${failure}` }),
    });
    game.post(failure === null ? `${cause} takes effect.` : `${cause} cannot take effect: ${failure}.`);
  }
});
