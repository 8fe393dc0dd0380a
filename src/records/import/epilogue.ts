/**
 * Where the last rule ends. Nothing follows the last rule to end it, so a page's footer
 * ("Go back to the main page.", "Revised 20-3-99") would read as the end of its text. The
 * rule for every layout: after the last rule's text has begun, the first run of two or more
 * blank lines followed by more text ends the rule; what follows is the epilogue.
 */
import { isBlank, type Line, trimBlank } from "./lines.js";

export function splitEpilogue(body: Line[], options: { textExpected: boolean }): { text: Line[]; epilogue: Line[] } {
  // A rule's own text may open after blank lines; an entry with no text (a stub) has none to wait for.
  let i = options.textExpected ? body.findIndex((line) => !isBlank(line)) : 0;
  if (i === -1) return { text: body, epilogue: [] };
  for (; i < body.length; i++) {
    let run = 0;
    while (i + run < body.length && isBlank(body[i + run]!)) run++;
    if (run >= 2 && i + run < body.length) return { text: body.slice(0, i), epilogue: trimBlank(body.slice(i + run)) };
    i += run;
  }
  return { text: body, epilogue: [] };
}
