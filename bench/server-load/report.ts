/** Prints one run's measured phase: each kind of request's figures, the turns played, the generator's load; and the server process's. */
import { performance } from "node:perf_hooks";
import { fmt, mib, pad } from "./format.js";
import type { Phases } from "./phases.js";
import type { ServerReport } from "./server.js";
import { percentile, type Recorder, sortedLatency, type Stats, summarize } from "./stats.js";

function row(label: string, s: Stats, scheduled: number | null, unserved = 0): string {
  const lat = sortedLatency(s, unserved);
  const svc = [...s.service].sort((a, b) => a - b);
  return [
    label.padEnd(22),
    pad(scheduled ?? "-", 9),
    pad(s.ok, 8),
    pad(s.refused, 8),
    pad(s.errors, 7),
    pad(fmt(percentile(lat, 50), 2), 8),
    pad(fmt(percentile(lat, 99), 2), 8),
    pad(fmt(lat.at(-1) ?? NaN, 1), 8),
    pad(fmt(percentile(svc, 50), 2), 9),
    pad(fmt(percentile(svc, 99), 2), 9),
  ].join(" ");
}

/** The slowest requests, with when their connection was made and accepted (BENCH_DEBUG). */
function printSlowest(rec: Recorder, server: ServerReport | undefined): void {
  for (const [label, st] of [
    ["actions", rec.actions],
    ["reads", rec.reads],
  ] as const) {
    const at = (t: number) => `+${((t - rec.start) / 1000).toFixed(3)} s`;
    for (const [l, sch, sent, done, t] of st.slowest) {
      const seen = t && (server as unknown as { accepted?: Record<string, number[]> } | undefined)?.accepted?.[t.local];
      const epoch = (ms: number) => at(ms - performance.timeOrigin);
      console.log(
        `  slow ${label}: ${l.toFixed(0)} ms; scheduled ${at(sch)}, sent ${at(sent)}, socket ${t ? `${at(t.socket)} (${t.reused ? "reused" : `new, connected ${at(t.connect)}`}, port ${t.local})` : "?"}, head ${t ? at(t.head) : "?"}, done ${at(done)}; server: accepted ${seen ? epoch(seen[0]!) : "?"}, requests ${seen ? seen.slice(1).map(epoch).join(" ") : "?"}`.slice(
          0,
          600,
        ),
      );
    }
  }
}

/**
 * `http`: the requests went to a server process (the generator's figures are its own); otherwise
 * the engine ran in this process, and `sampled` says V8's profiler sampled it: the loop's load
 * then came out several times higher than without (59% busy against 12%, in a quick run; the
 * server process showed no such gap), so it is not printed.
 */
export function printRun(title: string, phases: Phases, http: boolean, server?: ServerReport, sampled = false): void {
  const rec = phases.measured;
  const { seconds, actionRate, readRate } = summarize(rec, phases.unserved, phases.served);
  const last = Math.max(rec.actions.lastDone, rec.reads.lastDone);
  console.log(
    `\n${title}: ${fmt(seconds, 0)} s scheduled; ${last > rec.end ? `the last of its requests was answered ${fmt((last - rec.end) / 1000, 2)} s after it` : "every request answered within it"}`,
  );
  console.log(`Latency is counted from each request's scheduled time (open loop); "service" from when it was sent.\n`);
  console.log(
    `${"".padEnd(22)} ${pad("scheduled", 9)} ${pad("ok", 8)} ${pad("refused", 8)} ${pad("errors", 7)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)} ${pad("max ms", 8)} ${pad("svc p50", 9)} ${pad("svc p99", 9)}`,
  );
  console.log(row(http ? "actions (POST act)" : "actions (Game.act)", rec.actions, rec.scheduledActions, phases.unserved.actions));
  console.log(row(http ? "reads (GET game)" : "reads (player's page)", rec.reads, rec.scheduledReads, phases.unserved.reads));
  if (rec.other.latency.length || rec.other.errors) console.log(row("other (new game, sync)", rec.other, null));
  console.log(
    `\nanswered OK during the phase (whenever scheduled): ${fmt(actionRate, 1)} actions/s, ${fmt(readRate, 1)} reads/s` +
      (phases.served.actions < rec.scheduledActions * 0.98 ? " — fewer than scheduled: the load was more than this run could serve" : ""),
  );
  if (process.env.BENCH_DEBUG && http) printSlowest(rec, server);
  console.log(`turns: ${rec.proposals} proposals, ${rec.adopted} adopted, ${rec.defeated} defeated; ${rec.gamesWon} games won and replaced by new ones`);
  console.log(
    `read replies: avg ${rec.reads.ok ? fmt(rec.reads.bytes / rec.reads.ok / 1024, 0) : "-"} KiB each, ${fmt(((rec.reads.bytes / Math.max(1, rec.reads.ok)) * readRate) / 2 ** 20, 1)} MiB/s` +
      (http ? "" : " (the page serialized, as the server caches it, not sent)"),
  );
  console.log(
    `arrivals that found no action ready (every game waiting on a reply): ${rec.waited} of ${rec.scheduledActions}${phases.unserved.actions + phases.unserved.reads ? `; never answered: ${phases.unserved.actions} actions, ${phases.unserved.reads} reads` : ""}; most requests in flight: ${phases.maxInFlight} actions`,
  );
  if (rec.refusals.size) {
    console.log("refusals and errors:");
    for (const [message, count] of [...rec.refusals].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${pad(count, 5)} × ${message}`);
  }
  const lag = [...rec.lag].sort((a, b) => a - b);
  const cpu = phases.genCpu;
  console.log(
    `${http ? "generator (this process)" : "this process (generator and engine)"}: dispatch lag p50 ${fmt(percentile(lag, 50), 2)} ms, p99 ${fmt(percentile(lag, 99), 2)} ms; ` +
      `${sampled ? "event loop load not measured while sampled" : `event loop ${fmt(phases.genElu * 100, 0)}% busy`}; CPU ${fmt((cpu.user + cpu.system) / 1e6 / seconds, 2)} cores (user ${fmt(cpu.user / 1e6 / seconds, 2)}, system ${fmt(cpu.system / 1e6 / seconds, 2)})`,
  );
}

export function printServerProcess(server: ServerReport, peakRss: number | undefined, served: number): void {
  console.log(
    `server process: CPU ${fmt((server.cpuUser + server.cpuSystem) / server.seconds, 2)} cores (user ${fmt(server.cpuUser / server.seconds, 2)}, system ${fmt(server.cpuSystem / server.seconds, 2)}); ` +
      `event loop ${fmt(server.elu * 100, 0)}% busy, its delay p50 ${fmt(server.delayP50, 1)} ms, p99 ${fmt(server.delayP99, 1)} ms, max ${fmt(server.delayMax, 1)} ms`,
  );
  console.log(
    `server CPU per request: ${fmt(((server.cpuUser + server.cpuSystem) * 1000) / served, 2)} ms on average` +
      (server.cpuWait === undefined
        ? ""
        : `; its main thread waited ${fmt(server.cpuWait, 1)} s of the ${fmt(server.seconds, 1)} s for a CPU (held by other processes, this one included)`),
  );
  console.log(`server memory: RSS now ${mib(server.rss)}, peak (VmHWM) ${mib(peakRss)}, JS heap ${mib(server.heapUsed)}`);
}
