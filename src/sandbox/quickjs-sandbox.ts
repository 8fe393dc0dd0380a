/**
 * The real sandbox, as the main thread sees it: one worker thread per game running the
 * QuickJS guest (src/sandbox/quickjs-guest.ts), so that rule code never holds the server's
 * event loop. Every call has a deadline, in the thread's own CPU time (thread-clock.ts); past
 * it the thread is killed, which stops work even inside a built-in, where QuickJS's fuel is not counted.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { setFlagsFromString } from "node:v8";
import type { Worker } from "node:worker_threads";
import { busyTime } from "../busy-time.js";
import { limits as bounds } from "../kernel/limits.js";
import { guestSource } from "./guest-source.js";
import type { BootSnapshot, GuestQuery, GuestQueryResult, GuestRequest, GuestResult } from "../kernel/guest-protocol.js";
import { heaviestRule, ruleClockBuffer, runningRule } from "./rule-clock.js";
import { SandboxInterrupted, type Sandbox } from "../kernel/sandbox.js";
import { defaultLimits, tookTooLong, type SandboxLimits } from "./sandbox.js";
import { startWorker } from "./worker-file.js";
import { cpuDeadline, ThreadClock } from "./thread-clock.js";
import type { WorkerReply, WorkerRequest } from "./worker-protocol.js";

let compiled: Promise<WebAssembly.Module> | undefined;

/** QuickJS's WebAssembly, compiled once per process and shared by every worker. */
function quickJsModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const root = dirname(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/package.json"));
    return WebAssembly.compile(await readFile(join(root, "dist", "emscripten-module.wasm")));
  })();
  return compiled;
}

/**
 * For a process that runs the rules for a moment and exits (a CLI command): V8 compiles
 * QuickJS's WebAssembly with its baseline compiler only, not again optimized on background
 * threads for code the process exits before running (a third of a command's CPU on Node 20
 * and 22; Node 24 ignores flags set at run time). A server keeps the optimizing compiler. The
 * flag is the process's (QuickJS is its only WebAssembly) and must come before the first sandbox.
 */
export function compileQuickJsForShortRuns(): void {
  if (compiled === undefined) setFlagsFromString("--liftoff-only");
}

export async function createQuickJsSandbox(overrides: Partial<SandboxLimits> = {}): Promise<Sandbox> {
  const limits = { ...defaultLimits, ...overrides };
  const sandbox = (await takeEarly(limits)) ?? startSandbox(limits, await quickJsModule());
  await sandbox.started;
  return sandbox;
}

/** The limits the worker thread enforces itself; a call's deadline is the main thread's. */
function threadLimits(limits: SandboxLimits): Pick<SandboxLimits, "fuel" | "memoryBytes" | "stackBytes"> {
  return { fuel: limits.fuel, memoryBytes: limits.memoryBytes, stackBytes: limits.stackBytes };
}

function startSandbox(limits: SandboxLimits, wasm: WebAssembly.Module): WorkerSandbox {
  const clock = ruleClockBuffer();
  const worker = startWorker(import.meta.url, "sandbox-worker", {
    workerData: {
      wasm,
      runtime: guestSource(),
      limits: threadLimits(limits),
      clock,
      timed: busyTime.on,
    },
    // The guest's heap is QuickJS's wasm memory, outside V8's; the thread's own objects are the
    // messages in and out, short-lived. A young generation of 2 MB, not 16, saved 66 MiB of RSS
    // over bench:server's 20 games (3 runs each, 150 actions/s) with no more CPU per request.
    resourceLimits: { maxOldGenerationSizeMb: bounds.sandboxHeapMb, maxYoungGenerationSizeMb: 2 },
  });
  return new WorkerSandbox(worker, limits, clock);
}

/** A sandbox started before anyone asked for one (startSandboxEarly), with the default limits; null if it could not start. */
let early: Promise<WorkerSandbox | null> | null = null;

/**
 * Starts a sandbox now, for the process's first createQuickJsSandbox to take: a CLI command
 * starts it before loading its own modules, so the worker's start (Node's, QuickJS's and the
 * guest's, 0.3 s and more) runs beside that loading instead of after it. Left untaken, it keeps
 * nothing alive: the process exits as if it had never started.
 */
export function startSandboxEarly(): void {
  // A failure here is reported when a game asks for its sandbox, never before (the command may not need one).
  early ??= quickJsModule()
    .then((wasm) => startSandbox(defaultLimits, wasm).unrefStart())
    .catch(() => null);
}

/** The early sandbox, if there is one and its thread's limits are these (a call's deadline may differ). */
async function takeEarly(limits: SandboxLimits): Promise<WorkerSandbox | null> {
  const taken = early;
  early = null;
  if (!taken) return null;
  const sandbox = await taken;
  if (!sandbox) return null;
  if (JSON.stringify(threadLimits(limits)) !== JSON.stringify(threadLimits(defaultLimits))) {
    sandbox.dispose();
    return null;
  }
  return sandbox.takenWith(limits);
}

interface Pending {
  id: number;
  diagnose: boolean;
  resolve: (value: string) => void;
  reject: (error: Error) => void;
  /** Stops the call's deadline. */
  cancel: () => void;
}

class WorkerSandbox implements Sandbox {
  readonly started: Promise<void>;
  private nextId = 1;
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private dead: SandboxInterrupted | null = null;
  /** The worker thread's CPU time as its last reply said (timed workers: src/busy-time.ts). */
  private threadMs = 0;
  /** The worker thread's CPU clock, from its id as it said when ready: its deadlines count that thread's CPU time. */
  private cpu = new ThreadClock(null);

