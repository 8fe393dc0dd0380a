/**
 * The rates a server serves within the target's latency (`--sweep 100,200,400`): one run over
 * HTTP per rate, each on a fresh server, then a line per rate and the highest rate served in
 * time. A run at the target's 2,000 actions/s that falls short says only "never"; a sweep says
 * how far short, in the target's own terms.
 */
import { fmt, pad } from "./format.js";
import { type RunFigures, servedInTime, setupNotes, target } from "./compare.js";
import type { Options } from "./options.js";
import { summarize } from "./stats.js";

export interface SweepStep {
  rate: number;
  run: RunFigures;
}

export function printSweep(o: Options, steps: SweepStep[]): void {
  console.log(
    `\nSweep over HTTP: each rate on a fresh server; "in time": 98% of the actions answered, p99 ≤ ${target.p99} ms for actions and reads, no errors`,
  );
  console.log(
    `${"actions/s scheduled".padEnd(22)}${["answered/s", "reads/s", "actions p50", "p99", "reads p50", "p99", "CPU cores", "in time"].map((h) => pad(h, 12)).join("")}`,
  );
  const inTime: number[] = [];
  for (const { rate, run } of steps) {
    const s = summarize(run.phases.measured, run.phases.unserved, run.phases.served);
    const ok = servedInTime(rate, run);
    if (ok) inTime.push(rate);
    const cells = [fmt(s.actionRate, 1), fmt(s.readRate, 1), fmt(s.actions.p50, 1), fmt(s.actions.p99, 1), fmt(s.reads.p50, 1), fmt(s.reads.p99, 1)];
    console.log(`${String(rate).padEnd(22)}${[...cells, fmt(run.cpuSeconds / run.seconds, 2), ok ? "yes" : "no"].map((c) => pad(c, 12)).join("")}`);
  }
  const notes = setupNotes(o);
  console.log(
    (inTime.length
      ? `Highest rate served in time: ${Math.max(...inTime)} actions/s (the target: ${target.rate.toLocaleString("en")})`
      : `No rate of the sweep was served in time (the target: ${target.rate.toLocaleString("en")} actions/s)`) +
      (notes.length ? `; not the target's set-up: ${notes.join("; ")}` : ""),
  );
}
