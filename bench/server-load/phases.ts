/** One run's warm-up and measured phases: the arrivals on schedule, then the requests under way let finish. */
import { performance } from "node:perf_hooks";
import { drive } from "./arrivals.js";
import type { Options } from "./options.js";
import type { Bench } from "./players.js";
import { Recorder } from "./stats.js";

export interface Phases {
  measured: Recorder;
  /** Arrivals of the measured phase never answered: waiting for a game, or sent and unanswered when the run ended. */
  unserved: { actions: number; reads: number };
  /** Actions and reads answered OK during the measured phase, whichever phase scheduled them. */
  served: { actions: number; reads: number };
  maxInFlight: number;
  /** The generator's event loop and CPU over the measured phase (in the in-process run, the engine's are in them too). */
  genElu: number;
  genCpu: NodeJS.CpuUsage;
}

/** When the measured phase begins (its first arrival is scheduled) and ends (its last is): the process under test's figures span it. */
export interface Marks {
  start(): void;
  end(): void;
}

/**
 * Plays `bench` (its games begun) through a warm-up and a measured phase, then lets the
 * requests under way finish (30 s at most), so that the measured arrivals' latency counts
 * however late they are answered. Throughput and CPU are counted within the measured phase.
 */
export async function runPhases(bench: Bench, o: Options, warmup: Recorder, marks: Marks): Promise<Phases> {
  const start = performance.now() + 20;
  const measureStart = start + o.warmup * 1000;
  const end = measureStart + o.duration * 1000;
  const measured = new Recorder("measured", measureStart, end);
  Object.assign(warmup, { start, end: measureStart });
  let genElu = performance.eventLoopUtilization();
  let genCpu = process.cpuUsage();
  let marked = false;
  const phase = (scheduled: number) => {
    if (scheduled < measureStart) return warmup;
    if (!marked) {
      marked = true;
      bench.rec = measured;
      genElu = performance.eventLoopUtilization();
      genCpu = process.cpuUsage();
      marks.start();
    }
    return measured;
  };
  await drive(bench, o, start, end, phase);
  if (!marked) phase(measureStart);
  marks.end();
  const gen = { elu: performance.eventLoopUtilization(genElu).utilization, cpu: process.cpuUsage(genCpu) };

  const drainUntil = performance.now() + 30_000;
  const busy = () => bench.scheduler.inFlight > 0 || measured.inFlight.reads > 0 || (bench.scheduler.waiting > 0 && bench.tables.some((t) => !t.dead));
  while (busy() && performance.now() < drainUntil) {
    await new Promise((r) => setTimeout(r, 5));
  }
  await new Promise((r) => setTimeout(r, 50));
  bench.stopped = true;
  const within = (times: number[]) => times.filter((t) => t >= measureStart && t <= end).length;
  return {
    measured,
    unserved: { actions: (bench.scheduler.unserved().get(measured) ?? 0) + measured.inFlight.actions, reads: measured.inFlight.reads },
    served: { actions: within(bench.served.actions), reads: within(bench.served.reads) },
    maxInFlight: bench.scheduler.maxInFlight,
    genElu: gen.elu,
    genCpu: gen.cpu,
  };
}
