/**
 * The run in-process: the same games, players and schedule played straight against the engine
 * in this process (engine-transport.ts), on its own SQLite file with the same durability and
 * the rules' code where the server's runs (QuickJS sandboxes, unless --rules trusted). Open loop at the same rate, so
 * that latency means the same thing in both runs and the CPU per action compares like for like.
 */
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { engineOptions } from "../../src/engine.js";
import { createTrustedSandbox } from "../../src/sandbox/trusted-sandbox.js";
import { GameHub } from "../../src/server/hub.js";
import { MessageTable } from "../../src/server/messages.js";
import { SqliteStore } from "../../src/store/sqlite-store.js";
import type { RunFigures } from "./compare.js";
import { EngineTransport } from "./engine-transport.js";
import type { Options } from "./options.js";
import { runPhases } from "./phases.js";
import { Bench } from "./players.js";
import { printRun } from "./report.js";
import { beginGames, tablesFor } from "./setup.js";
import { Recorder } from "./stats.js";
import { TimeShareMeter } from "./time-shares.js";

export async function engineRun(o: Options, dir: string): Promise<RunFigures> {
  const meter = o.shares ? await TimeShareMeter.start() : undefined;
  const db = join(dir, "engine.db");
  const store = SqliteStore.open(db, { durability: o.durability });
  // As the server makes its hub (src/server/app.ts).
  const hub = new GameHub(engineOptions({ store, ...(o.rules === "trusted" ? { sandbox: createTrustedSandbox } : {}) }), Date.now, MessageTable.of(store));
  try {
    console.log(`\nIn-process: the engine in this process (pid ${process.pid}), database ${db}`);
    const t0 = performance.now();
    const tables = tablesFor(o);
    const warmup = new Recorder("warm-up", 0, 0);
    const bench = new Bench(new EngineTransport(hub), tables, warmup);
    await beginGames(bench);
    console.log(`set-up: ${tables.length} games begun in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    let cpu = process.cpuUsage();
    let used = cpu;
    let started = performance.now();
    let seconds = 0;
    const phases = await runPhases(bench, o, warmup, {
      start: () => {
        cpu = process.cpuUsage();
        started = performance.now();
        meter?.mark();
      },
      end: () => {
        used = process.cpuUsage(cpu);
        seconds = (performance.now() - started) / 1000;
        meter?.end();
      },
    });
    const shares = await meter?.stop();
    const dead = tables.filter((t) => t.dead).length;
    if (dead) console.log(`note: ${dead} of ${tables.length} games stopped playing (see the errors above)`);
    printRun("In-process, measured phase", phases, false, undefined, meter !== undefined);
    console.log(`this process's memory: RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
    return { label: "in-process", phases, cpuSeconds: (used.user + used.system) / 1e6, seconds, ...(shares ? { shares } : {}) };
  } finally {
    await hub.close();
    store.close();
  }
}
