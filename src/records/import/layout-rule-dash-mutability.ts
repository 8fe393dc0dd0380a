/**
 * "Rule 101 - immutable", then a title line, then (usually after a blank line) the text. A rule
 * no longer in effect is a stub pointing elsewhere: "Rule 201 [amended - see Rule 303]",
 * "Rule 314 [repealed - see Proposal 380]". (deNomic.)
 */
import type { HistoryChange, PublishedHistory } from "../../kernel/types.js";
import { RulesetImportError } from "./errors.js";
import { takeTitle } from "./front-matter.js";
import { type Entry, type Layout, ruleList } from "./layout.js";
import { isBlank, splitAt } from "./lines.js";

const HEADER = /^Rule (\d+) - (\S+)$/i;
const STUB = /^Rule (\d+) \[(.*)\]$/i;
const STUB_CONTENT = /^(amended|transmuted|repealed|renumbered) *- *see (\S+) (\d+)$/i;

const isHeader = (text: string): boolean => HEADER.test(text.trimEnd()) || STUB.test(text.trimEnd());

function readStub(number: number, content: string, line: number): Entry {
  const m = STUB_CONTENT.exec(content.trim());
  if (!m) {
    throw new RulesetImportError(
      line,
      `cannot read "[${content}]" for rule ${number}; a rule no longer in effect reads like "[amended - see Rule 303]", "[transmuted - see Rule 348]" or "[repealed - see Proposal 380]"`,
    );
  }
  const change = m[1]!.toLowerCase() as HistoryChange;
  const points = m[2]!.toLowerCase() === "rule";
  const history: PublishedHistory = { change, at: null, cause: `${m[2]} ${m[3]}`, text: content };
  if (points && change !== "repealed") history.detail = { to: Number(m[3]) };
  return { line, number, title: null, body: [], mutable: true, props: {}, history: [history], stub: `listed as [${content}]` };
}

/**
 * A stub "[amended - see Rule 303]" also says where Rule 303 came from: 303 gets that line
 * of history, and the stub gets 303's mutability (the opposite, for a transmutation).
 */
function linkStubs(entries: Entry[], notes: string[]): void {
  const inferred: number[] = [];
  for (const stub of entries.filter((entry) => entry.stub)) {
    const [line] = stub.history;
    const to = (line?.detail as { to?: number } | undefined)?.to;
    if (!line || to === undefined) continue;
    const target = entries.find((entry) => entry.number === to && !entry.stub);
    if (!target) {
      notes.push(`Rule ${stub.number} is listed as ${line.change} into rule ${to}, which the ruleset does not contain`);
      continue;
    }
    target.history.push({
      change: line.change,
      at: null,
      cause: "a rule-change",
      text: `${line.change} from Rule ${stub.number} (see the entry for Rule ${stub.number})`,
      detail: { from: stub.number },
    });
    stub.mutable = line.change === "transmuted" ? !target.mutable : target.mutable;
    inferred.push(stub.number);
  }
  if (inferred.length) {
    notes.push(
      `The stubs of ${ruleList(inferred)} state no mutability: each is given that of the rule it points to (the opposite, if transmuted); other stubs are taken as mutable`,
    );
  }
}

export const ruleDashMutability: Layout = {
  name: "rule-dash-mutability",
  describe:
    'each rule opens with "Rule number - mutable" (or immutable), then a title line, then its text; a rule no longer in effect is a stub "Rule number [amended - see Rule N]"',
  example: "Rule 101 - immutable\nObey The Rules\n\nAll players must always abide by all the rules.\n\nRule 201 [amended - see Rule 303]",
  isHeader,

  read(lines) {
    const { before, chunks } = splitAt(lines, (line) => isHeader(line.text));
    const entries = chunks.map(({ start, rest }): Entry => {
      const stub = STUB.exec(start.text.trimEnd());
      if (stub) return { ...readStub(Number(stub[1]), stub[2]!, start.n), body: rest };
      const [, digits, word] = HEADER.exec(start.text.trimEnd())!;
      const number = Number(digits);
      if (!/^(im)?mutable$/i.test(word!)) {
        throw new RulesetImportError(
          start.n,
          `rule ${number}'s mutability "${word}" is neither "mutable" nor "immutable"; correct it, as in "Rule ${number} - mutable"`,
        );
      }
      // The title is the line right under the header; a blank line there means the rule has none.
      const titled = rest.length > 0 && !isBlank(rest[0]!);
      return {
        line: start.n,
        number,
        title: titled ? rest[0]!.text.trim() : null,
        body: titled ? rest.slice(1) : rest,
        mutable: /^mutable$/i.test(word!),
        props: {},
        history: [],
        stub: null,
      };
    });
    const notes: string[] = [];
    linkStubs(entries, notes);
    return { ...takeTitle(before, "first"), entries, after: [], notes };
  },
};
