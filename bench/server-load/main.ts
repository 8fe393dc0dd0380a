/** The load generator: starts the server, signs the players up, runs warm-up and measured phases, prints the report. */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { drive } from "./arrivals.js";
import { Http, type Session, signup } from "./http-client.js";
import { options } from "./options.js";
import { Bench } from "./players.js";
import { printReport } from "./report.js";
import { ServerProcess } from "./server-process.js";
import { Recorder } from "./stats.js";
import { Table } from "./table.js";

/** Runs `work` on every item, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function main(): Promise<void> {
  const o = options();
  const dir = mkdtempSync(join(tmpdir(), "nomos-server-bench-"));
  const db = join(dir, "games.db");
  let server: ServerProcess | undefined;
  const stop = async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const interrupted = () => void stop().finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    console.log(
      `Nomos server load benchmark${o.quick ? " (quick smoke run)" : ""}: Node ${process.version}, SQLite durability "${o.durability}", ` +
        `${o.games} games × ${o.players} players, ${o.rate} actions/s + ${o.rate * o.reads} reads/s scheduled, ${o.warmup} s warm-up + ${o.duration} s measured`,
    );
    const started = await ServerProcess.start(db, o.durability, o.cpuProf);
    server = started.server;
    console.log(`server: ${started.url} (pid ${server.pid}), database ${db}`);
    const client = new Http(started.url);

    // Accounts: one per player, each with its own session (scrypt makes this the slow part).
    const t0 = performance.now();
    const names: string[][] = [];
    const accounts: { g: number; i: number; username: string; name: string }[] = [];
    for (let g = 0; g < o.games; g++) {
      names.push([]);
      for (let i = 0; i < o.players; i++) {
        const name = `Player${String(i + 1).padStart(2, "0")} G${g + 1}x${String.fromCharCode(97 + (i % 26))}`;
        names[g]!.push(name);
        accounts.push({ g, i, username: `bench-g${g + 1}-p${i + 1}`, name });
      }
    }
    const sessions: Session[][] = names.map(() => []);
    await pool(accounts, 4, async (a) => {
      sessions[a.g]![a.i] = await signup(client, a.username, a.name);
    });
    const tables = sessions.map((s, g) => new Table(g, s, names[g]!));
    const warmupRec = new Recorder("warm-up", 0, 0);
    const bench = new Bench(client, tables, warmupRec);
    await pool(tables, 4, (t) => bench.newGame(t, null));
    console.log(`set-up: ${accounts.length} accounts signed up and ${tables.length} games begun in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const t of tables) bench.scheduler.offer({ table: t, kind: "propose" });
    (globalThis as { gc?: () => void }).gc?.();

    const loadBefore = loadavg();
    const start = performance.now() + 20;
    const measureStart = start + o.warmup * 1000;
    const end = measureStart + o.duration * 1000;
    const measured = new Recorder("measured", measureStart, end);
    Object.assign(warmupRec, { start, end: measureStart });
    let marked = false;
    const phase = (scheduled: number) => {
      if (scheduled < measureStart) return warmupRec;
      if (!marked) {
        marked = true;
        bench.rec = measured;
        server!.mark();
      }
      return measured;
    };
    let genElu = performance.eventLoopUtilization();
    let genCpu = process.cpuUsage();
    const markGenerator = setTimeout(
      () => {
        genElu = performance.eventLoopUtilization();
        genCpu = process.cpuUsage();
      },
      Math.max(0, measureStart - performance.now()),
    );
    await drive(bench, o, start, end, phase);
    clearTimeout(markGenerator);
    if (!marked) server.mark();

    // Let the requests under way finish (30 s at most).
    const drainUntil = performance.now() + 30_000;
    while ((bench.scheduler.inFlight > 0 || (bench.scheduler.waiting > 0 && tables.some((t) => !t.dead))) && performance.now() < drainUntil) {
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 50));
    bench.stopped = true;
    const genUsage = { elu: performance.eventLoopUtilization(genElu).utilization, cpu: process.cpuUsage(genCpu) };
    const serverReport = await server.report();
    const peakRss = server.peakRss();
    const unserved = bench.scheduler.unserved().get(measured) ?? 0;
    const dead = tables.filter((t) => t.dead).length;
    if (dead) console.log(`note: ${dead} of ${tables.length} games stopped playing (see the errors above)`);
    printReport(o, measured, serverReport, peakRss, {
      unserved,
      maxInFlight: bench.scheduler.maxInFlight,
      loadBefore,
      loadAfter: loadavg(),
      genElu: genUsage.elu,
      genCpu: genUsage.cpu,
    });
    client.agent.destroy();
  } finally {
    await stop();
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    if (o.cpuProf) console.log(`server CPU profile written under ${resolve(o.cpuProf)}`);
  }
}
