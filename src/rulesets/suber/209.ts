// Rule 209: at no time may there be more than 25 mutable rules. A rule-change that would
// make a 26th is refused when proposed, and cannot take effect if adopted.

const limit = 25;
type Change = { kind: string; rule?: number };

answer("rule-change.invalid", ({ change }: { change: Change }) => {
  const mutable = game.rules.all().filter((r) => r.mutable).length;
  const target = change.rule === undefined ? undefined : game.rules.get(change.rule);
  const adds = change.kind === "enact" || (change.kind === "transmute" && target !== undefined && !target.mutable);
  return adds && mutable + 1 > limit ? `there are already ${mutable} mutable rules and there may never be more than ${limit}` : undefined;
});
