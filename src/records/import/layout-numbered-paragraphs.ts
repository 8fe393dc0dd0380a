/**
 * "101. All players must ...": a number and a full stop open the rule's first paragraph;
 * its next paragraphs are the lines below, up to a line "*" or the next rule. Headings
 * "Immutable Rules" / "Mutable Rules" give the mutability of the rules under them, and the
 * line just above the first heading is the document's title. (Suber's Initial Set.)
 */
import { RulesetImportError } from "./errors.js";
import { takeTitle } from "./front-matter.js";
import { type Entry, type Layout, ruleList } from "./layout.js";
import { isBlank, type Line, splitAt } from "./lines.js";

const HEADER = /^(\d+)\.(?: +(.*))?$/;
const HEADING = /^(im)?mutable rules$/i;
const isSeparator = (line: Line): boolean => line.text.trim() === "*";

export const numberedParagraphs: Layout = {
  name: "numbered-paragraphs",
  describe:
    'each rule opens with its number and a full stop ("101. ..."); its paragraphs are the lines below, up to a line "*"; headings "Immutable Rules" and "Mutable Rules" set the mutability of the rules under them',
  example: "Immutable Rules\n101. All players must always abide by all the rules then in effect.\n*",
  isHeader: (text) => HEADER.test(text.trimEnd()),

  read(lines) {
    const { before, chunks } = splitAt(lines, (line) => HEADER.test(line.text.trimEnd()) || HEADING.test(line.text.trim()));
    const entries: Entry[] = [];
    const withoutHeading: number[] = [];
    let group: { name: string; mutable: boolean } | null = null;
    let after: Line[] = [];

    for (const [i, { start, rest }] of chunks.entries()) {
      const heading = HEADING.exec(start.text.trim());
      if (heading) {
        group = { name: start.text.trim(), mutable: !heading[1] };
        const stray = rest.find((line) => !isBlank(line));
        if (stray)
          throw new RulesetImportError(
            stray.n,
            `text under the heading "${group.name}" belongs to no rule; a rule starts with its number and a full stop, like "101. ..."`,
          );
        continue;
      }
      const m = HEADER.exec(start.text.trimEnd())!;
      const number = Number(m[1]);
      const end = rest.findIndex(isSeparator);
      const body = [{ n: start.n, text: m[2] ?? "" }, ...(end === -1 ? rest : rest.slice(0, end))];
      // Below the "*" only blank lines may stand, unless it ends the last rule: then it is the epilogue.
      const below = end === -1 ? [] : rest.slice(end + 1);
      const stray = below.find((line) => !isBlank(line));
      if (stray && i < chunks.length - 1) {
        throw new RulesetImportError(
          stray.n,
          `this line is below the "*" that ends rule ${number} and belongs to no rule; remove the "*" above it to keep it in rule ${number}, or start a rule with its number and a full stop`,
        );
      }
      if (stray) after = below;
      if (!group) withoutHeading.push(number);
      entries.push({
        line: start.n,
        number,
        title: null,
        body,
        mutable: group?.mutable ?? true,
        props: group ? { group: group.name } : {},
        history: [],
        stub: null,
      });
    }

    const notes: string[] = [];
    if (withoutHeading.length) notes.push(`No "Immutable Rules" or "Mutable Rules" heading above ${ruleList(withoutHeading)}: taken as mutable`);
    const footer = after.filter((line) => !isBlank(line)).length;
    if (footer)
      notes.push(
        `${footer} ${footer === 1 ? "line" : "lines"} below the "*" that ends the last rule, ${entries.at(-1)!.number}, ${footer === 1 ? "is" : "are"} taken as the epilogue`,
      );
    // The title stands right above the rules, after the introduction (which is the preamble).
    return { ...takeTitle(before, "last"), entries, after, notes };
  },
};
