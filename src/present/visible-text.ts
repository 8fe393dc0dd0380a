/**
 * Text for people, made safe to show: a terminal acts on control characters instead of
 * showing them (ESC sequences clear the screen or set a window's title, a bidi override
 * reverses what follows). Used for everything the CLI prints and for the records a server
 * renders as text or Markdown; JSON keeps the records exact.
 */

/** C0 except tab and newline (and CR before a newline), DEL, C1, bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex
const unsafe = /\r(?!\n)|[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every character a terminal would act on shown instead: C0 as its control
 * picture (ESC as ␛), the others as a `\uXXXX` escape. Inside a JSON document, where
 * JSON.stringify has escaped C0 already, that escape is valid JSON for the same character,
 * so `--json` output still parses back to the exact text.
 */
export function visible(text: string): string {
  return text.replace(unsafe, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
