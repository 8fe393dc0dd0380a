/**
 * The server for the hostile suite, in a process of its own that the test starts (a worker
 * thread was tried first: ending one whose HTTP server is busy aborts the whole process), so
 * that a body which hangs the server cannot hang the test: the test kills it and starts
 * another. Every reply carries the CPU this process spent while handling it and the time
 * between the request's arrival and its answer. The test also asks it, by message, for the
 * state of its realm (the built-ins rule code must never reach) and to replay a game.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportGame, verifyArchive } from "../../src/records/archive/index.js";
import { createQuickJsSandbox } from "../../src/sandbox/quickjs-sandbox.js";
import { limits } from "../../src/kernel/limits.js";
import { buildServer } from "../../src/server/app.js";
import { SqliteStore } from "../../src/store/sqlite-store.js";

const port = { postMessage: (m: unknown) => process.send!(m), on: (e: "message", f: (m: any) => void) => process.on(e, f) };
const dir = mkdtempSync(join(tmpdir(), "nomos-hostile-server-"));
const db = join(dir, "games.db");
const app = await buildServer({ db, durability: "process", authRateLimit: 100_000 });
const started = new WeakMap<object, { t0: bigint; cpu: NodeJS.CpuUsage }>();
app.addHook("onRequest", async (request) => {
  started.set(request, { t0: process.hrtime.bigint(), cpu: process.cpuUsage() });
});
app.addHook("onSend", async (request, reply, payload) => {
  const s = started.get(request);
  if (s) {
    const cpu = process.cpuUsage(s.cpu);
    reply.header("x-cpu-us", String(cpu.user + cpu.system));
    reply.header("x-handle-us", String(Number(process.hrtime.bigint() - s.t0) / 1000));
  }
  return payload;
});
const url = await app.listen({ port: 0, host: "127.0.0.1" });

/** What rule code must never reach: the shapes of this realm's built-ins. */
function realm(): Record<string, string> {
  const names = (o: object) => Object.getOwnPropertyNames(o).sort().join(",");
  return {
    "Object.prototype": names(Object.prototype),
    "Array.prototype": names(Array.prototype),
    "Function.prototype": names(Function.prototype),
    "String.prototype": names(String.prototype),
    globalThis: Object.keys(globalThis).sort().join(","),
    "JSON.stringify": String(JSON.stringify),
    "JSON.parse": String(JSON.parse),
    "Object.keys": String(Object.keys),
    "Array.prototype.push": String(Array.prototype.push),
  };
}

port.on("message", async (m: { id: number; op: string; game?: string }) => {
  try {
    if (m.op === "realm") port.postMessage({ id: m.id, value: realm() });
    else if (m.op === "verify") {
      // As the keeper of the server's game file would: export it and replay its inputs.
      const store = SqliteStore.open(db);
      try {
        const report = await verifyArchive(await exportGame(store, m.game!), () => createQuickJsSandbox({ actMs: limits.replayActMs }));
        port.postMessage({
          id: m.id,
          value: { identical: report.identical, detail: report.identical ? "" : JSON.stringify(report.differences[0] ?? report.stopped) },
        });
      } finally {
        await store.close();
      }
    } else if (m.op === "close") {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
      port.postMessage({ id: m.id, value: null });
      process.disconnect();
    }
  } catch (err) {
    port.postMessage({ id: m.id, error: (err as Error).message });
  }
});
port.postMessage({ id: 0, value: { url, db } });
