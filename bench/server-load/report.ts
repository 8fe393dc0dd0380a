/** Prints the measured phase's figures and whether the latency target was met. */
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import type { Options } from "./options.js";
import type { ServerReport } from "./server.js";
import { percentile, type Recorder, type Stats } from "./stats.js";

/** The share of the last minute some runnable task waited for a CPU (Linux PSI), if the kernel says. */
function cpuPressure(): string {
  try {
    const avg60 = /some avg10=[\d.]+ avg60=([\d.]+)/.exec(readFileSync("/proc/pressure/cpu", "utf8"))?.[1];
    return avg60 === undefined ? "" : `; CPU pressure ${avg60}% (share of the last minute with a task waiting for a CPU)`;
  } catch {
    return "";
  }
}

function mib(bytes: number | undefined): string {
  return bytes === undefined ? "n/a" : `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

export function printReport(
  o: Options,
  rec: Recorder,
  server: ServerReport,
  peakRss: number | undefined,
  extra: { unserved: number; maxInFlight: number; loadBefore: number[]; loadAfter: number[]; genElu: number; genCpu: NodeJS.CpuUsage },
): boolean {
  const seconds = (rec.end - rec.start) / 1000;
  const window = (Math.max(rec.end, rec.actions.lastDone, rec.reads.lastDone) - rec.start) / 1000;
  const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : n === Infinity ? "never" : "-");
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  // Arrivals never served count as infinitely late.
  const row = (label: string, s: Stats, scheduled: number | null, unserved = 0) => {
    const lat = [...s.latency, ...new Array<number>(unserved).fill(Infinity)].sort((a, b) => a - b);
    const svc = [...s.service].sort((a, b) => a - b);
    return [
      label.padEnd(22),
      pad(scheduled ?? "-", 9),
      pad(s.ok, 8),
      pad(fmt(s.ok / window), 8),
      pad(s.refused, 8),
      pad(s.errors, 7),
      pad(fmt(percentile(lat, 50), 2), 8),
      pad(fmt(percentile(lat, 99), 2), 8),
      pad(fmt(lat.at(-1) ?? NaN, 1), 8),
      pad(fmt(percentile(svc, 50), 2), 9),
      pad(fmt(percentile(svc, 99), 2), 9),
    ].join(" ");
  };
  const lag = [...rec.lag].sort((a, b) => a - b);
  const actionsP99 = percentile(
    [...rec.actions.latency, ...new Array<number>(extra.unserved).fill(Infinity)].sort((a, b) => a - b),
    99,
  );
  const readsP99 = percentile(
    [...rec.reads.latency].sort((a, b) => a - b),
    99,
  );
  const actionRate = rec.actions.ok / window;

  console.log(`\nMeasured phase: ${fmt(seconds, 0)} s scheduled (${fmt(window, 2)} s until the last reply), ${o.games} games × ${o.players} players`);
  console.log(`Latency is counted from each request's scheduled time (open loop); "service" from when it was sent.\n`);
  console.log(
    `${"".padEnd(22)} ${pad("scheduled", 9)} ${pad("ok", 8)} ${pad("ok/s", 8)} ${pad("refused", 8)} ${pad("errors", 7)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)} ${pad("max ms", 8)} ${pad("svc p50", 9)} ${pad("svc p99", 9)}`,
  );
  console.log(row("actions (POST act)", rec.actions, rec.scheduledActions, extra.unserved));
  console.log(row("reads (GET game)", rec.reads, rec.scheduledReads));
  if (rec.other.latency.length || rec.other.errors) console.log(row("other (new game, sync)", rec.other, null));
  console.log();
  if (process.env.BENCH_DEBUG) {
    for (const [label, st] of [
      ["actions", rec.actions],
      ["reads", rec.reads],
    ] as const) {
      const at = (t: number) => `+${((t - rec.start) / 1000).toFixed(3)} s`;
      for (const [l, sch, sent, done, t] of st.slowest) {
        const seen = t && (server as unknown as { accepted?: Record<string, number[]> }).accepted?.[t.local];
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
  console.log(`turns: ${rec.proposals} proposals, ${rec.adopted} adopted, ${rec.defeated} defeated; ${rec.gamesWon} games won and replaced by new ones`);
  console.log(
    `read replies: avg ${rec.reads.ok ? fmt(rec.reads.bytes / rec.reads.ok / 1024, 0) : "-"} KiB each, ${fmt(rec.reads.bytes / window / 2 ** 20, 1)} MiB/s`,
  );
  console.log(
    `arrivals that found no action ready (every game waiting on a reply): ${rec.waited} of ${rec.scheduledActions}${extra.unserved ? `; ${extra.unserved} never served` : ""}; most requests in flight: ${extra.maxInFlight} actions`,
  );
  if (rec.refusals.size) {
    console.log("refusals and errors:");
    for (const [message, count] of [...rec.refusals].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${pad(count, 5)} × ${message}`);
  }
  console.log(
    `generator (this process): dispatch lag p50 ${fmt(percentile(lag, 50), 2)} ms, p99 ${fmt(percentile(lag, 99), 2)} ms; event loop ${fmt(extra.genElu * 100, 0)}% busy; CPU ${fmt((extra.genCpu.user + extra.genCpu.system) / 1e6 / window, 2)} cores (user ${fmt(extra.genCpu.user / 1e6 / window, 2)}, system ${fmt(extra.genCpu.system / 1e6 / window, 2)})`,
  );
  console.log(
    `server process: CPU ${fmt((server.cpuUser + server.cpuSystem) / server.seconds, 2)} cores (user ${fmt(server.cpuUser / server.seconds, 2)}, system ${fmt(server.cpuSystem / server.seconds, 2)}); ` +
      `event loop ${fmt(server.elu * 100, 0)}% busy, its delay p50 ${fmt(server.delayP50, 1)} ms, p99 ${fmt(server.delayP99, 1)} ms, max ${fmt(server.delayMax, 1)} ms`,
  );
  const served = rec.actions.latency.length + rec.reads.latency.length + rec.other.latency.length;
  console.log(
    `server CPU per request: ${fmt(((server.cpuUser + server.cpuSystem) * 1000) / served, 2)} ms on average` +
      (server.cpuWait === undefined
        ? ""
        : `; its main thread waited ${fmt(server.cpuWait, 1)} s of the ${fmt(server.seconds, 1)} s for a CPU (held by other processes, this one included)`),
  );
  console.log(`server memory: RSS now ${mib(server.rss)}, peak (VmHWM) ${mib(peakRss)}, JS heap ${mib(server.heapUsed)}`);
  console.log(
    `machine: ${cpus().length} cores; load average before ${extra.loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${extra.loadAfter.map((n) => n.toFixed(2)).join(" ")}${cpuPressure()}`,
  );

  const target = 500;
  const fullLoad = o.rate >= target && actionRate >= 0.98 * target;
  const met = fullLoad && actionsP99 < 50 && (rec.scheduledReads === 0 || readsP99 < 50) && rec.actions.errors === 0 && rec.reads.errors === 0;
  console.log(
    `\nTarget (p99 < 50 ms at 500 accepted actions/s, with SQLite): ${met ? "MET" : "NOT MET"} — ` +
      `${fmt(actionRate, 1)} accepted actions/s, p99 ${fmt(actionsP99, 1)} ms for actions, ${fmt(readsP99, 1)} ms for reads` +
      (o.rate < target ? ` (this run scheduled only ${o.rate} actions/s)` : "") +
      (rec.scheduledReads === 0 ? " (no reads scheduled: not the load the target is about)" : "") +
      (o.durability !== "full" ? ` (durability "${o.durability}", not the default)` : ""),
  );
  return met;
}
