// Rule 114: there must always be at least one mutable rule, and the adoption of
// rule-changes must never become completely impermissible. This rule refuses a change
// that would leave no mutable rule; the engine itself refuses any change that would leave
// no way to propose rule-changes.

type Change = { kind: string; rule?: number };

answer("rule-change.invalid", ({ change }: { change: Change }) => {
  const target = change.rule === undefined ? undefined : game.rules.get(change.rule);
  if (!target?.mutable) return undefined;
  if (change.kind !== "repeal" && change.kind !== "transmute") return undefined;
  const mutable = game.rules.all().filter((r) => r.mutable).length;
  return mutable <= 1 ? `rule ${target.number} is the last mutable rule, and there must always be at least one` : undefined;
});
