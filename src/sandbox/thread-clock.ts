/**
 * Deadlines that count a thread's own CPU time (Linux's /proc/self/task/<tid>/schedstat),
 * not the wall clock: a sandbox thread runs below the server's priority (thread-priority.ts),
 * so on a busy host its wall time can be many times its work, and an act must not fail, nor a
 * rule be blamed, because other programs kept the CPUs. A starved thread is still stopped
 * once `starvedFactor` times its deadline has passed on the wall clock. Where the system
 * does not say a thread's CPU time, the deadline is the wall clock's, as it was.
 */
import { openSync, readlinkSync, readSync, closeSync } from "node:fs";

/** How many times its deadline a starved call may last on the wall clock. */
const starvedFactor = 10;
const buffer = Buffer.alloc(128);

/** The calling thread's id ("<pid>/task/<tid>"), or null where the system does not say. */
export function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** A thread of this process's CPU time so far, ms; NaN where unknown (a thread that ended, another system). */
export function threadCpuMs(tid: number | null): number {
  if (tid === null) return Number.NaN;
  let fd: number | undefined;
  try {
    fd = openSync(`/proc/self/task/${tid}/schedstat`, "r");
    return Number(buffer.toString("latin1", 0, readSync(fd, buffer, 0, buffer.length, 0)).split(" ")[0]) / 1e6;
  } catch {
    return Number.NaN;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Calls `expire` once thread `tid` has used `ms` of CPU from now, or `ms × starvedFactor` of
 * wall time has passed, whichever comes first. Returns what cancels it.
 */
export function cpuDeadline(tid: number | null, ms: number, expire: () => void): () => void {
  const cpuStart = threadCpuMs(tid);
  const wallStart = performance.now();
  let timer: NodeJS.Timeout;
  const check = () => {
    const used = threadCpuMs(tid) - cpuStart;
    const wall = performance.now() - wallStart;
    // NaN (unknown) is never below the deadline: the wall clock decides.
    if (used < ms && wall < ms * starvedFactor) timer = setTimeout(check, Math.max(1, Math.min(ms - used, ms * starvedFactor - wall)));
    else expire();
  };
  timer = setTimeout(check, ms);
  return () => clearTimeout(timer);
}
