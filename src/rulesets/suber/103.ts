// Rule 103: what a rule-change is. This rule checks that a proposed rule-change is one of
// the kinds it lists and applies to a rule it may apply to (immutable rules may not be
// amended or repealed, only transmuted), and says how each kind is put into effect.

type Change = {
  kind: string;
  rule?: number;
  revision?: number;
  text?: string;
  title?: string;
  code?: RuleCode;
  removeCode?: boolean;
};

answer("rule-change.invalid", ({ change }: { change: Change }) => {
  const target = change.rule === undefined ? undefined : game.rules.get(change.rule);
  switch (change.kind) {
    case "enact":
      return undefined;
    case "repeal":
    case "amend":
    case "amend-amendment":
    case "repeal-amendment": {
      if (!target) return `there is no rule ${change.rule} to ${change.kind.replace("-", " the ")}`;
      if (!target.mutable) return `rule ${target.number} is immutable: it may not be amended or repealed while it is immutable (transmute it first)`;
      if (change.kind === "amend" && change.text === undefined && change.title === undefined && change.code === undefined && !change.removeCode) {
        return "an amendment must change the rule's text, title or code";
      }
      if (change.kind === "amend-amendment" || change.kind === "repeal-amendment") {
        const made = target.history.find((h) => h.revision === change.revision && h.change === "amended");
        if (!made) return `revision ${change.revision} of rule ${target.number} was not made by an amendment`;
      }
      return undefined;
    }
    case "transmute":
      return target ? undefined : `there is no rule ${change.rule} to transmute`;
    default:
      return `"${change.kind}" is not a kind of rule-change`;
  }
});

// How a proposal's rule-change becomes the engine's changes. Rule 108 says which number
// the changed rule takes.
answer("rule-change.ops", ({ change, proposal }: { change: Change; proposal: number }) => {
  const numberFor = (kind: string, rule: number | null) => game.ask<number>("rule-change.number", { kind, rule, proposal })?.value;
  const renumber = (rule: number): RuleChange[] => {
    const to = numberFor(change.kind, rule);
    return to !== undefined && to !== rule ? [{ kind: "renumber", number: rule, to }] : [];
  };
  const rule = change.rule ?? 0;
  switch (change.kind) {
    case "enact":
      return [
        {
          kind: "enact",
          number: numberFor("enact", null) ?? proposal,
          text: change.text ?? "",
          title: change.title ?? null,
          mutable: true,
          code: change.code ?? null,
        },
      ];
    case "repeal":
      return [{ kind: "repeal", number: rule }];
    case "amend": {
      const amend: { kind: "amend"; number: number; text?: string; title?: string | null; code?: RuleCode | null } = { kind: "amend", number: rule };
      if (change.text !== undefined) amend.text = change.text;
      if (change.title !== undefined) amend.title = change.title;
      if (change.code !== undefined) amend.code = change.code;
      else if (change.removeCode) amend.code = null;
      return [amend, ...renumber(rule)];
    }
    case "transmute": {
      const target = game.rules.get(rule);
      return [{ kind: "transmute", number: rule, mutable: !target?.mutable }, ...renumber(rule)];
    }
    case "amend-amendment": {
      const amend: { kind: "amend"; number: number; text?: string; code?: RuleCode | null } = { kind: "amend", number: rule };
      if (change.text !== undefined) amend.text = change.text;
      if (change.code !== undefined) amend.code = change.code;
      return [amend, ...renumber(rule)];
    }
    case "repeal-amendment": {
      // The rule returns to what it was before the repealed amendment.
      const before = contentAt(rule, (change.revision ?? 2) - 1);
      return [{ kind: "amend", number: rule, text: before.text, title: before.title, code: before.code }, ...renumber(rule)];
    }
    default:
      return undefined;
  }
});

function contentAt(number: number, revision: number): { text: string; title: string | null; code: RuleCode | null } {
  const content: { text: string; title: string | null; code: RuleCode | null } = { text: "", title: null, code: null };
  for (const h of game.rules.get(number)?.history ?? []) {
    if (h.revision > revision) break;
    if ((h.change === "enacted" || h.change === "amended") && h.detail && typeof h.detail === "object" && !Array.isArray(h.detail)) {
      const d = h.detail as { text?: string; title?: string | null; code?: RuleCode | null };
      if (d.text !== undefined) content.text = d.text;
      if (d.title !== undefined) content.title = d.title;
      if (d.code !== undefined) content.code = d.code;
    }
  }
  return content;
}
