/**
 * "Rule 101 (Immutable)" or plain "Rule 201", then the text up to the next such line. A rule
 * with no marker is mutable. (Nomic VIII.)
 */
import { RulesetImportError } from "./errors.js";
import { takeTitle } from "./front-matter.js";
import { type Entry, type Layout, ruleList } from "./layout.js";
import { splitAt } from "./lines.js";

const HEADER = /^Rule (\d+)(?: \(([^)]*)\))?$/i;

const isHeader = (text: string): boolean => HEADER.test(text.trimEnd());

export const ruleParenthesisedMutability: Layout = {
  name: "rule-parenthesised-mutability",
  describe: 'each rule opens with a line "Rule number", followed by "(Immutable)" for an immutable rule; its text runs to the next such line',
  example: "Rule 101 (Immutable)\n\nAll players must always abide by the rules.\n\nRule 201\n\nThe Proposal Queue is a queue that proposals go in.",
  isHeader,

  read(lines) {
    const { before, chunks } = splitAt(lines, (line) => isHeader(line.text));
    const unmarked: number[] = [];
    const entries = chunks.map(({ start, rest }): Entry => {
      const [, digits, marker] = HEADER.exec(start.text.trimEnd())!;
      const number = Number(digits);
      if (marker !== undefined && !/^(im)?mutable$/i.test(marker.trim())) {
        throw new RulesetImportError(
          start.n,
          `rule ${number}'s marker "(${marker})" is neither "(Immutable)" nor "(Mutable)"; correct it, or remove it to make the rule mutable`,
        );
      }
      if (marker === undefined) unmarked.push(number);
      return { line: start.n, number, title: null, body: rest, mutable: !/^immutable$/i.test(marker?.trim() ?? ""), props: {}, history: [], stub: null };
    });
    const notes = unmarked.length ? [`No mutability marker on ${ruleList(unmarked)}: taken as mutable (a rule without "(Immutable)" is mutable)`] : [];
    return { ...takeTitle(before, "first"), entries, after: [], notes };
  },
};
