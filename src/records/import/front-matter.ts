/** The document's own lines around the rules: its title, and the date it says it is current as of. */
import { readDate } from "./dates.js";
import { isBlank, type Line, trimBlank } from "./lines.js";

/** A title is one short line that does not end like a sentence. */
const looksLikeTitle = (text: string): boolean => text.trim().length <= 80 && !/[.,:;!?]$/.test(text.trim());

/**
 * Takes the title out of the lines before the first rule. Layouts put it in one of two places:
 * first in the document ("first"), or right above the rules, after an introduction ("last").
 */
export function takeTitle(front: Line[], where: "first" | "last"): { title: string | null; preamble: Line[] } {
  const lines = trimBlank(front);
  const index = where === "first" ? 0 : lines.length - 1;
  const candidate = lines[index];
  // First in the document, it must stand alone: a line run on into the next is prose.
  const alone = where === "last" || lines.length <= 1 || isBlank(lines[1]!);
  if (!candidate || !alone || !looksLikeTitle(candidate.text)) return { title: null, preamble: lines };
  const preamble = where === "first" ? lines.slice(1) : lines.slice(0, -1);
  return { title: candidate.text.trim(), preamble: trimBlank(preamble) };
}

export interface AsOf {
  text: string;
  at: number;
  assumed: string | null;
}

/** The first line saying when the ruleset was current ("Ruleset current as of April 24th, 2001.", "Revised 20-3-99"). */
export function findAsOf(lines: Line[]): AsOf | null {
  for (const line of lines) {
    const m = /\b(?:as of|revised(?: on)?|updated(?: on)?)[:\s]+(.+?)[.\s]*$/i.exec(line.text);
    const date = m ? readDate(m[1]!) : null;
    // "correct as of the date below" mentions a date without giving one: keep looking.
    if (date) return { text: line.text.trim().replace(/\.$/, ""), at: date.at, assumed: date.assumed };
  }
  return null;
}
