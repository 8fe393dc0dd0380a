/** Runs the CLI as a child process, as a user would, and collects what it printed. */
import { execFile } from "node:child_process";
import { builtCli, cliNodeArgs } from "./built-cli.js";

export interface Run {
  code: number;
  out: any;
  stdout: string;
  stderr: string;
  error: { code: string; message: string; rule: number | null } | null;
}

/** Runs `nomos ...args`; with `json`, `out` is stdout parsed and `error` the JSON error from stderr. */
export function runCli(args: string[], json: boolean, env: Record<string, string> = {}): Promise<Run> {
  const argv = [...cliNodeArgs, builtCli(), ...(json ? ["--json"] : []), ...args];
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { encoding: "utf8", env: { ...process.env, NOMOS_DB: "", ...env } }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
      // A process ended by a signal has no exit code: say which, so a failing assertion shows it.
      if (err?.signal) stderr += `\n(the CLI was ended by ${err.signal})`;
      const parse = (text: string) => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      };
      resolve({ code, stdout, stderr, out: json ? parse(stdout) : null, error: json ? (parse(stderr)?.error ?? null) : null });
    });
  });
}
