/** The run over HTTP: a server process on its own SQLite file, the players signed in, the load sent over loopback. */
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { RunFigures } from "./compare.js";
import { Http } from "./http-client.js";
import { HttpTransport } from "./http-transport.js";
import type { Options } from "./options.js";
import { runPhases } from "./phases.js";
import { Bench } from "./players.js";
import { printRun, printServerProcess } from "./report.js";
import { ServerProcess } from "./server-process.js";
import { beginGames, pool, tablesFor } from "./setup.js";
import { Recorder } from "./stats.js";

/** `stopping` is told how to stop the server, should the bench be interrupted. */
export async function httpRun(o: Options, dir: string, stopping: (stop: () => Promise<void>) => void): Promise<RunFigures> {
  const db = join(dir, "server.db");
  const { server, url } = await ServerProcess.start(db, o);
  stopping(() => server.stop());
  const client = new Http(url);
  try {
    console.log(`\nOver HTTP: server ${url} (pid ${server.pid}), database ${db}`);
    // Accounts: one per player, each with its own session (scrypt makes this the slow part).
    const t0 = performance.now();
    const transport = new HttpTransport(client);
    const tables = tablesFor(o);
    await pool(
      tables.flatMap((t) => t.accounts),
      4,
      (a) => transport.signup(a),
    );
    const warmup = new Recorder("warm-up", 0, 0);
    const bench = new Bench(transport, tables, warmup);
    await beginGames(bench);
    console.log(`set-up: ${o.games * o.players} accounts signed up and ${tables.length} games begun in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const phases = await runPhases(bench, o, warmup, { start: () => server.mark(), end: () => server.end() });
    const report = await server.report();
    const dead = tables.filter((t) => t.dead).length;
    if (dead) console.log(`note: ${dead} of ${tables.length} games stopped playing (see the errors above)`);
    printRun("Over HTTP, measured phase", phases, true, report);
    const rec = phases.measured;
    printServerProcess(report, server.peakRss(), rec.actions.latency.length + rec.reads.latency.length + rec.other.latency.length);
    return {
      label: "over HTTP",
      phases,
      cpuSeconds: report.cpuUser + report.cpuSystem,
      seconds: report.seconds,
      ...(report.shares ? { shares: report.shares } : {}),
    };
  } finally {
    client.agent.destroy();
    await server.stop();
  }
}
