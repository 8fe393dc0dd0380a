/**
 * Threads' CPU time, from Linux's schedstat (/proc/self/task/<tid>/schedstat), the one place
 * that reads it: for deadlines that count a thread's own work, not the wall clock (on a busy
 * host a sandbox's or the type-checker's wall time can be many times its work, and an act or
 * a check must not fail, nor a rule be blamed, because other programs kept the CPUs), and for
 * the load benchmark's tallies (src/busy-time.ts). A thread starved that long is still
 * stopped once `starvedFactor` times its deadline has passed on the wall clock, and told so,
 * to blame no rule. Where the system does not say a thread's CPU time, the deadline is the
 * wall clock's.
 */
import { closeSync, openSync, readlinkSync, readSync } from "node:fs";

/** How many times its deadline a call kept off the CPUs may last on the wall clock. */
const starvedFactor = 10;
const buffer = Buffer.alloc(128);

export interface ThreadTimes {
  /** Time on a CPU so far, ms. */
  cpuMs: number;
  /** Time runnable but waiting for a CPU so far, ms. */
  waitMs: number;
}

/** Reads an open schedstat file: "<ns on a CPU> <ns waiting> <timeslices>"; undefined if it does not say. */
function readTimes(fd: number): ThreadTimes | undefined {
  try {
    const fields = /^(\d+) (\d+) /.exec(buffer.toString("latin1", 0, readSync(fd, buffer, 0, buffer.length, 0)));
    return fields ? { cpuMs: Number(fields[1]) / 1e6, waitMs: Number(fields[2]) / 1e6 } : undefined;
  } catch {
    return undefined; // the thread ended
  }
}

function open(path: string): number | null {
  try {
    return openSync(path, "r");
  } catch {
    return null;
  }
}

/** The calling thread's id ("<pid>/task/<tid>"), or null where the system does not say. */
function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * The calling thread's id for a {@link ThreadClock}, told by a worker to the thread that times
 * it; null where the system keeps no count of the thread's CPU time (its clock would stand at zero).
 */
export function timedThreadId(): number | null {
  const cpuMs = threadTimes()?.cpuMs ?? 0;
  return cpuMs > 0 ? ownThreadId() : null;
}

/** The calling thread's file, kept open (a few µs a read): each worker has its own copy of this module. */
let own: number | null | undefined;

/** The calling thread's times so far; undefined where the system does not say. */
export function threadTimes(): ThreadTimes | undefined {
  own ??= open("/proc/thread-self/schedstat");
  return own === null ? undefined : readTimes(own);
}

/**
 * Another thread's CPU clock, for its deadlines: its file is opened once and kept open while
 * the thread lives (an open and a close for every call timed cost the main thread three times
 * the read, ~25 µs against 8).
 */
export class ThreadClock {
  private fd: number | null;

  /** `tid` null: the system keeps no count, and the wall clock times the thread's deadlines. */
  constructor(readonly tid: number | null) {
    this.fd = tid === null ? null : open(`/proc/self/task/${tid}/schedstat`);
  }

  /** The thread's CPU time so far, ms; NaN where it is not known (no count, the thread gone, or closed). */
  cpuMs(): number {
    return this.fd === null ? Number.NaN : (readTimes(this.fd)?.cpuMs ?? Number.NaN);
  }

  /** Once the thread is done with: its file is closed. */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/**
 * Calls `expire` once the thread `clock` counts has used `ms` of CPU from now (`starved`
 * false), or once `ms × starvedFactor` of wall time has passed before it did (`starved` true).
 * Returns what cancels it.
 */
export function cpuDeadline(clock: ThreadClock, ms: number, expire: (starved: boolean) => void): () => void {
  const cpuStart = clock.cpuMs();
  const wallStart = performance.now();
  const wallCap = ms * starvedFactor;
  let timer: NodeJS.Timeout | undefined;
  const done = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const check = () => {
    const used = clock.cpuMs() - cpuStart;
    const wall = performance.now() - wallStart;
    // NaN (unknown) is never below the deadline: the wall clock decides, as a plain overrun.
    if (!(used < ms)) {
      done();
      expire(false);
    } else if (wall >= wallCap) {
      done();
      expire(true);
    } else timer = setTimeout(check, Math.max(1, Math.min(ms - used, wallCap - wall)));
  };
  timer = setTimeout(check, ms);
  return () => {
    if (timer !== undefined) done();
  };
}
