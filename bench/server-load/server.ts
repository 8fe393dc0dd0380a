/** The server process of the load benchmark: `server-load.ts --serve <db> <durability> [shares] [trusted]` runs this. */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import type { Rules } from "./options.js";
import { type TimeShares, TimeShareMeter } from "./time-shares.js";

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
  /** Where its time went, when asked (`shares`). */
  shares?: TimeShares;
}

/**
 * Runs the server until its stdin closes; answers "mark" (the measured phase begins), "end"
 * (it ends) and "report" on stdin. With `shares`, its time is counted by part from the start (time-shares.ts): the
 * sampling profiler costs the server a few per cent, and starting it a pause, here before any load.
 */
export async function serve(db: string, durability: Durability, shares: boolean, rules: Rules): Promise<void> {
  const meter = shares ? await TimeShareMeter.start() : undefined;
  const { buildServer } = await import("../../src/server/app.js");
  const sandbox = rules === "trusted" ? (await import("../../src/sandbox/trusted-sandbox.js")).createTrustedSandbox : undefined;
  // Signing 200 players up is set-up, not what is measured: a cheap password hash keeps it short.
  const app = await buildServer({ db, durability, authRateLimit: 1_000_000, passwordCost: 2 ** 12, ...(sandbox ? { sandbox } : {}) });
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
  // The figures of the measured phase, taken as it ends ("end"), sent when asked ("report").
  let figures: Omit<ServerReport, "shares"> | undefined;
  const take = (): Omit<ServerReport, "shares"> => {
    const used = process.cpuUsage(cpu);
    const memory = process.memoryUsage();
    delay.disable();
    return {
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
  };
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line === "mark") {
      delay.reset();
      delay.enable();
      elu = performance.eventLoopUtilization();
      cpu = process.cpuUsage();
      t0 = performance.now();
      meter?.mark();
    } else if (line === "end") {
      figures = take();
      meter?.end();
    } else if (line === "report") {
      const report: ServerReport = { ...(figures ?? take()), rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed };
      if (process.env.BENCH_DEBUG) (report as unknown as { accepted: object }).accepted = Object.fromEntries(accepted);
      if (!meter) return say(report);
      void meter.stop().then((shares) => say({ ...report, shares }));
    }
  });
  // The bench closes stdin to stop the server (and so does its death).
  lines.on("close", () => {
    void app.close().finally(() => process.exit(0));
  });
}
