/** The load generator: runs the load over HTTP, then in-process, and prints them side by side. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { printComparison, printMachine, printTarget, type RunFigures, rulesWhere } from "./compare.js";
import { engineRun } from "./engine-run.js";
import { httpRun } from "./http-run.js";
import { options } from "./options.js";
import { printSweep, type SweepStep } from "./sweep.js";

export async function main(): Promise<void> {
  const o = options();
  const dir = mkdtempSync(join(tmpdir(), "nomos-server-bench-"));
  let stopServer: (() => Promise<void>) | undefined;
  const stop = async () => {
    await stopServer?.();
    rmSync(dir, { recursive: true, force: true });
  };
  const interrupted = () => void stop().finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    console.log(
      `Nomos server load benchmark${o.quick ? " (quick smoke run)" : ""}: Node ${process.version}, SQLite durability "${o.durability}", ${rulesWhere(o.rules)}, ` +
        `${o.games} games × ${o.players} players, ${o.sweep ? `${o.sweep.join(", ")} actions/s in turn (a sweep over HTTP), each with ${o.reads} read(s) per action` : `${o.rate} actions/s + ${o.rate * o.reads} reads/s`} scheduled (open loop), ${o.warmup} s warm-up + ${o.duration} s measured; ` +
        `runs: ${o.runs.map((r) => (r === "http" ? "over HTTP" : "in-process")).join(", then ")}`,
    );
    const loadBefore = loadavg();
    if (o.sweep) {
      const steps: SweepStep[] = [];
      for (const rate of o.sweep) {
        // A fresh server on a fresh file for each rate: nothing of the last run's load carries over.
        const own = join(dir, `sweep-${rate}`);
        mkdirSync(own);
        steps.push({ rate, run: await httpRun({ ...o, rate }, own, (s) => (stopServer = s)) });
      }
      console.log();
      printMachine(loadBefore, loadavg());
      printSweep(o, steps);
      return;
    }
    const runs: RunFigures[] = [];
    if (o.runs.includes("http")) runs.push(await httpRun(o, dir, (s) => (stopServer = s)));
    if (o.runs.includes("engine")) runs.push(await engineRun(o, dir));
    console.log();
    printMachine(loadBefore, loadavg());
    printComparison(o, runs);
    const http = runs.find((r) => r.label === "over HTTP");
    if (http) printTarget(o, http);
  } finally {
    await stop();
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    if (o.cpuProf) console.log(`server CPU profile written under ${resolve(o.cpuProf)}`);
  }
}
