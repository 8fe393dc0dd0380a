/** The server process of the load benchmark: `server-load.ts --serve <db> <durability>` runs this. */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createInterface } from "node:readline";

export type Durability = "full" | "process";

export interface ServerReport {
  kind: "report";
  seconds: number;
  cpuUser: number;
  cpuSystem: number;
  elu: number;
  delayP50: number;
  delayP99: number;
  delayMax: number;
  rss: number;
  heapUsed: number;
  /** Seconds the server's main thread was ready to run but waiting for a CPU (from /proc). */
  cpuWait?: number;
}

/** Runs the server until its stdin closes; answers "mark" (start measuring) and "report" on stdin. */
export async function serve(db: string, durability: Durability): Promise<void> {
  const { buildServer } = await import("../../src/server/app.js");
  // Signing 200 players up is set-up, not what is measured: a cheap password hash keeps it short.
  const app = await buildServer({ db, durability, authRateLimit: 1_000_000, passwordCost: 2 ** 12 });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
  // Samples every 1 ms; what it records beyond that 1 ms is the loop's delay.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let elu = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  let t0 = performance.now();
  // Debugging aid: when each connection was accepted, and when each request's head arrived (epoch ms), by client port.
  const accepted = new Map<number, number[]>();
  if (process.env.BENCH_DEBUG) {
    app.server.on("connection", (socket: import("node:net").Socket) => accepted.set(socket.remotePort ?? 0, [Date.now()]));
    app.server.on("request", (req: import("node:http").IncomingMessage) => accepted.get(req.socket.remotePort ?? 0)?.push(Date.now()));
  }
  say({ kind: "ready", url, pid: process.pid });
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line === "mark") {
      delay.reset();
      delay.enable();
      elu = performance.eventLoopUtilization();
      cpu = process.cpuUsage();
      t0 = performance.now();
    } else if (line === "report") {
      const used = process.cpuUsage(cpu);
      const memory = process.memoryUsage();
      const report: ServerReport = {
        kind: "report",
        seconds: (performance.now() - t0) / 1000,
        cpuUser: used.user / 1e6,
        cpuSystem: used.system / 1e6,
        elu: performance.eventLoopUtilization(elu).utilization,
        delayP50: Math.max(0, delay.percentile(50) / 1e6 - 1),
        delayP99: Math.max(0, delay.percentile(99) / 1e6 - 1),
        delayMax: Math.max(0, delay.max / 1e6 - 1),
        rss: memory.rss,
        heapUsed: memory.heapUsed,
      };
      if (process.env.BENCH_DEBUG) (report as unknown as { accepted: object }).accepted = Object.fromEntries(accepted);
      say(report);
    }
  });
  // The bench closes stdin to stop the server (and so does its death).
  lines.on("close", () => {
    void app.close().finally(() => process.exit(0));
  });
}
