/**
 * "311 - Mutable - Amended from rule 207 January 5th, 2001": a header line gives the number,
 * the mutability and the rule's last change; the text runs to the next header. A repealed
 * rule keeps only its header ("205 - Repealed by Rule-Change 336 April 22nd, 2001"). (N_omic.)
 */
import type { HistoryChange, Json, PublishedHistory } from "../../kernel/types.js";
import { readDate } from "./dates.js";
import { RulesetImportError } from "./errors.js";
import { takeTitle } from "./front-matter.js";
import { type Entry, type Layout, ruleList } from "./layout.js";
import { splitAt } from "./lines.js";

const HEADER = /^(\d+) - ([A-Za-z]+)\b(.*)$/;

interface Event {
  pattern: RegExp;
  change: HistoryChange;
  cause: (m: RegExpExecArray) => string;
  detail?: (m: RegExpExecArray) => Json;
}

/** The changes a status line states; whatever follows the matched words is the date. */
const EVENTS: Event[] = [
  { pattern: /^Initial Rule\b/i, change: "enacted", cause: () => "Initial Set" },
  { pattern: /^Enacted\b/i, change: "enacted", cause: () => "a rule-change" },
  // "Amended from rule 207": the rule-change that amended 207 gave the rule its new number.
  { pattern: /^Amended from rule (\d+)\b/i, change: "amended", cause: () => "a rule-change", detail: (m) => ({ from: Number(m[1]) }) },
  { pattern: /^Transmuted from rule (\d+)\b/i, change: "transmuted", cause: () => "a rule-change", detail: (m) => ({ from: Number(m[1]) }) },
  { pattern: /^Renumbered from rule (\d+)\b/i, change: "renumbered", cause: () => "a rule-change", detail: (m) => ({ from: Number(m[1]) }) },
  { pattern: /^Automatically amended by rule (\d+)\b/i, change: "amended", cause: (m) => `Rule ${m[1]}` },
  { pattern: /^Repealed by ([A-Za-z-]+ \d+)\b/i, change: "repealed", cause: (m) => m[1]! },
];

function readStatus(text: string, line: number, number: number, notes: string[]): PublishedHistory {
  for (const event of EVENTS) {
    const m = event.pattern.exec(text);
    if (!m) continue;
    const dateText = text.slice(m[0].length).trim();
    const date = dateText ? readDate(dateText) : null;
    if (dateText && !date) {
      throw new RulesetImportError(
        line,
        `rule ${number}'s status line has a date that cannot be read: "${dateText}"; write it like "January 5th, 2001" or "2001-01-05"`,
      );
    }
    if (date?.assumed) notes.push(`Rule ${number}: ${date.assumed}`);
    const entry: PublishedHistory = { change: event.change, at: date?.at ?? null, cause: event.cause(m), text };
    if (event.detail) entry.detail = event.detail(m);
    return entry;
  }
  // A change in words no pattern knows is still worth keeping, as a remark with no date.
  notes.push(
    `Rule ${number}'s status "${text}" is not a change Nomos knows (Initial Rule, Enacted, Amended, Transmuted or Renumbered from rule N, Automatically amended by rule N, Repealed by X N): kept as a remark in its history, with no date`,
  );
  const repealed = /^Repealed\b/i.test(text);
  return {
    change: repealed ? "repealed" : "annotated",
    at: null,
    cause: repealed ? text.replace(/^Repealed\s*(by\s*)?/i, "") || "a rule-change" : "the published ruleset",
    text,
  };
}

export const numberStatusLine: Layout = {
  name: "number-status-line",
  describe:
    'each rule opens with a line "number - Mutable or Immutable - its last change and date"; its text runs to the next such line; a repealed rule is a line "number - Repealed by ... date" alone',
  example:
    "311 - Mutable - Amended from rule 207 January 5th, 2001\nEach player has one vote per proposal.\n\n205 - Repealed by Rule-Change 336 April 22nd, 2001",
  isHeader: (text) => HEADER.test(text.trimEnd()),

  read(lines) {
    const { before, chunks } = splitAt(lines, (line) => HEADER.test(line.text.trimEnd()));
    const notes: string[] = [];
    const entries: Entry[] = chunks.map(({ start, rest }) => {
      const header = start.text.trimEnd();
      const [, digits, word] = HEADER.exec(header)!;
      const number = Number(digits);
      const status = header.slice(`${digits} - `.length);
      if (/^repealed$/i.test(word!)) {
        const history = readStatus(status, start.n, number, notes);
        return { line: start.n, number, title: null, body: rest, mutable: true, props: {}, history: [history], stub: `listed as ${status}` };
      }
      if (!/^(im)?mutable$/i.test(word!)) {
        throw new RulesetImportError(
          start.n,
          `rule ${number}'s status "${word}" is not Immutable, Mutable or Repealed; correct it, as in "${number} - Mutable - Enacted December 8th, 2000"`,
        );
      }
      const change = status.slice(word!.length);
      if (change && !change.startsWith(" - ")) {
        throw new RulesetImportError(
          start.n,
          `rule ${number}'s header should go on with " - " and the rule's last change after "${word}", as in "${number} - ${word} - Enacted December 8th, 2000"`,
        );
      }
      const history = change ? [readStatus(change.slice(3).trim(), start.n, number, notes)] : [];
      return { line: start.n, number, title: null, body: rest, mutable: /^mutable$/i.test(word!), props: {}, history, stub: null };
    });
    const repealed = entries.filter((entry) => entry.stub).map((entry) => entry.number);
    if (repealed.length)
      notes.push(`Repealed ${ruleList(repealed)}: kept as no longer in effect, with no text; a repealed entry states no mutability, so it is taken as mutable`);
    return { ...takeTitle(before, "first"), entries, after: [], notes };
  },
};
