/** Prints the runs side by side (over HTTP, and the engine in-process), where their time went, and whether the target was met. */
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { fmt, pad } from "./format.js";
import type { Options, Rules } from "./options.js";
import type { Phases } from "./phases.js";
import { summarize } from "./stats.js";
import type { TimeShares } from "./time-shares.js";

/** What one run measured of the process under test (the server process; this process, in-process). */
export interface RunFigures {
  label: string;
  phases: Phases;
  /** That process's CPU over the measured phase (every thread), s, and the phase's span, s. */
  cpuSeconds: number;
  seconds: number;
  shares?: TimeShares;
}

export const target = { rate: 2000, p99: 50, games: 20, players: 10 };

/** Whether a run over HTTP answered the rate it was given within the target's latency: 98% of its actions, p99 within bounds (reads too, if any), no errors. */
export function servedInTime(rate: number, run: RunFigures): boolean {
  const rec = run.phases.measured;
  const { actionRate, actions, reads } = summarize(rec, run.phases.unserved, run.phases.served);
  const readsInTime = rec.scheduledReads === 0 || reads.p99 <= target.p99;
  return actionRate >= 0.98 * rate && actions.p99 <= target.p99 && readsInTime && rec.actions.errors === 0 && rec.reads.errors === 0;
}

/** How a run's set-up differs from the target's, rate aside, in words (none: the same). */
export function rulesWhere(rules: Rules): string {
  return rules === "quickjs" ? "rules in QuickJS" : "rules unsandboxed in V8 on the main thread (--rules trusted: never on a real server)";
}

export function setupNotes(o: Options): string[] {
  return [
    o.reads < 1 ? `reads scheduled at ${o.reads} per action, not at the same rate` : "",
    o.games !== target.games || o.players !== target.players ? `${o.games} games × ${o.players} players, not ${target.games} × ${target.players}` : "",
    o.durability !== "full" ? `durability "${o.durability}", not the default` : "",
    o.rules === "trusted" ? "rule code ran unsandboxed, in V8" : "",
  ].filter(Boolean);
}

/** The share of the last minute some runnable task waited for a CPU (Linux PSI), if the kernel says. */
function cpuPressure(): string {
  try {
    const avg60 = /some avg10=[\d.]+ avg60=([\d.]+)/.exec(readFileSync("/proc/pressure/cpu", "utf8"))?.[1];
    return avg60 === undefined ? "" : `; CPU pressure ${avg60}% (share of the last minute with a task waiting for a CPU)`;
  } catch {
    return "";
  }
}

export function printMachine(loadBefore: number[], loadAfter: number[]): void {
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(" ");
  console.log(`machine: ${cpus().length} cores; load average before ${load(loadBefore)}, after ${load(loadAfter)}${cpuPressure()}`);
}

function table(title: string, runs: RunFigures[], rows: [string, (r: RunFigures) => string][]): void {
  console.log(`\n${title}`);
  console.log(`${"".padEnd(44)}${runs.map((r) => pad(r.label, 22)).join("")}`);
  for (const [label, cell] of rows) console.log(`${label.padEnd(44)}${runs.map((r) => pad(cell(r), 22)).join("")}`);
}

export function printComparison(o: Options, runs: RunFigures[]): void {
  const s = (r: RunFigures) => summarize(r.phases.measured, r.phases.unserved, r.phases.served);
  const ms = (a: number, b: number) => `${fmt(a, 1)} / ${fmt(b, 1)}`;
  table(`Side by side (same games, players, turns, reads and open-loop schedule; SQLite file, ${rulesWhere(o.rules)}):`, runs, [
    ["actions answered OK per second", (r) => fmt(s(r).actionRate, 1)],
    ["reads answered OK per second", (r) => fmt(s(r).readRate, 1)],
    ["actions p50 / p99, ms from scheduled", (r) => ms(s(r).actions.p50, s(r).actions.p99)],
    ["reads p50 / p99, ms from scheduled", (r) => ms(s(r).reads.p50, s(r).reads.p99)],
    [
      "refused / errors (actions and reads)",
      (r) => `${r.phases.measured.actions.refused + r.phases.measured.reads.refused} / ${r.phases.measured.actions.errors + r.phases.measured.reads.errors}`,
    ],
    ["CPU, cores (every thread of the process)", (r) => fmt(r.cpuSeconds / r.seconds, 2)],
    ["CPU per action answered, ms (reads in it)", (r) => fmt((r.cpuSeconds * 1000) / r.seconds / s(r).actionRate, 2)],
  ]);
  console.log("(the in-process CPU includes the load generator's, which is small beside the engine's: see its share below)");
  if (runs.some((r) => s(r).readRate > (1.2 * s(r).actionRate * r.phases.measured.scheduledReads) / Math.max(1, r.phases.measured.scheduledActions)))
    console.log(
      "A run that could not serve the load answered more reads per action than scheduled (reads go out on schedule, actions wait for\n" +
        "the games), so its CPU per action counts more reads: compare the HTTP layer's CPU per request below.",
    );
  const measured = runs.filter((r) => r.shares);
  if (measured.length) printShares(o, measured);
}

