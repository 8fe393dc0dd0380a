// Rule 107: modifying a property of an immutable rule (its mutability included), or
// transmuting a mutable rule to immutable, is adopted only by a vote unanimous among the voters.
//
// Readings taken: "unanimous among the voters" is at least one vote cast and none against
// (those who withdrew their vote are not voters). The rule is read as of the vote's close. This
// rule answers "adoption" (Rule 202 requires every answering rule to agree) only for the
// proposals it governs; Rule 203's majority also holds, and follows from unanimity.

interface Proposal {
  change: { kind: string; number?: number; key?: string; value?: Json };
}

answer("adoption", ({ proposal, tally }: { proposal: Proposal; tally: { [person: string]: "for" | "against" } }) => {
  const { kind, number, key, value } = proposal.change;
  if (kind !== "set-property" || number === undefined) return undefined;
  const rule = game.rules.get(number);
  const immutable = rule !== undefined && !rule.mutable;
  const toImmutable = key === "mutable" && (value === false || value === "immutable");
  if (!immutable && !toImmutable) return undefined;
  const cast = Object.values(tally);
  const against = cast.filter((v) => v === "against").length;
  const what = immutable ? `modifying immutable rule ${number}` : `transmuting rule ${number} to immutable`;
  return cast.length > 0 && against === 0
    ? { adopted: true, reason: `${what} needs a unanimous vote, and all ${cast.length} votes were in favour` }
    : { adopted: false, reason: `${what} needs a unanimous vote among the voters (Rule 107); ${against} of ${cast.length} voted against` };
});
