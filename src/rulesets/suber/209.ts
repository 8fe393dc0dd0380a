// Rule 209: at no time may there be more than 25 mutable rules. A rule-change that would
// make a 26th is refused when proposed, and cannot take effect if adopted.

const limit = 25;
type Change = { kind: string; rule?: number };

// A proposal of several rule-changes (N_omic's 324) names the ones before this one in
// `earlier`: they take effect first, so they count.
function delta(change: Change): number {
  const target = change.rule === undefined ? undefined : game.rules.get(change.rule);
  if (change.kind === "enact") return 1;
  if (change.kind === "repeal") return target?.mutable ? -1 : 0;
  if (change.kind === "transmute" && target) return target.mutable ? -1 : 1;
  return 0;
}

answer("rule-change.invalid", ({ change, earlier = [] }: { change: Change; earlier?: Change[] }) => {
  const mutable = game.rules.all().filter((r) => r.mutable).length + earlier.reduce((n, c) => n + delta(c), 0);
  return delta(change) > 0 && mutable + 1 > limit ? `there are already ${mutable} mutable rules and there may never be more than ${limit}` : undefined;
});
