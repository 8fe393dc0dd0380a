/** What every layout module gives the importer: how to recognise its rules, and how to read them. */
import type { Json, PublishedHistory } from "../../kernel/types.js";
import type { Line } from "./lines.js";

/** One rule as a layout reads it, before the shared steps (epilogue, blank lines, checks) finish it. */
export interface Entry {
  /** The header's line, for errors and notes. */
  line: number;
  number: number;
  title: string | null;
  /** The lines of its text as they stand under the header; blank lines at the ends are dropped later. */
  body: Line[];
  mutable: boolean;
  props: Record<string, Json>;
  history: PublishedHistory[];
  /** Null for a rule in effect; for a stub, how the text lists it ("listed as [repealed - see Proposal 380]"), for errors. */
  stub: string | null;
}

export interface LayoutReading {
  title: string | null;
  /** The lines before the first rule that are neither the title nor a heading the layout uses. */
  preamble: Line[];
  entries: Entry[];
  /** Lines after an explicit end of the last rule (such as "*") that belong to no rule. */
  after: Line[];
  notes: string[];
}

export interface Layout {
  name: string;
  describe: string;
  /** A few lines in this layout, for help texts and error messages. */
  example: string;
  /** Whether a line starts a rule or a stub: counted to recognise the layout. */
  isHeader(text: string): boolean;
  /** Reads the whole text; throws RulesetImportError at the first line it cannot read. */
  read(lines: Line[]): LayoutReading;
}

/** "rule 201", "rules 201, 202 and 203": rules in notes. */
export function ruleList(numbers: number[]): string {
  return `${numbers.length === 1 ? "rule" : "rules"} ${listNumbers(numbers)}`;
}

/** "201, 202 and 203": numbers in notes. */
export function listNumbers(numbers: number[]): string {
  return numbers.length <= 1 ? numbers.join("") : `${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
}
