/**
 * Where the CPU time of the process under test went in the measured phase: its main thread
 * by part (main-thread-profile.ts) and outside JS, the sandbox workers' CPU time inside rule
 * code and the rest of theirs, and the rest of its threads; and the disk syncs (src/busy-time.ts). Used in the
 * server process and in the in-process run alike.
 */
import { busyTime, countBusyTime } from "../../src/busy-time.js";
import { threadTimes } from "../../src/sandbox/thread-clock.js";
import { MainThreadProfile, type PartTimes, parts } from "./main-thread-profile.js";

export interface TimeShares {
  /** The measured span, s. */
  seconds: number;
  /** The process's CPU time (every thread), ms. */
  processMs: number;
  /** The main thread's sampled time in JS by part, ms. */
  main: PartTimes;
  /** The rest of the main thread's CPU time, outside JS (the event loop, sockets and messages in Node's C++), ms, where the system says. */
  outsideJsMs?: number;
  /** The main thread's time runnable but waiting for a CPU, ms, where the system says. */
  mainWaitMs?: number;
  /** The sandbox workers' wall-clock time inside guest calls, ms, summed over workers; and how many calls. */
  sandboxMs: number;
  /** The workers' whole CPU time (their calls, messages and heaps), ms, where the system says (`clock` "cpu"). */
  workerMs?: number;
  sandboxCalls: number;
  clock: "cpu" | "wall";
  /** Time a sync of the write-ahead log was under way, ms; and how many. */
  syncMs: number;
  syncs: number;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const processMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Reading {
  us: number;
  processMs: number;
  thread: ReturnType<typeof threadTimes>;
  sandboxMs: number;
  sandboxCalls: number;
  workerMs: number;
  syncMs: number;
  syncs: number;
}

function read(): Reading {
  const { sandboxMs, sandboxCalls, workerMs, syncMs, syncs } = busyTime;
  return { us: nowUs(), processMs: processMs(), thread: threadTimes(), sandboxMs, sandboxCalls, workerMs, syncMs, syncs };
}

export class TimeShareMeter {
  private since = read();
  private until: Reading | undefined;

  private constructor(private readonly profile: MainThreadProfile) {}

  /** Call on the main thread before the store and the sandboxes are made: they are told to count their time then. */
  static async start(): Promise<TimeShareMeter> {
    countBusyTime();
    return new TimeShareMeter(await MainThreadProfile.start());
  }

  /** The measured phase begins. */
  mark(): void {
    this.since = read();
  }

  /** The measured phase ends. */
  end(): void {
    this.until = read();
  }

  /** The figures from the mark to the end (to now, if the end was not marked); sampling stops. */
  async stop(): Promise<TimeShares> {
    const since = this.since;
    const until = this.until ?? read();
    const sampled = await this.profile.stop(since.us, until.us);
    const thread = until.thread;
    const before = since.thread;
    const shares: TimeShares = {
      seconds: (until.us - since.us) / 1e6,
      processMs: until.processMs - since.processMs,
      main: sampled,
      sandboxMs: until.sandboxMs - since.sandboxMs,
      sandboxCalls: until.sandboxCalls - since.sandboxCalls,
      clock: thread ? "cpu" : "wall",
      syncMs: until.syncMs - since.syncMs,
      syncs: until.syncs - since.syncs,
    };
    if (thread && before) {
      // What the samples do not account for of the thread's CPU time was spent outside JS;
      // samples that account for more than it (a busy machine delays them) are scaled down.
      const inJs = parts.reduce((sum, p) => sum + sampled[p], 0);
      const cpu = thread.cpuMs - before.cpuMs;
      if (inJs > cpu) for (const p of parts) shares.main[p] = (sampled[p] * cpu) / inJs;
      shares.outsideJsMs = Math.max(0, cpu - inJs);
      shares.mainWaitMs = thread.waitMs - before.waitMs;
      shares.workerMs = until.workerMs - since.workerMs;
    }
    return shares;
  }
}
