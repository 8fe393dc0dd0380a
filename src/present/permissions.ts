/**
 * What a rule's code may do, in players' words, as an app lists its permissions: read from
 * the declarations its code made when it loaded (the engine holds a rule to them), so a
 * voter sees them before the rule is adopted (in a dry run) and anyone can see them after.
 * The questions and events named here are the engine's own; a ruleset's are shown by name.
 */
import type { GameState, RuleDeclares, Visibility } from "../kernel/types.js";

/** Questions the engine itself asks, and what answering each lets a rule decide. */
const engineQuestions: Record<string, string> = {
  "rule-change.allowed": "decides whether rule code may change the rules (rule-change.allowed)",
  "rule-change.probe": "tells the engine how a rule-change could still be adopted (rule-change.probe)",
  "correction.allowed": "decides who may correct the record (correction.allowed)",
};

function seenBy(v: Visibility): string {
  if (typeof v === "object") return `seen only by the players named in "${v.seenBy}"`;
  return {
    public: "seen by everyone",
    owner: "each player's value seen only by that player",
    others: "each player's value seen by everyone but that player",
    hidden: "seen by no one",
  }[v];
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(", ");

export interface Permissions {
  /** One sentence a permission, most consequential first. */
  lines: string[];
  /** Why the code did not load, if it did not: it then does nothing until amended. */
  failed: string | null;
}

/** What Rule `number`'s code may do in `state`, or null if the rule has no code loaded. */
export function permissionsOf(state: GameState, number: number): Permissions | null {
  if (!state.rules[String(number)]?.code) return null;
  const failed = state.broken[String(number)] ?? null;
  const d: RuleDeclares | undefined = state.declares[String(number)];
  if (d === undefined) return failed === null ? null : { lines: [], failed };
  const lines: string[] = [];
  const changing = d.actions.filter((a) => a.changesRules).map((a) => a.name);
  if (changing.length) lines.push(`Offers actions that change the rules: ${quoted(changing)}.`);
  if (d.changes)
    lines.push(
      "Changes the rules with its own code, outside any vote: it may amend its own text, title, code and properties, and other rules only where a rule allows it (rule-change.allowed).",
    );
  for (const q of d.answers) if (q in engineQuestions) lines.push(`Answers the engine: ${engineQuestions[q]}.`);
  if (d.reads?.length) lines.push(`Reads secret state kept by other rules: ${quoted(d.reads)}.`);
  if (d.readsChannels) lines.push("Reads what is written in private channels other rules keep, which their readers alone see.");
  if (d.forbids.length) lines.push(`May forbid the actions: ${quoted(d.forbids)}.`);
  const others = d.actions.filter((a) => !a.changesRules).map((a) => a.name);
  if (others.length) lines.push(`Offers the actions: ${quoted(others)}.`);
  for (const name of d.state) {
    const decl = state.decls[name];
    lines.push(
      `Keeps the state "${name}"${decl ? `, ${decl.scope === "player" ? "one value per player" : "one value for the game"}, ${seenBy(decl.visibility)}` : ""}.`,
    );
  }
  const questions = d.answers.filter((q) => !(q in engineQuestions));
  if (questions.length) lines.push(`Answers the rules' questions: ${quoted(questions)}.`);
  if (d.on.length) lines.push(`Acts when these happen: ${quoted(d.on)}.`);
  if (lines.length === 0) lines.push("Declares nothing: it offers no action, keeps no state and answers nothing.");
  return { lines, failed };
}
