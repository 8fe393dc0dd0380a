/** A ruleset's text as numbered lines, and the few ways the layouts cut it. */

export interface Line {
  /** 1-based, as an editor shows it: errors and notes cite it. */
  n: number;
  text: string;
}

export function toLines(text: string): Line[] {
  // A BOM or Windows line ends are how the file was saved, not what was published.
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((text, i) => ({ n: i + 1, text }));
}

export const isBlank = (line: Line): boolean => line.text.trim() === "";

/** Drops the blank lines at both ends: they separate, they are not text. */
export function trimBlank(lines: Line[]): Line[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start]!)) start++;
  while (end > start && isBlank(lines[end - 1]!)) end--;
  return lines.slice(start, end);
}

export function leadingBlanks(lines: Line[]): number {
  const first = lines.findIndex((line) => !isBlank(line));
  return first === -1 ? lines.length : first;
}

export const joinLines = (lines: Line[]): string => lines.map((line) => line.text).join("\n");

export interface Chunk {
  /** The line that starts the chunk: a rule's header, or a heading. */
  start: Line;
  /** The lines after it, up to the next start. */
  rest: Line[];
}

/** Cuts the lines at every line `isStart` accepts; what comes before the first is `before`. */
export function splitAt(lines: Line[], isStart: (line: Line, index: number) => boolean): { before: Line[]; chunks: Chunk[] } {
  const before: Line[] = [];
  const chunks: Chunk[] = [];
  lines.forEach((line, index) => {
    if (isStart(line, index)) chunks.push({ start: line, rest: [] });
    else (chunks.at(-1)?.rest ?? before).push(line);
  });
  return { before, chunks };
}
