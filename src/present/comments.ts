/**
 * Comments in rule texts, by the CommentMarkers convention of the rule API: a game state
 * whose value is { kind: "comments", open, close, notIn? } says that, in every rule's
 * text but those numbered in notIn, text from `open` to the next `close` has no effect.
 * Pure, so that the web UI and the CLI read comments the same way.
 */

export interface CommentMarkers {
  readonly kind: "comments";
  readonly open: string;
  readonly close: string;
  readonly notIn?: readonly number[];
}

/** A run of a rule's text; the runs of a text, joined, give the text back exactly. */
export interface TextPart {
  readonly text: string;
  readonly comment: boolean;
}

/** Empty markers would match everywhere: such a value follows no convention. */
export function isCommentMarkers(value: unknown): value is CommentMarkers {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    v.kind === "comments" &&
    typeof v.open === "string" &&
    v.open !== "" &&
    typeof v.close === "string" &&
    v.close !== "" &&
    (v.notIn === undefined || (Array.isArray(v.notIn) && v.notIn.every((n) => typeof n === "number")))
  );
}

/**
 * Splits a text into plain runs and comments, each comment from an opener to the first
 * closer after it, markers included. Comments do not nest: an opener inside a comment is
 * part of it. An opener never closed starts no comment (its text stays plain).
 */
export function splitComments(text: string, markers: Pick<CommentMarkers, "open" | "close">): TextPart[] {
  const parts: TextPart[] = [];
  const push = (part: string, comment: boolean) => {
    if (part) parts.push({ text: part, comment });
  };
  if (!markers.open || !markers.close) return text ? [{ text, comment: false }] : [];
  let at = 0;
  for (;;) {
    const start = text.indexOf(markers.open, at);
    const end = start < 0 ? -1 : text.indexOf(markers.close, start + markers.open.length);
    if (end < 0) break;
    const stop = end + markers.close.length;
    push(text.slice(at, start), false);
    push(text.slice(start, stop), true);
    at = stop;
  }
  push(text.slice(at), false);
  return parts;
}

/** A rule's text in parts: all plain where there are no markers or the rule is exempt. */
export function ruleTextParts(text: string, rule: number, markers: CommentMarkers | null): TextPart[] {
  if (!markers || markers.notIn?.includes(rule)) return text ? [{ text, comment: false }] : [];
  return splitComments(text, markers);
}
