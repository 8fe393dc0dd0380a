/**
 * The steps every layout shares once it has read its entries: one number per rule, the
 * epilogue cut from the last rule, blank lines at the ends of a text dropped, and every
 * rule in effect with text (every stub without).
 */
import type { ArchivedRuleSpec, RuleSpec } from "../../kernel/types.js";
import { splitEpilogue } from "./epilogue.js";
import { RulesetImportError } from "./errors.js";
import type { Entry } from "./layout.js";
import { isBlank, joinLines, leadingBlanks, type Line, trimBlank } from "./lines.js";

export interface Finished {
  rules: RuleSpec[];
  archived: ArchivedRuleSpec[];
  epilogue: Line[];
}

function checkNumbers(entries: Entry[]): void {
  const seen = new Map<number, number>();
  for (const entry of entries) {
    const first = seen.get(entry.number);
    if (first !== undefined) {
      throw new RulesetImportError(entry.line, `rule ${entry.number} appears twice (first at line ${first}); each rule number may appear once`);
    }
    seen.set(entry.number, entry.line);
  }
}

/** Cuts the epilogue from the last entry's lines; `after` is what its layout already found past its end. */
function cutEpilogue(entries: Entry[], after: Line[], notes: string[]): Line[] {
  const last = entries.at(-1);
  if (!last) return trimBlank(after);
  const { text, epilogue } = splitEpilogue(last.body, { textExpected: last.stub === null });
  last.body = text;
  if (epilogue.length) {
    const shown = epilogue.filter((line) => !isBlank(line)).map((line) => `"${line.text.trim()}"`);
    notes.push(
      `${shown.length} ${shown.length === 1 ? "line" : "lines"} after rule ${last.number} ${shown.length === 1 ? "is" : "are"} taken as the page's footer, not the rule: ${shown.join(", ")} (text after the last rule that follows two or more blank lines is the epilogue)`,
    );
  }
  return trimBlank([...epilogue, ...after]);
}

/** Blank lines above a text are spacing; when a rule has more than most, say they were dropped. */
function noteUnusualSpacing(entries: Entry[], notes: string[]): void {
  const withText = entries.filter((entry) => entry.stub === null);
  const counts = new Map<number, number>();
  for (const entry of withText) counts.set(leadingBlanks(entry.body), (counts.get(leadingBlanks(entry.body)) ?? 0) + 1);
  const usual = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  for (const entry of withText) {
    const blanks = leadingBlanks(entry.body);
    if (blanks > usual && blanks < entry.body.length) {
      notes.push(
        `Rule ${entry.number}'s text begins after ${blanks} blank lines under its header, where most rules' begin after ${usual}: they are taken as spacing, not text`,
      );
    }
  }
}

export function finishEntries(entries: Entry[], after: Line[], notes: string[]): Finished {
  checkNumbers(entries);
  const epilogue = cutEpilogue(entries, after, notes);
  noteUnusualSpacing(entries, notes);
  const rules: RuleSpec[] = [];
  const archived: ArchivedRuleSpec[] = [];
  for (const entry of entries) {
    const lines = trimBlank(entry.body);
    const { number, title, mutable, props, history } = entry;
    if (entry.stub === null) {
      if (!lines.length)
        throw new RulesetImportError(entry.line, `rule ${number} has a header but no text; write its text under the header, or remove the header`);
      rules.push({ number, title, text: joinLines(lines), mutable, props, history });
    } else {
      if (lines.length) {
        throw new RulesetImportError(
          lines[0]!.n,
          `rule ${number} is ${entry.stub}, no longer in effect, but has text under it; remove the text, or give the rule the header of a rule in effect`,
        );
      }
      archived.push({ number, title, text: "", mutable, props, history });
    }
  }
  return { rules, archived, epilogue };
}
