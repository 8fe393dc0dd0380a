/**
 * Opt-in tallies of where a process's time goes, for the load benchmark (bench/server-load),
 * which reads them to say what share went to rule code in the sandboxes' worker threads (and
 * to the rest of those threads' work) and to the disk syncs of the write-ahead log. Off unless {@link countBusyTime} is called
 * before the store and the sandboxes are made; off, the only cost is a flag read per
 * sandbox call and per sync.
 */
import { openSync, readSync } from "node:fs";

export const busyTime = {
  on: false,
  /** The sandbox workers' wall-clock time inside guest calls (rule code in QuickJS), ms, summed over workers. */
  sandboxMs: 0,
  sandboxCalls: 0,
  /** The sandbox workers' whole CPU time (guest calls, messages, their own heaps), ms, where {@link threadTimes} can say. */
  workerMs: 0,
  /** Time from the start of each fdatasync of the WAL to its callback, ms (mostly waiting on the disk). */
  syncMs: 0,
  syncs: 0,
};

export function countBusyTime(): void {
  busyTime.on = true;
}

let schedstat: number | null | undefined;
const buffer = Buffer.alloc(128);

/**
 * The calling thread's CPU time so far, and its time spent runnable but waiting for a CPU,
 * ms (Linux's /proc/thread-self/schedstat, a few µs to read); undefined where the system
 * does not say. The file stays open per thread: each worker has its own copy of this module.
 */
export function threadTimes(): { cpuMs: number; waitMs: number } | undefined {
  if (schedstat === undefined) {
    try {
      schedstat = openSync("/proc/thread-self/schedstat", "r");
    } catch {
      schedstat = null;
    }
  }
  if (schedstat === null) return undefined;
  const [cpu, wait] = buffer.toString("latin1", 0, readSync(schedstat, buffer, 0, buffer.length, 0)).split(" ");
  return { cpuMs: Number(cpu) / 1e6, waitMs: Number(wait) / 1e6 };
}
