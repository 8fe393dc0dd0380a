/**
 * Turns a published Nomic ruleset, pasted as text, into the rules a game starts from. The
 * importer knows a few common published layouts (never a game); it recognises the layout by
 * itself, keeps every rule's text byte for byte, and either imports everything or throws a
 * RulesetImportError naming the line to fix.
 */
import type { ArchivedRuleSpec, RuleSpec } from "../../kernel/types.js";
import { RulesetImportError } from "./errors.js";
import { finishEntries } from "./finish-entries.js";
import { findAsOf } from "./front-matter.js";
import type { Layout } from "./layout.js";
import { booksWithVersions } from "./layout-books-with-versions.js";
import { numberStatusLine } from "./layout-number-status-line.js";
import { numberedParagraphs } from "./layout-numbered-paragraphs.js";
import { ruleDashMutability } from "./layout-rule-dash-mutability.js";
import { ruleParenthesisedMutability } from "./layout-rule-parenthesised-mutability.js";
import { joinLines, type Line, toLines } from "./lines.js";

export { RulesetImportError } from "./errors.js";

export interface ImportedRuleset {
  /** The layout read, e.g. "numbered-paragraphs". */
  layout: string;
  /** The document's title line, if it has one. */
  title: string | null;
  /** The line saying when the ruleset was current, with that day as ms UTC midnight. */
  asOf: { text: string; at: number | null } | null;
  /** The text before the first rule that is not the title or a heading, verbatim; "" if none. */
  preamble: string;
  /** The text after the last rule that is not part of it (a page's footer); "" if none. */
  epilogue: string;
  /** The rules in effect, in source order. */
  rules: RuleSpec[];
  /** The rules the text lists as no longer in effect (stubs, repealed entries), in source order. */
  archived: ArchivedRuleSpec[];
  /** What the importer decided that a user should know. */
  notes: string[];
}

const LAYOUTS: Layout[] = [numberedParagraphs, numberStatusLine, booksWithVersions, ruleDashMutability, ruleParenthesisedMutability];

export const rulesetLayouts: { name: string; describe: string; example: string }[] = LAYOUTS.map(({ name, describe, example }) => ({
  name,
  describe,
  example,
}));

const exampleHeader = (layout: Layout): string => layout.example.split("\n").find((line) => layout.isHeader(line)) ?? layout.example;

/** The layout named, or the one whose header pattern the most lines match (the first listed, on a tie). */
function chooseLayout(lines: Line[], name: string | undefined, notes: string[]): Layout {
  const counted = LAYOUTS.map((layout) => ({ layout, headers: lines.filter((line) => layout.isHeader(line.text)).length }));
  const ranked = [...counted].sort((a, b) => b.headers - a.headers);
  if (name !== undefined) {
    const chosen = counted.find(({ layout }) => layout.name === name);
    if (!chosen) throw new RulesetImportError(0, `unknown layout "${name}"; the layouts are: ${LAYOUTS.map((layout) => layout.name).join(", ")}`);
    if (chosen.headers === 0) {
      const best = ranked[0]!.headers > 0 ? `; the text looks like the layout "${ranked[0]!.layout.name}"` : "";
      throw new RulesetImportError(1, `no line looks like the start of a rule in the layout "${name}" (such as "${exampleHeader(chosen.layout)}")${best}`);
    }
    return chosen.layout;
  }
  const [best, next] = ranked;
  if (!best || best.headers === 0) {
    const all = LAYOUTS.map((layout) => `${layout.name} ("${exampleHeader(layout)}")`).join(", ");
    throw new RulesetImportError(1, `no line looks like the start of a rule; the layouts Nomos reads are: ${all}`);
  }
  const runnerUp = next && next.headers > 0 ? `; next, "${next.layout.name}" with ${next.headers}` : "";
  notes.push(`Recognised the layout "${best.layout.name}": ${best.headers} lines look like its rule headers${runnerUp}`);
  return best.layout;
}

export function importRuleset(text: string, options: { layout?: string } = {}): ImportedRuleset {
  const lines = toLines(text);
  const notes: string[] = [];
  const layout = chooseLayout(lines, options.layout, notes);
  const reading = layout.read(lines);
  notes.push(...reading.notes);
  const { rules, archived, epilogue } = finishEntries(reading.entries, reading.after, notes);
  const found = findAsOf([...reading.preamble, ...epilogue]);
  if (found?.assumed) notes.push(`"${found.text}": ${found.assumed}`);
  return {
    layout: layout.name,
    title: reading.title,
    asOf: found && { text: found.text, at: found.at },
    preamble: joinLines(reading.preamble),
    epilogue: joinLines(epilogue),
    rules,
    archived,
    notes,
  };
}
