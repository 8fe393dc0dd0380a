/**
 * Markdown from text players wrote. A rule's text, a proposal's reason or a Judge's
 * reasoning is the players' own words: it must read as words, never become a heading, a
 * list, a link or HTML in the published page. Backslash escapes keep every word visible.
 */

/** Characters that mean something anywhere in a line: emphasis, code, links, HTML, tables. */
const INLINE = /[\\`*_[\]<>|~]/g;
/** What means something only at the start of a line: headings, quotes, lists, rules, fences. */
const LINE_START = /^(\s*)([#+\-=]|\d+[.)])/;

/** One line of text as inline Markdown that renders to exactly these words. */
export function escapeInline(text: string): string {
  return text.replace(INLINE, (c) => `\\${c}`);
}

/** One line of text, safe also at the start of a Markdown line. */
export function escapeLine(line: string): string {
  const escaped = escapeInline(line);
  return escaped.replace(LINE_START, (_all, space: string, mark: string) => {
    // "12." or "3)" starts an ordered list: escape the punctuation, keep the number.
    const digits = /^\d+/.exec(mark);
    return digits ? `${space}${digits[0]}\\${mark.slice(digits[0].length)}` : `${space}\\${mark}`;
  });
}

/**
 * A text as Markdown paragraphs: blank lines part paragraphs, and each line break within a
 * paragraph stays a line break (a trailing backslash), as the text was written.
 */
export function paragraphs(text: string): string {
  const blocks = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => escapeLine(line.trim()))
        .filter((line) => line),
    );
  return blocks
    .filter((lines) => lines.length)
    .map((lines) => lines.join("\\\n"))
    .join("\n\n");
}

/** A list item whose text may run over several lines. */
export function listItem(text: string, indent = ""): string {
  const lines = text
    .split("\n")
    .map((line) => escapeLine(line.trim()))
    .filter((line) => line);
  return `${indent}- ${lines.join(`\\\n${indent}  `)}`;
}
