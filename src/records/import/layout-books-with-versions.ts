/**
 * "101.1 Rule Changes": rules numbered rule.version with a title, grouped in books under a
 * heading line ("Convention", "Immutable", "Mutable"); the text is the paragraphs below, to
 * the next rule or book. The book gives the mutability. (Nomicron's web listing.)
 */
import { RulesetImportError } from "./errors.js";
import { type Entry, type Layout, listNumbers, ruleList } from "./layout.js";
import { isBlank, type Line, splitAt, trimBlank } from "./lines.js";

const HEADER = /^(\d+)\.(\S+) +(\S.*)$/;
/** A book's name: one to three capitalised words, alone on its line. */
const BOOK = /^[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}$/;

const isHeader = (text: string): boolean => HEADER.test(text.trimEnd());

/** A book named "Mutable" (or "Mutable Rules") holds mutable rules, "Immutable" immutable ones; null for any other name. */
function bookMutability(book: string): boolean | null {
  const m = /^(im)?mutable(?: rules)?$/i.exec(book);
  return m ? !m[1] : null;
}

/** A book heading is a name on its own, between blank lines, with a rule right below it. */
function bookHeadings(lines: Line[]): Set<number> {
  const books = new Set<number>();
  lines.forEach((line, i) => {
    if (!BOOK.test(line.text.trim()) || isHeader(line.text) || (i > 0 && !isBlank(lines[i - 1]!))) return;
    const next = lines.slice(i + 1).find((below) => !isBlank(below));
    if (next && isHeader(next.text)) books.add(i);
  });
  return books;
}

/** A book that is neither "Mutable" nor "Immutable" is read as not mutable; a rule naming it beside immutable rules says why. */
function otherBookNote(book: string, numbers: number[], entries: Entry[]): string {
  const name = book.toLowerCase();
  const guard = entries.find((entry) =>
    new RegExp(`immutable (?:or|and) ${name} rules|${name} (?:or|and) immutable rules`, "i").test(entry.body.map((line) => line.text).join(" ")),
  );
  const why = guard ? `, as rule ${guard.number} treats ${name} rules like immutable ones` : "; make them mutable after import if the game treats them so";
  return `Book "${book}" is neither "Mutable" nor "Immutable": its rules (${listNumbers(numbers)}) are taken as not mutable${why}`;
}

export const booksWithVersions: Layout = {
  name: "books-with-versions",
  describe:
    'rules numbered "rule.version" with a title ("101.1 Rule Changes"), their paragraphs below, grouped in books under a heading line ("Immutable", "Mutable", or another name) that gives their mutability',
  example: "Immutable\n\n101.1 Rule Changes\n\nAll of the following are rule changes: ...\n\nMutable\n\n201.1 Turns and Times\n\nTurns begin every week.",
  isHeader,

  read(lines) {
    const books = bookHeadings(lines);
    const { before, chunks } = splitAt(lines, (line, i) => books.has(i) || isHeader(line.text));
    const entries: Entry[] = [];
    const inBook = new Map<string, number[]>();
    let book: string | null = null;

    for (const { start, rest } of chunks) {
      const m = HEADER.exec(start.text.trimEnd());
      if (!m) {
        book = start.text.trim();
        continue; // A book heading: the next line that is not blank is a rule, by construction.
      }
      const [, digits, version, title] = m;
      if (!/^\d+$/.test(version!)) {
        throw new RulesetImportError(
          start.n,
          `"${digits}.${version}" is not a rule number and version; write two whole numbers joined by a dot, like "${digits}.1"`,
        );
      }
      const number = Number(digits);
      inBook.set(book ?? "", [...(inBook.get(book ?? "") ?? []), number]);
      entries.push({
        line: start.n,
        number,
        title: title!.trim(),
        body: rest,
        // A rule in no book is mutable, as a new rule is; one in a book of another name is not (noted).
        mutable: book === null || bookMutability(book) === true,
        props: book === null ? { version: Number(version) } : { version: Number(version), book },
        history: [],
        stub: null,
      });
    }

    const notes: string[] = [];
    for (const [name, numbers] of inBook) {
      if (name === "") notes.push(`No book heading above ${ruleList(numbers)}: taken as mutable`);
      else if (bookMutability(name) === null) notes.push(otherBookNote(name, numbers, entries));
    }
    // A listing like this is a web page: the lines above the first book are its navigation, kept as the preamble.
    return { title: null, preamble: trimBlank(before), entries, after: [], notes };
  },
};
