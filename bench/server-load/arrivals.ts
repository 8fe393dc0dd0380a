/** The open-loop arrival schedule: actions and reads sent at a fixed rate, whatever the replies. */
import { performance } from "node:perf_hooks";
import type { Options } from "./options.js";
import type { Bench } from "./players.js";
import type { Recorder } from "./stats.js";

/** Sends arrivals on schedule from `start` until `end` (performance.now() ms). */
export function drive(bench: Bench, o: Options, start: number, end: number, phase: (scheduled: number) => Recorder): Promise<void> {
  const actionGap = 1000 / o.rate;
  const readGap = o.reads > 0 ? 1000 / (o.rate * o.reads) : Infinity;
  let nextAction = start;
  let nextRead = start + readGap / 2;
  return new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      while (nextAction <= now && nextAction < end) {
        bench.scheduler.arrive(nextAction, phase(nextAction));
        nextAction = start + (Math.round((nextAction - start) / actionGap) + 1) * actionGap;
      }
      while (nextRead <= now && nextRead < end) {
        void bench.read(nextRead, phase(nextRead));
        nextRead += readGap;
      }
      if (nextAction >= end && nextRead >= end) return done();
      // Sleep until the next arrival is due (timers have 1 ms grain, so arrivals go out in
      // small batches; their latency still counts from the scheduled time). Spinning on
      // setImmediate would burn a core the server needs on this 2-core machine.
      const wait = Math.min(nextAction, nextRead) - performance.now();
      setTimeout(tick, Math.max(1, Math.min(wait, 20)));
    };
    tick();
  });
}
