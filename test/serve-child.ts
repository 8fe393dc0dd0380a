/** `nomos serve` as a child process, as a user starts it, on loopback and a free port. */
import { spawn, type ChildProcess } from "node:child_process";
import { builtCli } from "./built-cli.js";

/** One line of the server's log (JSON lines on its standard output). */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

export interface ServeChild {
  child: ChildProcess;
  url: string;
  /** Everything the server printed on stderr so far. */
  stderr(): string;
  /** The server's log so far, line by line. */
  logs(): LogLine[];
  /** Resolves with the first log line (so far or to come) that `match` accepts; rejects if the server exits first. */
  logged(match: (line: LogLine) => boolean): Promise<LogLine>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Kills the process if it is still running (for a test's cleanup). */
  kill(): void;
}

/** `args` are added to the serve command's (`--log-level debug`, `--trust-proxy 127.0.0.1`...); `env` to its environment (NODE_EXTRA_CA_CERTS). */
export async function startServeChild(db: string, args: string[] = [], env: Record<string, string> = {}): Promise<ServeChild> {
  const child = spawn(process.execPath, [builtCli(), "--db", db, "serve", "--port", "0", "--host", "127.0.0.1", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    // The operator's settings come from the arguments alone, whatever the environment running the tests says.
    env: {
      ...process.env,
      NOMOS_DB: "",
      NOMOS_LOG_LEVEL: "",
      NOMOS_TRUST_PROXY: "",
      NOMOS_PUBLIC_URL: "",
      NOMOS_ALLOWED_HOSTS: "",
      NOMOS_DRAIN_DELAY: "",
      NOMOS_UNLOAD_IDLE_AFTER: "",
      NOMOS_SMTP_URL: "",
      NOMOS_MAIL_FROM: "",
      NOMOS_IMAP_URL: "",
      NOMOS_VAPID_SUBJECT: "",
      NOMOS_PUSH_HOSTS: "",
      ...env,
    },
  });
  let stdout = "";
  let stderr = "";
  const lines: LogLine[] = [];
  const waiting = new Set<() => void>();
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    const complete = stdout.split("\n");
    stdout = complete.pop()!;
    for (const text of complete) lines.push(JSON.parse(text) as LogLine); // every line is JSON, or the test fails here
    for (const wake of waiting) wake();
  });
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const logged = (match: (line: LogLine) => boolean) =>
    new Promise<LogLine>((resolve, reject) => {
      const look = () => {
        const found = lines.find(match);
        if (!found) return;
        waiting.delete(look);
        resolve(found);
      };
      waiting.add(look);
      look();
      // A line that never comes fails the test rather than hang the suite.
      const giveUp = setTimeout(() => {
        waiting.delete(look);
        reject(new Error(`the server did not log what was awaited within 60 s; it logged: ${lines.map((l) => JSON.stringify(l)).join("\n")}`));
      }, 60_000);
      giveUp.unref();
      void exited.then((code) => {
        waiting.delete(look);
        reject(new Error(`the server exited (${code}) before logging what was awaited: ${stderr}`));
      });
    });
  let bound: NodeJS.Timeout | undefined;
  const url = await Promise.race([
    logged((line) => /at http:\/\//.test(line.msg)),
    new Promise<never>((_, reject) => (bound = setTimeout(() => reject(new Error(`the server did not start within 60 s: ${stderr}`)), 60_000))),
  ])
    .then((line) => /at (http:\/\/[^\s;]+)/.exec(line.msg)![1]!.replace("localhost", "127.0.0.1"))
    .catch((err) => {
      kill();
      throw err;
    })
    .finally(() => clearTimeout(bound));
  return { child, url, stderr: () => stderr, logs: () => [...lines], logged, exited, kill };
}
