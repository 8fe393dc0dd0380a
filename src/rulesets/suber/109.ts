// Rule 109: a rule-change that transmutes an immutable rule into a mutable one is adopted
// if and only if the vote is unanimous among the eligible voters. (Transmutation must be
// explicit: only a rule-change of the kind "transmute" transmutes.) Being immutable, this
// rule's answer takes precedence over Rule 203's.

interface Proposal {
  change: { kind: string; rule?: number };
  votes: { [player: string]: "for" | "against" };
}

answer("adoption", ({ proposal }: { proposal: Proposal }) => {
  const target = proposal.change.rule === undefined ? undefined : game.rules.get(proposal.change.rule);
  if (proposal.change.kind !== "transmute" || !target || target.mutable) return undefined;
  const voters = game.ask<string[]>("eligible-voters")?.value ?? [];
  const against = voters.filter((v) => proposal.votes[v] !== "for").length;
  return against === 0
    ? { adopted: true, method: "unanimity", reason: "unanimous, as a transmutation of an immutable rule requires" }
    : { adopted: false, method: "unanimity", reason: `a transmutation of an immutable rule needs a unanimous vote; ${against} voted against` };
});
