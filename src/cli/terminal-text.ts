/**
 * What the CLI prints, made safe for a terminal. A rule's title, text or messages are
 * written by players, and a terminal acts on control characters instead of showing them:
 * ESC sequences clear the screen or set the window's title, a bidi override reverses what
 * follows. Every write to stdout and stderr passes through {@link visible}, installed once
 * by {@link guardOutput}, so no command can forget it. The records themselves stay as written.
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

/** Makes every later write to `stream` pass through {@link visible}. */
export function guardOutput(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const guarded = (chunk: unknown, ...rest: unknown[]): boolean => {
    if (typeof chunk === "string") return write(visible(chunk), ...rest);
    // The CLI writes text; bytes are read as UTF-8 text all the same.
    if (chunk instanceof Uint8Array) return write(visible(Buffer.from(chunk).toString("utf8")), ...rest.filter((r) => typeof r === "function"));
    return write(chunk, ...rest);
  };
  stream.write = guarded as typeof stream.write;
}
