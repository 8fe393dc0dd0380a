/** The load generator's handle on the server: spawns it as a child process, marks and reads its figures, stops it. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { peakRssOf, stopChild } from "./child.js";
import type { Options } from "./options.js";
import type { ServerReport } from "./server.js";

// The child runs the benchmark's entry with --serve, from the repository's root.
const here = fileURLToPath(new URL("../server-load.ts", import.meta.url));
const root = resolve(dirname(here), "..");

export class ServerProcess {
  private readonly waiting: ((message: Record<string, unknown>) => void)[] = [];
  private exited: Promise<void>;

  private constructor(readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        console.log(`[server] ${line}`);
        return;
      }
      this.waiting.shift()?.(message);
    });
    this.exited = new Promise((done) => child.once("exit", () => done()));
  }

  static async start(db: string, o: Pick<Options, "durability" | "cpuProf" | "shares" | "rules">): Promise<{ server: ServerProcess; url: string }> {
    const profile = o.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${resolve(o.cpuProf)}`] : [];
    const args = [
      ...profile,
      ...(process.env.BENCH_SERVER_FLAGS?.split(" ") ?? []),
      here,
      "--serve",
      db,
      o.durability,
      ...(o.shares ? ["shares"] : []),
      ...(o.rules === "trusted" ? ["trusted"] : []),
    ];
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
    const server = new ServerProcess(child);
    const failed = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the server exited (code ${code}) before it was ready`))));
    const ready = await Promise.race([server.next(), failed]);
    return { server, url: String(ready.url) };
  }

  get pid(): number {
    return this.child.pid!;
  }

  private next(): Promise<Record<string, unknown>> {
    return new Promise((done) => this.waiting.push(done));
  }

  /** The main thread's run-queue wait when the measured phase began, and over it (s). */
  private waitedAtMark: number | undefined;
  private waited: number | undefined;

  mark(): void {
    this.child.stdin!.write("mark\n");
    this.waitedAtMark = this.runQueueWait();
  }

  end(): void {
    this.child.stdin!.write("end\n");
    const waited = this.runQueueWait();
    if (waited !== undefined && this.waitedAtMark !== undefined) this.waited = waited - this.waitedAtMark;
  }

  async report(): Promise<ServerReport> {
    const reply = this.next();
    this.child.stdin!.write("report\n");
    const report = (await reply) as unknown as ServerReport;
    if (this.waited !== undefined) report.cpuWait = this.waited;
    return report;
  }

  /** Seconds the main thread has spent runnable but not running (the second field of schedstat). */
  private runQueueWait(): number | undefined {
    try {
      const fields = readFileSync(`/proc/${this.pid}/schedstat`, "utf8").trim().split(/\s+/);
      return fields[1] === undefined ? undefined : Number(fields[1]) / 1e9;
    } catch {
      return undefined;
    }
  }

  peakRss(): number | undefined {
    return peakRssOf(this.pid);
  }

  /** Closes the server (it writes its CPU profile, if asked, as it exits); kills it if it hangs. */
  stop(): Promise<void> {
    return stopChild(this.child, this.exited);
  }
}