  /** The deadline for the worker's start: it keeps the process alive unless the sandbox is not yet anyone's (unrefStart). */
  private readonly startTimer: NodeJS.Timeout;

  constructor(
    private readonly worker: Worker,
    private limits: SandboxLimits,
    private readonly clock: SharedArrayBuffer,
  ) {
    this.startTimer = setTimeout(() => this.kill(new SandboxInterrupted("crash", "the sandbox did not start in time")), bounds.sandboxStartMs);
    this.started = new Promise<void>((resolve, reject) => {
      this.pending = { id: 0, diagnose: false, resolve: () => resolve(), reject, cancel: () => clearTimeout(this.startTimer) };
    });
    worker.on("message", (reply: WorkerReply) => this.settle(reply));
    worker.on("error", (err: Error & { code?: string }) => {
      const memory = err.code === "ERR_WORKER_OUT_OF_MEMORY";
      this.kill(
        new SandboxInterrupted(
          memory ? "memory" : "crash",
          memory ? "ran out of memory" : `the sandbox crashed: ${err.message}`,
          memory && this.pending?.diagnose ? runningRule(this.clock) : null,
        ),
      );
    });
    worker.on("exit", () => this.kill(new SandboxInterrupted("crash", "the sandbox's thread ended")));
    // Only a call in flight keeps the process alive: an idle game must not stop a CLI command from exiting.
    worker.unref();
  }

  /** Started early, it is no one's yet: nothing waits on its start, so the process need not either. */
  unrefStart(): this {
    this.startTimer.unref();
    // A start that failed before it was taken is reported to whoever takes it.
    this.started.catch(() => undefined);
    return this;
  }

  /** Taken by a game, which now waits on its start, with the game's limits for its calls (its thread's are the same). */
  takenWith(limits: SandboxLimits): this {
    this.limits = limits;
    this.startTimer.ref();
    return this;
  }

  get alive(): boolean {
    return this.dead === null;
  }

  async boot(snapshot: BootSnapshot): Promise<{ failed: Record<string, string> }> {
    return JSON.parse(await this.call("boot", JSON.stringify(snapshot), false, this.limits.bootMs)) as { failed: Record<string, string> };
  }

  async handle(request: GuestRequest): Promise<GuestResult> {
    return JSON.parse(await this.call("handle", JSON.stringify(request), request.diagnose === true, this.limits.actMs)) as GuestResult;
  }

  async query(request: GuestQuery): Promise<GuestQueryResult> {
    return JSON.parse(await this.call("query", JSON.stringify(request), request.diagnose === true, this.limits.actMs)) as GuestQueryResult;
  }

  async dump(): Promise<unknown> {
    return JSON.parse(await this.call("dump", undefined, false, this.limits.bootMs));
  }

  dispose(): void {
    this.kill(new SandboxInterrupted("crash", "this sandbox was disposed"));
  }

  /** One call at a time, in order; each with its deadline. */
  private call(call: WorkerRequest["call"], arg: string | undefined, diagnose: boolean, ms: number): Promise<string> {
    const next = this.queue.then(() => this.send({ id: this.nextId++, call, arg, diagnose }, ms));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private send(request: WorkerRequest, ms: number): Promise<string> {
    if (this.dead) return Promise.reject(new SandboxInterrupted("crash", `this sandbox is gone (${this.dead.message})`));
    return new Promise<string>((resolve, reject) => {
      // Counted in the thread's own CPU time: a busy host slows rule code, it does not fail it.
      // A call kept off the CPUs for ten times its deadline is stopped as a crash, which blames no rule.
      const cancel = cpuDeadline(this.cpu, ms, (starved) =>
        this.kill(
          starved
            ? new SandboxInterrupted("crash", "the server was too busy to run the rules' code in time")
            : new SandboxInterrupted("time", tookTooLong(ms), request.diagnose ? heaviestRule(this.clock) : null),
        ),
      );
      this.pending = { id: request.id, diagnose: request.diagnose === true, resolve, reject, cancel };
      this.worker.ref();
      this.worker.postMessage(request);
    });
  }

  private settle(reply: WorkerReply): void {
    const pending = this.pending;
    if (reply.busyMs !== undefined) {
      busyTime.sandboxMs += reply.busyMs;
      busyTime.sandboxCalls++;
    }
    if (reply.threadMs !== undefined) {
      busyTime.workerMs += reply.threadMs - this.threadMs;
      this.threadMs = reply.threadMs;
    }
    // Said once, when ready; a sandbox killed meanwhile keeps no file open.
    if (reply.tid !== undefined && !this.dead) {
      this.cpu.close();
      this.cpu = new ThreadClock(reply.tid);
    }
    if (!pending || pending.id !== reply.id) return;
    this.pending = null;
    pending.cancel();
    this.worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(new SandboxInterrupted(reply.reason, reply.detail, reply.culprit));
    if (reply.closing) this.kill(new SandboxInterrupted("crash", "the sandbox crashed"));
  }

  private kill(error: SandboxInterrupted): void {
    if (this.dead) return;
    this.dead = error;
    const pending = this.pending;
    this.pending = null;
    if (pending) {
      pending.cancel();
      pending.reject(error);
    }
    this.cpu.close();
    void this.worker.terminate().catch(() => undefined);
  }
}
