// Rule 106: a rule-change that transmutes, amends or repeals an immutable or convention rule
// is adopted only if the vote is unanimous among the players who vote on it; transmutation
// is never implied: only a proposal of kind "transmute" changes a rule's type (an amendment
// keeps the rule's type, whatever its words say).
//
// Reading taken: "unanimous among the players who vote" needs at least one vote cast, and no
// vote against. This rule answers "adoption" before Rule 203 (it has precedence) only for
// the proposals it governs; for the others it leaves the question to 203.

interface Proposal {
  number: number;
  votes: { [player: string]: "for" | "against" };
  change: { kind: string; rule?: number };
}

answer("adoption", ({ proposal }: { proposal: Proposal }) => {
  const { kind, rule } = proposal.change;
  if (kind === "enact" || rule === undefined) return undefined;
  const book = game.rules.get(rule)?.props.book;
  if (book !== "Immutable" && book !== "Convention") return undefined;
  const voters = game.ask<PlayerId[]>("eligible-voters")?.value ?? [];
  const cast = voters.filter((v) => proposal.votes[v] !== undefined);
  const favour = cast.filter((v) => proposal.votes[v] === "for").length;
  const what = `${kind === "transmute" ? "transmuting" : kind === "repeal" ? "repealing" : "amending"} ${String(book).toLowerCase()} rule ${rule}`;
  return cast.length > 0 && favour === cast.length
    ? { adopted: true, method: "unanimity", reason: `${what} needs a unanimous vote, and all ${favour} votes cast were for` }
    : {
        adopted: false,
        method: "unanimity",
        reason: `${what} needs a unanimous vote among those voting; ${cast.length - favour} of ${cast.length} voted against`,
      };
});
