/** What the benches' server processes share: their peak memory, and how they are stopped. */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

/** The kernel's high-water mark of a process's resident memory, in bytes (Linux; undefined elsewhere or once it is gone). */
export function peakRssOf(pid: number | undefined): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Closes a server's stdin (its signal to stop, writing what it has to) and waits; kills it if it hangs 15 s. */
export async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin!.end();
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
