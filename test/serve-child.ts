/** `nomos serve` as a child process, as a user starts it, on loopback and a free port. */
import { spawn, type ChildProcess } from "node:child_process";

export interface ServeChild {
  child: ChildProcess;
  url: string;
  /** Everything the server printed on stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Kills the process if it is still running (for a test's cleanup). */
  kill(): void;
}

export async function startServeChild(db: string): Promise<ServeChild> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--db", db, "serve", "--port", "0", "--host", "127.0.0.1"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NOMOS_DB: "" },
  });
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`the server did not start within 60 s: ${stderr}`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const m = /at (http:\/\/\S+)/.exec(stdout);
      if (m) {
        clearTimeout(timeout);
        resolve(m[1]!.replace("localhost", "127.0.0.1"));
      }
    });
    void exited.then((code) => {
      clearTimeout(timeout);
      reject(new Error(`the server exited (${code}) before listening: ${stderr}`));
    });
  }).catch((err) => {
    kill();
    throw err;
  });
  return { child, url, stderr: () => stderr, exited, kill };
}
