/** What the benchmark measures: latencies and counts per kind of request, per phase. */
import { performance } from "node:perf_hooks";
import type { Timing } from "./transport.js";

export class Stats {
  /** From the scheduled start to the end of the reply, ms. */
  readonly latency: number[] = [];
  /** From sending to the end of the reply, ms (what a closed-loop tool would report). */
  readonly service: number[] = [];
  ok = 0;
  refused = 0;
  errors = 0;
  bytes = 0;
  lastDone = 0;

  /** The slowest few: [latency, scheduled, sent, done]. */
  readonly slowest: [number, number, number, number, Timing | undefined][] = [];

  record(scheduled: number, sent: number, status: number, bytes: number, timing?: Timing): void {
    const now = performance.now();
    if (this.slowest.length < 5 || now - scheduled > this.slowest[this.slowest.length - 1]![0]) {
      this.slowest.push([now - scheduled, scheduled, sent, now, timing]);
      this.slowest.sort((a, b) => b[0] - a[0]);
      this.slowest.length = Math.min(this.slowest.length, 5);
    }
    this.latency.push(now - scheduled);
    this.service.push(now - sent);
    this.bytes += bytes;
    this.lastDone = Math.max(this.lastDone, now);
    if (status >= 200 && status < 300) this.ok++;
    else if (status >= 400 && status < 500) this.refused++;
    else this.errors++;
  }

  fail(): void {
    this.errors++;
    this.lastDone = Math.max(this.lastDone, performance.now());
  }
}

/** Everything measured about the requests scheduled in one phase. */
export class Recorder {
  readonly actions = new Stats();
  readonly reads = new Stats();
  /** Requests the players' own bookkeeping needed: new games after a win, re-reading after a refusal. */
  readonly other = new Stats();
  scheduledActions = 0;
  scheduledReads = 0;
  /** Arrivals that found every game waiting on a reply, and so waited for one. */
  waited = 0;
  /** Requests sent and not yet answered; those still so when the run ends are never answered. */
  readonly inFlight = { actions: 0, reads: 0 };
  /** How late the generator sent requests it could send at once, ms. */
  readonly lag: number[] = [];
  proposals = 0;
  adopted = 0;
  defeated = 0;
  gamesWon = 0;
  readonly refusals = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly start: number,
    readonly end: number,
  ) {}

  refusal(message: string): void {
    const key = message.slice(0, 140);
    this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Latencies sorted, with arrivals never served counted as infinitely late. */
export function sortedLatency(s: Stats, unserved = 0): number[] {
  return [...s.latency, ...new Array<number>(unserved).fill(Infinity)].sort((a, b) => a - b);
}

/** The measured phase's headline figures. */
export interface Summary {
  /** The phase's scheduled span, s. */
  seconds: number;
  /** Actions and reads answered OK within that span, whenever they were scheduled, per second. */
  actionRate: number;
  readRate: number;
  /** Latency of the arrivals scheduled in the phase, ms (never served: infinite). */
  actions: { p50: number; p99: number };
  reads: { p50: number; p99: number };
}

export function summarize(rec: Recorder, unserved: { actions: number; reads: number }, served: { actions: number; reads: number }): Summary {
  const seconds = (rec.end - rec.start) / 1000;
  const actions = sortedLatency(rec.actions, unserved.actions);
  const reads = sortedLatency(rec.reads, unserved.reads);
  return {
    seconds,
    actionRate: served.actions / seconds,
    readRate: served.reads / seconds,
    actions: { p50: percentile(actions, 50), p99: percentile(actions, 99) },
    reads: { p50: percentile(reads, 50), p99: percentile(reads, 99) },
  };
}
