/** Hands the scheduled arrivals the actions the games have made possible, in order. */
import { performance } from "node:perf_hooks";
import type { Recorder } from "./stats.js";
import type { Table } from "./table.js";
import type { Seat } from "./transport.js";

export type Work = { table: Table; kind: "propose" } | { table: Table; kind: "vote"; seat: Seat; vote: "for" | "against" };

/**
 * The arrival schedule's meeting point with the games: arrivals take ready actions in the
 * order they became ready; an arrival that finds none waits (its latency still counted
 * from its scheduled time) until a reply makes one ready.
 */
export class Scheduler {
  private ready: Work[] = [];
  private readyHead = 0;
  private backlog: { scheduled: number; rec: Recorder }[] = [];
  private backlogHead = 0;
  inFlight = 0;
  maxInFlight = 0;

  constructor(private readonly send: (work: Work, scheduled: number, rec: Recorder) => void) {}

  arrive(scheduled: number, rec: Recorder): void {
    rec.scheduledActions++;
    if (this.readyHead < this.ready.length) {
      const work = this.ready[this.readyHead++]!;
      this.compact();
      rec.lag.push(performance.now() - scheduled);
      this.send(work, scheduled, rec);
    } else {
      rec.waited++;
      this.backlog.push({ scheduled, rec });
    }
  }

  offer(work: Work): void {
    if (this.backlogHead < this.backlog.length) {
      const { scheduled, rec } = this.backlog[this.backlogHead++]!;
      if (this.backlogHead > 1024) {
        this.backlog = this.backlog.slice(this.backlogHead);
        this.backlogHead = 0;
      }
      this.send(work, scheduled, rec);
    } else {
      this.ready.push(work);
    }
  }

  get waiting(): number {
    return this.backlog.length - this.backlogHead;
  }

  /** Arrivals still waiting when the run ends, by phase. */
  unserved(): Map<Recorder, number> {
    const out = new Map<Recorder, number>();
    for (const { rec } of this.backlog.slice(this.backlogHead)) out.set(rec, (out.get(rec) ?? 0) + 1);
    return out;
  }

  private compact(): void {
    if (this.readyHead > 1024) {
      this.ready = this.ready.slice(this.readyHead);
      this.readyHead = 0;
    }
  }
}
