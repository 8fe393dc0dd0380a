// Rule 108: precedence in five steps. Rules whose answers say `precedenceBy: 108` have their
// conflicts settled here: the engine asks "precedence.conflict" { question, rules } and this rule
// answers the number of the rule that prevails, or nothing to let the comparison go on.
//
// Readings taken where the text is open:
// - Step 1 (immutable over mutable) reads each rule's mutability as it is now (a transmuted rule
//   counts as what it has become); the engine compares the same way before it asks.
// - Step 2 is why this rule is asked: every rule in the conflict names Rule 108 as the rule that
//   determines its precedence, so Rule 108's own steps are its determinations.
// - Step 3: a rule "explicitly says of itself" that it takes precedence over or defers to others
//   through its properties `precedes` / `defersTo` (a list of rule numbers, or "all"), or through
//   its code's claims (`precedes` / `defersTo` on its answers), which the engine compares when this
//   rule leaves the question open. Claims used only when they resolve the conflict and agree.
// - Steps 4 (barring beats allowing) and 5 (the lowest number) need the answers themselves, which
//   the question does not carry: the engine applies them, in this order, when this rule answers nothing.

type Claim = readonly number[] | "all" | undefined;

const claimOf = (value: Json | undefined): Claim =>
  value === "all" ? "all" : Array.isArray(value) && value.every((n) => typeof n === "number") ? (value as number[]) : undefined;
const names = (claim: Claim, n: number) => claim === "all" || (claim?.includes(n) ?? false);

/** Step 3: the one rule every claim in the conflict puts first, if the claims agree and settle it. */
function byClaims(rules: readonly number[]): number | undefined {
  const beats = (a: number, b: number): boolean | undefined => {
    const pa = game.rules.get(a)?.props ?? {};
    const pb = game.rules.get(b)?.props ?? {};
    const aOver = names(claimOf(pa.precedes), b) || names(claimOf(pb.defersTo), a);
    const bOver = names(claimOf(pb.precedes), a) || names(claimOf(pa.defersTo), b);
    if (aOver && bOver) return undefined;
    return aOver ? true : bOver ? false : undefined;
  };
  const winners = rules.filter((a) => rules.every((b) => a === b || beats(a, b) === true));
  return winners.length === 1 ? winners[0] : undefined;
}

answer("precedence.conflict", (q: { question: string; rules: readonly number[] }) => {
  const immutable = q.rules.filter((n) => game.rules.get(n)?.mutable === false);
  if (immutable.length === 1 && q.rules.length > 1) return immutable[0];
  return byClaims(immutable.length ? immutable : q.rules);
});
