/**
 * What the CLI prints, made safe for a terminal. A rule's title, text or messages are
 * written by players, and a terminal acts on control characters instead of showing them:
 * ESC sequences clear the screen or set the window's title, a bidi override reverses what
 * follows. Every write to stdout and stderr passes through {@link visible}, installed once
 * by {@link guardOutput}, so no command can forget it. The records themselves stay as written.
 */
import { visible } from "../present/visible-text.js";

export { visible };

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
