/**
 * Deadlines that count a thread's own CPU time (Linux's /proc/self/task/<tid>/schedstat),
 * not the wall clock: on a busy host a sandbox thread's wall time can be many times its work,
 * and an act must not fail, nor a rule be blamed, because other programs kept the CPUs. A
 * thread starved that long is still stopped once `starvedFactor` times its deadline has
 * passed on the wall clock, and told so, to blame no rule. Where the system does not say a
 * thread's CPU time, the deadline is the wall clock's, as it was.
 */
import { closeSync, openSync, readlinkSync, readSync } from "node:fs";

/** How many times its deadline a call kept off the CPUs may last on the wall clock. */
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
    const ns = /^\d+/.exec(buffer.toString("latin1", 0, readSync(fd, buffer, 0, buffer.length, 0)));
    return ns ? Number(ns[0]) / 1e6 : Number.NaN;
  } catch {
    return Number.NaN;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Calls `expire` once thread `tid` has used `ms` of CPU from now (`starved` false), or once
 * `ms × starvedFactor` of wall time has passed before it did (`starved` true). Returns what
 * cancels it.
 */
export function cpuDeadline(tid: number | null, ms: number, expire: (starved: boolean) => void): () => void {
  const cpuStart = threadCpuMs(tid);
  const wallStart = performance.now();
  const wallCap = ms * starvedFactor;
  let timer: NodeJS.Timeout;
  const check = () => {
    const used = threadCpuMs(tid) - cpuStart;
    const wall = performance.now() - wallStart;
    // NaN (unknown) is never below the deadline: the wall clock decides, as a plain overrun.
    if (!(used < ms)) expire(false);
    else if (wall >= wallCap) expire(true);
    else timer = setTimeout(check, Math.max(1, Math.min(ms - used, wallCap - wall)));
  };
  timer = setTimeout(check, ms);
  return () => clearTimeout(timer);
}
