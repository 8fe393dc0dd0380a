/** The password for `nomos remote login`: from $NOMOS_PASSWORD, or typed on a terminal without echo. */
import { UsageError } from "../context.js";

/** Reads one line from the terminal without showing it. The prompt goes to stderr, so --json output stays clean. */
export function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let typed = "";
    const wasRaw = stdin.isRaw;
    // Echo off before the prompt shows, so that nothing typed after it is echoed.
    stdin.setRawMode(true);
    process.stderr.write(prompt);
    stdin.setEncoding("utf8");
    stdin.resume();
    const finish = (error?: Error) => {
      stdin.setRawMode(wasRaw);
      stdin.pause();
      stdin.removeListener("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "\u0003") return finish(new UsageError("cancelled", "cancelled")); // Ctrl-C
        if (ch === "\u0004") return typed ? finish() : finish(new UsageError("cancelled", "cancelled")); // Ctrl-D
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else if (ch >= " ") typed += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** $NOMOS_PASSWORD, or the password typed at a prompt (twice for a new account). */
export async function readPassword(username: string, confirm: boolean): Promise<string> {
  const fromEnv = process.env.NOMOS_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY || !process.stderr.isTTY) {
    throw new UsageError("no password: set NOMOS_PASSWORD, or run this on a terminal to type it", "no-password");
  }
  const password = await promptHidden(`Password for ${username}: `);
  if (!password) throw new UsageError("no password typed", "no-password");
  if (confirm && (await promptHidden("Password again: ")) !== password) throw new UsageError("the two passwords differ; nothing was changed", "no-password");
  return password;
}