function printShares(o: Options, runs: RunFigures[]): void {
  const main = (t: TimeShares) => Object.values(t.main).reduce((a, b) => a + b, 0) + (t.outsideJsMs ?? 0);
  const workers = (t: TimeShares) => t.workerMs ?? t.sandboxMs;
  // The process's CPU beyond the main thread and the workers: V8's helper threads (GC, compiling), the libuv pool, the profiler's.
  const rest = (t: TimeShares) => Math.max(0, t.processMs - main(t) - workers(t));
  const total = (t: TimeShares) => main(t) + workers(t) + rest(t);
  const share = (ms: (t: TimeShares) => number) => (r: RunFigures) => {
    const t = r.shares!;
    const v = ms(t);
    return v < total(t) / 2000 ? "-" : `${fmt((100 * v) / total(t), 1)}%  ${fmt(v / 1000, 1)} s`;
  };
  const cpu = runs.every((r) => r.shares!.clock === "cpu");
  table(
    `Where the server's ${cpu ? "CPU" : "busy"} time went (the in-process run's beside it): shares of the process's ${cpu ? "CPU time, every thread" : "busy time"}:`,
    runs,
    [
      ["QuickJS: rule code, in the sandbox workers", share(workers)],
      [o.rules === "trusted" ? "rule code, unsandboxed (main thread)" : "QuickJS: calls to the workers (main thread)", share((t) => t.main.quickjs)],
      ["SQLite: statements, commits (main thread)", share((t) => t.main.sqlite)],
      ["HTTP: Fastify, Node's http, sessions, routes", share((t) => t.main.http)],
      ["engine: kernel, hub, pages (main thread)", share((t) => t.main.engine)],
      ["load generator (main thread)", share((t) => t.main.bench)],
      ["garbage collection (main thread)", share((t) => t.main.gc)],
      ["other JS and V8 (main thread)", share((t) => t.main.other)],
      ["outside JS: event loop, sockets, messages", share((t) => t.outsideJsMs ?? 0)],
      ["other threads: V8's GC and compilers, libuv", share(rest)],
      ["total", (r) => `${fmt(total(r.shares!) / 1000, 1)} s, ${fmt(total(r.shares!) / 1000 / r.shares!.seconds, 2)} cores`],
      [
        "HTTP's CPU per request answered, ms",
        (r) => (r.shares!.main.http >= total(r.shares!) / 2000 ? fmt(r.shares!.main.http / (r.phases.served.actions + r.phases.served.reads), 3) : "-"),
      ],
      ["calls into QuickJS, and the workers' ms each", (r) => `${r.shares!.sandboxCalls} × ${fmt(workers(r.shares!) / r.shares!.sandboxCalls, 2)} ms`],
      ["main thread's wait for a CPU, s", (r) => (r.shares!.mainWaitMs === undefined ? "n/a" : fmt(r.shares!.mainWaitMs / 1000, 1))],
      ["disk syncs of the WAL: under way", (r) => `${fmt((100 * r.shares!.syncMs) / 1000 / r.shares!.seconds, 0)}% of the time`],
      ["syncs, and ms each on average", (r) => `${r.shares!.syncs} × ${fmt(r.shares!.syncMs / r.shares!.syncs, 1)} ms`],
    ],
  );
  console.log(
    `How it is counted: the sandbox workers' ${cpu ? "whole CPU time, from /proc/thread-self/schedstat (nearly all of it in QuickJS)" : "wall-clock time in each call into QuickJS: this system gives no thread CPU time"}.\n` +
      "The main thread's time in JS comes from V8's profiler: a sample a millisecond, none counting for more than one (a sample late because the\n" +
      "thread waited for a CPU would count the wait); each goes to the innermost code that says its part: src/store's SQLite driver (SQLite),\n" +
      "src/sandbox (QuickJS), Fastify, Node's http, src/api and src/server's routes, sessions and memberships (HTTP), the kernel, the hub, the page\n" +
      `builder and cache (engine), bench/ (the generator). ${cpu ? "The rest of the thread's CPU time (schedstat) was outside JS, in Node's C++: V8 samples it as idle.\n" : "\n"}` +
      "A disk sync waits on the disk on a libuv thread; that wait is not CPU time. Sampling costs the process measured a few per cent.",
  );
}

/** The target, for the run over HTTP; returns whether it was met. */
export function printTarget(o: Options, run: RunFigures): boolean {
  const { actionRate, actions, reads } = summarize(run.phases.measured, run.phases.unserved, run.phases.served);
  const notes = [...(o.rate < target.rate ? [`this run scheduled only ${o.rate} actions/s`] : []), ...setupNotes(o)];
  const met = notes.length === 0 && servedInTime(target.rate, run);
  console.log(
    `\nTarget (at least ${target.rate.toLocaleString("en")} accepted actions/s with p99 ≤ ${target.p99} ms for actions and reads, ${target.games} games × ${target.players} players, reads at the same rate, over HTTP with SQLite): ` +
      `${met ? "MET" : "NOT MET"} — ${fmt(actionRate, 1)} accepted actions/s, p99 ${fmt(actions.p99, 1)} ms for actions, ${fmt(reads.p99, 1)} ms for reads` +
      (notes.length ? ` (${notes.join("; ")})` : ""),
  );
  return met;
}
