/**
 * Limits a value broke, in people's words, and how a text's length is counted: shared by the
 * forms rules declare (action-input.ts), the API's own requests and the engine's messages.
 * Pure (no ajv): kernel/messages.ts uses it, and the guest's bundle imports that.
 */

const number = (n: unknown) => (typeof n === "number" ? n.toLocaleString("en") : String(n));
const plural = (n: unknown, one: string) => `${number(n)} ${one}${n === 1 ? "" : "s"}`;

/**
 * A text's length in characters as people count them and as JSON Schema's maxLength does
 * (by Unicode scalar value: an emoji is 1, where String.length says 2 for its surrogate pair).
 */
export function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** A limit a value broke, in words ("is too long: at most 200 characters; it has 210 (10 too many)"), or null; `value`, where known, says by how much. */
export function limitWords(keyword: string, params: Record<string, unknown>, value?: unknown): string | null {
  const limit = params.limit;
  switch (keyword) {
    case "maxLength": {
      const over = typeof value === "string" && typeof limit === "number" ? characters(value) : null;
      const by = over === null ? "" : `; it has ${number(over)} (${number(over - (limit as number))} too many)`;
      return `is too long: at most ${plural(limit, "character")}${by}`;
    }
    case "minLength":
      return limit === 1 ? "is empty" : `is too short: at least ${plural(limit, "character")}`;
    case "maxItems":
      return `has too many items: at most ${plural(limit, "item")}`;
    case "minItems":
      return `needs at least ${plural(limit, "item")}`;
    case "maximum":
      return `must be ${String(limit)} or less`;
    case "minimum":
      return `must be ${String(limit)} or more`;
    case "type": {
      const names: Record<string, string> = {
        string: "text",
        integer: "a whole number",
        number: "a number",
        boolean: "true or false",
        object: "a set of fields",
        array: "a list",
      };
      return `must be ${names[String(params.type)] ?? String(params.type)}`;
    }
    default:
      return null;
  }
}
