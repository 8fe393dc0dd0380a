/**
 * The sandbox worker's entry: one game's QuickJS guest on its own thread. The main thread
 * (src/sandbox/quickjs-sandbox.ts) sends one call at a time and kills the thread when a
 * call overruns its deadline, which stops work even inside a built-in.
 */
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant } from "quickjs-emscripten-core";
import * as variantModule from "@jitl/quickjs-wasmfile-release-sync";
import { guestMemory } from "./guest-memory.js";
import { QuickJsGuest, type GuestCall, type GuestLimits } from "./quickjs-guest.js";
import { RuleClockWriter } from "./rule-clock.js";
import { threadTimes, timedThreadId } from "./thread-clock.js";
import { limits } from "../kernel/limits.js";
import { SandboxInterrupted } from "../kernel/sandbox.js";
import type { WorkerReply, WorkerRequest } from "./worker-protocol.js";

interface Setup {
  wasm: WebAssembly.Module;
  runtime: string;
  limits: GuestLimits;
  /** Each rule's time in a diagnose run, as the guest runtime reports whose code runs (rule-clock.ts). */
  clock: SharedArrayBuffer;
  /** Report each call's time in the guest (src/busy-time.ts: the load benchmark asks). */
  timed: boolean;
}

const port = parentPort;
if (!port) throw new Error("the sandbox worker runs only as a worker thread");
const setup = workerData as Setup;
/** This thread's id, told to the main thread, which times each call's deadline by this thread's CPU time. */
const tid = timedThreadId();
const base = variantModule.default as unknown as QuickJSSyncVariant;
/**
 * This thread's CPU time, when the bench asks (src/busy-time.ts) and the system says. It lags
 * by up to a scheduler tick, so it is reported as the thread's total, never to time one call
 * of a millisecond (that undercounted calls by half): a call's busyMs is wall-clock time.
 */
const threadCpu = setup.timed && threadTimes() ? () => threadTimes()!.cpuMs : undefined;

const memory = guestMemory(limits.sandboxMemoryBytes);

// The module compiled once by the main thread: no worker compiles the WebAssembly again.
// (No top-level await: under tsx this file runs as CommonJS, see worker-file.ts.)
void newQuickJSWASMModuleFromVariant(newVariant(base, { wasmModule: setup.wasm, wasmMemory: memory.memory })).then((module) => {
  serve(port, new QuickJsGuest(module, setup.limits, setup.runtime, new RuleClockWriter(setup.clock), memory));
});

function serve(port: MessagePort, guest: QuickJsGuest): void {
  port.on("message", (request: WorkerRequest) => {
    let reply: WorkerReply;
    const started = setup.timed ? performance.now() : 0;
    try {
      reply = { id: request.id, ok: true, value: guest.call(request.call as GuestCall, request.arg, request.diagnose) };
    } catch (err) {
      const e = err instanceof SandboxInterrupted ? err : new SandboxInterrupted("crash", `the sandbox crashed: ${String(err)}`);
      reply = { id: request.id, ok: false, reason: e.reason, detail: e.message, culprit: e.culprit };
    }
    if (setup.timed) {
      reply.busyMs = performance.now() - started;
      if (threadCpu) reply.threadMs = threadCpu();
    }
    // A guest that crashed is garbage: end the thread, and the host boots a new one.
    if (!guest.alive) reply.closing = true;
    port.postMessage(reply);
    if (!guest.alive) port.close();
  });
  port.postMessage({ id: 0, ok: true, value: "ready", tid, ...(threadCpu ? { threadMs: threadCpu() } : {}) } satisfies WorkerReply);
}
