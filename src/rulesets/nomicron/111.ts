// Rule 111: there must always be at least one mutable rule. A rule-change that would leave
// none is refused, whatever rule allows it (this answer takes precedence over every other
// answer to "rule-change.allowed"). The second sentence, that adopting rule-changes must stay
// possible, the engine keeps for every game: it refuses a change leaving no way to propose.

interface Summary {
  kind: string | null;
  number: number | null;
  to?: number;
  mutable?: boolean;
}

answer(
  "rule-change.allowed",
  ({ changes }: { changes: Summary[] }) => {
    const mutable = new Set(
      game.rules
        .all()
        .filter((r) => r.mutable)
        .map((r) => r.number),
    );
    for (const c of changes) {
      if (c.number === null) continue;
      if (c.kind === "enact" && c.mutable !== false) mutable.add(c.number);
      if (c.kind === "enact" && c.mutable === false) mutable.delete(c.number);
      if (c.kind === "repeal") mutable.delete(c.number);
      if (c.kind === "transmute") c.mutable ? mutable.add(c.number) : mutable.delete(c.number);
      if (c.kind === "renumber" && c.to !== undefined && mutable.delete(c.number)) mutable.add(c.to);
    }
    return mutable.size > 0 ? undefined : "there must always be at least one mutable rule";
  },
  { precedes: "all" },
);
