/**
 * Type-checking and completing rule code off the event loop: one long-lived worker with
 * TypeScript loaded (it takes about a second to load), started on first use, with a
 * deadline and a memory limit per check. A check that overruns either kills the worker
 * (the next check starts a fresh one) and is reported to the player as code to simplify.
 * The deadline counts the worker's own CPU time (src/sandbox/thread-clock.ts): on a busy
 * host a check is slowed, and must not be called too complex for time other work took.
 *
 * The one worker is shared fairly (issue 34): checks wait in a queue per person who asked
 * (`who`, the signed-in user; "" for the engine's own), served in turn, so a person's two
 * pathological checks keep another's two-line check waiting one check at most, not both.
 */
import type { Worker } from "node:worker_threads";
import { limits } from "../kernel/limits.js";
import { cpuDeadline, ThreadClock } from "../sandbox/thread-clock.js";
import { startWorker } from "../sandbox/worker-file.js";
import type { RuleCompletions } from "./completions.js";
import type { RuleDiagnostic } from "./diagnostics.js";
import type { CheckQuestion, CheckReply, CheckRequest } from "./type-check-protocol.js";

/** A check stopped by its deadline or memory limit; the message is for the player. */
export class TypeCheckStopped extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TypeCheckStopped";
  }
}

export interface TypeCheckLimits {
  checkMs: number;
  checkMemoryMb: number;
}

let settings: TypeCheckLimits = { checkMs: limits.checkMs, checkMemoryMb: limits.checkMemoryMb };
let worker: { thread: Worker; ready: Promise<void>; cpu: ThreadClock } | undefined;
let nextId = 1;
/** Checks waiting, by who asked. */
const waiting = new Map<string, (() => Promise<void>)[]>();
/** When each person was last served (a count of checks): the one served longest ago goes first. */
const lastServed = new Map<string, number>();
let served = 0;
let busy = false;
let pending: { id: number; resolve: (reply: CheckReply) => void; reject: (error: Error) => void; cancel: () => void } | undefined;

/** Changes the deadline and memory limit of later checks (tests use a short deadline). */
export function configureTypeChecker(changes: Partial<TypeCheckLimits>): void {
  settings = { ...settings, ...changes };
  stop(new TypeCheckStopped("the type-checker was restarted"));
}

export async function diagnoseRuleCodeAsync(source: string, who = ""): Promise<RuleDiagnostic[]> {
  return (await ask({ kind: "diagnose", source }, who)) as RuleDiagnostic[];
}

export async function completeRuleCodeAsync(source: string, offset: number, who = ""): Promise<RuleCompletions> {
  return (await ask({ kind: "complete", source, offset }, who)) as RuleCompletions;
}

/** One request at a time, people in turn: the deadline counts a check's own work, not the queue before it. */
function ask(question: CheckQuestion, who: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const job = () => send({ ...question, id: nextId++ }).then(resolve, reject);
    const mine = waiting.get(who);
    if (mine) mine.push(job);
    else waiting.set(who, [job]);
    void serve();
  });
}

async function serve(): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    for (let next = nextJob(); next; next = nextJob()) await next();
  } finally {
    busy = false;
  }
}

/** The next check of the waiting person served longest ago (or never; the first to ask among those). */
function nextJob(): (() => Promise<void>) | undefined {
  let who: string | undefined;
  for (const person of waiting.keys()) if (who === undefined || (lastServed.get(person) ?? -1) < (lastServed.get(who) ?? -1)) who = person;
  if (who === undefined) return undefined;
  const jobs = waiting.get(who)!;
  const job = jobs.shift();
  if (jobs.length === 0) waiting.delete(who);
  if (lastServed.size >= 10_000) for (const person of lastServed.keys()) if (!waiting.has(person)) lastServed.delete(person);
  lastServed.set(who, served++);
  return job;
}

async function send(request: CheckRequest): Promise<unknown> {
  worker ??= start();
  const started = worker;
  await started.ready;
  const { thread } = started;
  const reply = await new Promise<CheckReply>((resolve, reject) => {
    // A check kept off the CPUs for ten times its deadline is stopped too, without blaming the code.
    const cancel = cpuDeadline(started.cpu, settings.checkMs, (starved) =>
      stop(
        new TypeCheckStopped(
          starved
            ? "the server was too busy to type-check this rule code in time; try again in a moment"
            : `this rule code's types are too complex to check (over ${seconds(settings.checkMs)} of work); simplify its types`,
        ),
      ),
    );
    pending = { id: request.id, resolve, reject, cancel };
    thread.ref();
    thread.postMessage(request);
  });
  if (!reply.ok) throw new Error(`the type-checker failed: ${reply.error}`);
  return reply.value;
}

function start(): NonNullable<typeof worker> {
  const thread = startWorker(import.meta.url, "type-check-worker", {
    resourceLimits: { maxOldGenerationSizeMb: settings.checkMemoryMb, maxYoungGenerationSizeMb: 32 },
  });
  let started: () => void = () => {};
  let failed: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  const record = { thread, ready, cpu: new ThreadClock(null) };
  thread.on("message", (reply: CheckReply) => {
    if (reply.id === 0) {
      thread.unref();
      // A checker stopped meanwhile keeps no file open.
      if (worker === record) record.cpu = new ThreadClock(reply.tid ?? null);
      return started();
    }
    if (!pending || pending.id !== reply.id) return;
    const { resolve, cancel } = pending;
    pending = undefined;
    cancel();
    thread.unref();
    resolve(reply);
  });
  const lost = (why: string) => {
    failed(new TypeCheckStopped(why));
    if (worker?.thread === thread) stop(new TypeCheckStopped(why));
  };
  thread.on("error", (err: Error & { code?: string }) => {
    lost(
      err.code === "ERR_WORKER_OUT_OF_MEMORY"
        ? `the type check of this rule code ran out of memory (over ${settings.checkMemoryMb} MB); simplify its types`
        : `the type check of this rule code failed (${err.message}); simplify it`,
    );
  });
  thread.on("exit", () => lost("the type check of this rule code stopped unexpectedly; simplify it"));
  // Starting is kept alive (someone waits for a check); an idle type-checker must not keep a command from exiting.
  return record;
}

/** Kills the worker (the next check starts a new one) and fails the check in flight. */
function stop(error: TypeCheckStopped): void {
  const thread = worker?.thread;
  worker?.cpu.close();
  worker = undefined;
  const current = pending;
  pending = undefined;
  if (current) {
    current.cancel();
    current.reject(error);
  }
  if (thread) void thread.terminate().catch(() => undefined);
}

function seconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
