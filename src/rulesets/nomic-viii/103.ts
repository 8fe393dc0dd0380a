// Rule 103: a rule-change is the enactment or repeal of a mutable rule, or the modification
// of one of a rule's properties.
//
// Readings taken:
// - A proposal carries its rule-change as { kind: "enact", title, text, code? },
//   { kind: "repeal", number } or { kind: "set-property", number, key, value }. This rule
//   reads it (the question "rule-change.read") for the rules that check a proposal (201) and
//   that incorporate it (105): the engine's changes that carry it out, or why it is no rule-change.
// - "Of a mutable rule" qualifies both enactment and repeal: a rule enacted is mutable, and only
//   a mutable rule may be repealed (an immutable one must first be transmuted).
// - Modifying the body (key "text", with the code that carries it out, if any) is an amendment;
//   modifying the mutability (key "mutable": true/"mutable" or false/"immutable") a
//   transmutation; "title" is the rule's title. Any other key must be a property the rule has
//   (Rule 102: one a rule declared with a default, or one already set). The number is never
//   modifiable (Rule 102).

type Change8 =
  | { kind: "enact"; title?: string; text?: string; code?: RuleCode }
  | { kind: "repeal"; number: number }
  | { kind: "set-property"; number: number; key: string; value: Json; code?: RuleCode };

function read(change: Change8, number: number): RuleChange[] | string {
  if (change.kind === "enact") {
    if (!change.text?.trim()) return "a new rule needs its text (its body)";
    return [{ kind: "enact", number, title: change.title?.trim() || null, text: change.text, mutable: true, code: change.code ?? null }];
  }
  const rule = game.rules.get(change.number);
  if (!rule) return `there is no rule ${change.number} in effect`;
  if (change.kind === "repeal")
    return rule.mutable ? [{ kind: "repeal", number: rule.number }] : `rule ${rule.number} is immutable: only a mutable rule may be repealed`;
  const { key, value } = change;
  if (key === "number") return "a rule's number cannot be modified (Rule 102)";
  if (key === "text") {
    if (typeof value !== "string" || !value.trim()) return "a rule's body (text) must be some text";
    return [{ kind: "amend", number: rule.number, text: value, ...(change.code !== undefined ? { code: change.code } : {}) }];
  }
  if (key === "title") return typeof value === "string" ? [{ kind: "amend", number: rule.number, title: value.trim() || null }] : "a rule's title is text";
  if (key === "mutable") {
    const mutable = value === true || value === "mutable" ? true : value === false || value === "immutable" ? false : null;
    if (mutable === null) return 'a rule\'s mutability is either "mutable" or "immutable" (Rule 102)';
    if (mutable === rule.mutable) return `rule ${rule.number} is already ${mutable ? "mutable" : "immutable"}`;
    return [{ kind: "transmute", number: rule.number, mutable }];
  }
  if (!(key in rule.props)) return `rules have no property "${key}": a rule must define it first (Rule 102)`;
  return [{ kind: "set-property", number: rule.number, key, value }];
}

answer("rule-change.read", ({ change, number }: { change: Change8; number: number }) => read(change, number));
