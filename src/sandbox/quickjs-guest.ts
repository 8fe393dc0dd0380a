/**
 * One game's guest: the guest runtime and the rules' code in a QuickJS runtime compiled to
 * WebAssembly, with counted fuel, a memory limit, a stack limit, no Date, no Math.random
 * and no I/O. Synchronous: it runs inside a sandbox worker (src/sandbox/sandbox-worker.ts),
 * which keeps it off the server's event loop and kills it when an act overruns its time.
 */
import { DefaultIntrinsics, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, type QuickJSWASMModule } from "quickjs-emscripten-core";
import type { Culprit } from "../kernel/guest-protocol.js";
import type { GuestMemory } from "./guest-memory.js";
import type { RuleClockWriter } from "./rule-clock.js";
import { SandboxInterrupted } from "../kernel/sandbox.js";
import { answerCalendar } from "./calendar.js";
import { reusableCode } from "./reusable-code.js";
import { changesRulesByCode } from "./rule-changing-code.js";
import { compiledOnHost } from "./strip-rule-code.js";

export interface GuestLimits {
  fuel: number;
  memoryBytes: number;
  stackBytes: number;
}

export type GuestCall = "boot" | "handle" | "query" | "dump";

export class QuickJsGuest {
  private readonly runtime: QuickJSRuntime;
  private readonly context: QuickJSContext;
  private readonly api: QuickJSHandle;
  private disposed = false;
  private ticks = 0;
  private outOfFuel = false;
  /**
   * Memory ran out in this call (the heap could not grow, or the runtime caught QuickJS's "out of
   * memory" and said so), and the rule then running in a diagnose run; undefined while it has not.
   */
  private ranOut: Culprit | null | undefined = undefined;
  /** Diagnose mode: the rule whose code runs, as the runtime reported it, and each rule's ticks. */
  private diagnosing = false;
  private current = 0;
  private currentDuring = "act";
  private reported = false;
  private readonly perRule = new Map<number, number>();

  /**
   * `clock` hears every change of the running rule, so the host can blame a rule even after
   * killing the worker. `memory`, the WebAssembly memory the module runs in, says when it could
   * not grow: the act is then stopped whoever catches QuickJS's "out of memory" (guest-memory.ts).
   */
  constructor(
    module: QuickJSWASMModule,
    private readonly limits: GuestLimits,
    runtimeSource: string,
    private readonly clock: Pick<RuleClockWriter, "reset" | "switchTo">,
    memory: GuestMemory,
  ) {
    memory.onRefused = () => this.runOut();
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(limits.memoryBytes);
    this.runtime.setMaxStackSize(limits.stackBytes);
    this.runtime.setInterruptHandler(() => {
      this.ticks++;
      if (this.diagnosing) this.perRule.set(this.current, (this.perRule.get(this.current) ?? 0) + 1);
      if (this.ticks > this.limits.fuel) this.outOfFuel = true;
      // QuickJS's interrupt is the one exception code cannot catch.
      return this.outOfFuel || this.exhausted;
    });
    this.context = this.runtime.newContext({ intrinsics: { ...DefaultIntrinsics, Date: false, Promise: false } });
    this.refuel(false);
    const ctx = this.context;
    this.defineHost();
    // The runtime takes __nomosHost off the global object, freezes every intrinsic, and
    // evaluates to its API: the host holds the only handle to it (src/guest/main.ts).
    this.api = ctx.unwrapResult(ctx.evalCode(runtimeSource, "nomos-runtime.js"));
  }

  get alive(): boolean {
    return !this.disposed;
  }

  /** One crossing: calls the runtime's `name(arg)` and returns the string it gives back. */
  call(name: GuestCall, arg: string | undefined, diagnose = false): string {
    if (this.disposed) throw new SandboxInterrupted("crash", "this sandbox was disposed after a crash");
    const ctx = this.context;
    this.refuel(diagnose);
    let fn: QuickJSHandle | undefined;
    let argHandle: QuickJSHandle | undefined;
    try {
      fn = ctx.getProp(this.api, name);
      argHandle = arg === undefined ? undefined : ctx.newString(arg);
      const result = argHandle ? ctx.callFunction(fn, ctx.undefined, argHandle) : ctx.callFunction(fn, ctx.undefined);
      if (result.error) {
        const error = ctx.dump(result.error) as { message?: string } | string;
        result.error.dispose();
        const message = typeof error === "string" ? error : String(error?.message ?? JSON.stringify(error));
        if (this.exhausted) throw this.interrupted("memory", "ran out of memory", diagnose);
        if (this.outOfFuel) throw this.interrupted("fuel", "ran out of fuel (the code did too much work in one act; is there an endless loop?)", diagnose);
        if (/out of memory/i.test(message)) throw this.interrupted("memory", "ran out of memory", diagnose);
        if (/stack overflow/i.test(message)) throw this.interrupted("memory", "overflowed its stack (is there endless recursion?)", diagnose);
        throw new SandboxInterrupted("crash", `the rule runtime failed: ${message}`);
      }
      const out = ctx.getString(result.value);
      result.value.dispose();
      // Caught and survived (by rule code or the runtime) before the next interrupt: stopped all the same.
      if (this.exhausted) throw this.interrupted("memory", "ran out of memory", diagnose);
      return out;
    } catch (err) {
      if (err instanceof SandboxInterrupted) throw err;
      // A host-level exception: this WebAssembly instance can no longer be trusted.
      this.dispose();
      throw new SandboxInterrupted("crash", `the sandbox crashed: ${(err as Error).message}`);
    } finally {
      argHandle?.dispose();
      if (!this.disposed) fn?.dispose();
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    try {
      this.api.dispose();
      this.context.dispose();
      this.runtime.dispose();
    } catch {
      // A crashed instance may refuse to be disposed; it is garbage either way.
    }
  }

  private get exhausted(): boolean {
    return this.ranOut !== undefined;
  }

  /** Charged to the rule running when it happens: code that catches it may run on, or another rule, before the interrupt. */
  private runOut(): void {
    if (this.ranOut === undefined) this.ranOut = this.diagnosing && this.reported ? { rule: this.current, during: this.currentDuring } : null;
  }

  private refuel(diagnose: boolean): void {
    this.ticks = 0;
    this.ranOut = undefined;
    this.outOfFuel = false;
    this.diagnosing = diagnose;
    this.current = 0;
    this.currentDuring = "act";
    this.reported = false;
    this.perRule.clear();
    this.clock.reset();
  }

  /**
   * `__nomosHost.running(rule, during?)`: the runtime says whose code runs from now on.
   * `__nomosHost.calendar(ask)`: local time in a time zone, which only the host knows (src/sandbox/calendar.ts).
   * `__nomosHost.reusable(js)`: whether a rule's closures keep nothing between calls (src/sandbox/reusable-code.ts).
   * `__nomosHost.changes(js)`: whether a rule's code may change the rules by itself (src/sandbox/rule-changing-code.ts).
   * `__nomosHost.compile(source)`: rule code a rule puts into effect, compiled here from its source (src/sandbox/compile-rule.ts).
   * `__nomosHost.outOfMemory()`: the runtime caught QuickJS's "out of memory"; the act is stopped all the same.
   */
  private defineHost(): void {
    const ctx = this.context;
    const host = ctx.newObject();
    const running = ctx.newFunction("running", (ruleHandle, duringHandle) => {
      if (!this.diagnosing) return;
      const rule = ctx.typeof(ruleHandle) === "number" ? ctx.getNumber(ruleHandle) : NaN;
      if (!Number.isSafeInteger(rule) || rule < 0) return;
      this.current = rule;
      this.currentDuring = duringHandle && ctx.typeof(duringHandle) === "string" ? ctx.getString(duringHandle).slice(0, 200) : "act";
      this.reported = true;
      this.clock.switchTo(rule, this.currentDuring === "load");
    });
    ctx.setProp(host, "running", running);
    const calendar = ctx.newFunction("calendar", (askHandle) => {
      const ask = askHandle && ctx.typeof(askHandle) === "string" ? ctx.getString(askHandle).slice(0, 2000) : "null";
      return ctx.newString(answerCalendar(ask));
    });
    ctx.setProp(host, "calendar", calendar);
    calendar.dispose();
    const reusable = ctx.newFunction("reusable", (jsHandle) =>
      jsHandle && ctx.typeof(jsHandle) === "string" && reusableCode(ctx.getString(jsHandle)) ? ctx.true : ctx.false,
    );
    ctx.setProp(host, "reusable", reusable);
    reusable.dispose();
    const changes = ctx.newFunction("changes", (jsHandle) =>
      jsHandle && ctx.typeof(jsHandle) === "string" && !changesRulesByCode(ctx.getString(jsHandle)) ? ctx.false : ctx.true,
    );
    ctx.setProp(host, "changes", changes);
    changes.dispose();
    const compile = ctx.newFunction("compile", (sourceHandle) =>
      ctx.newString(compiledOnHost(sourceHandle && ctx.typeof(sourceHandle) === "string" ? ctx.getString(sourceHandle) : "")),
    );
    ctx.setProp(host, "compile", compile);
    compile.dispose();
    const outOfMemory = ctx.newFunction("outOfMemory", () => {
      this.runOut();
    });
    ctx.setProp(host, "outOfMemory", outOfMemory);
    outOfMemory.dispose();
    ctx.setProp(ctx.global, "__nomosHost", host);
    running.dispose();
    host.dispose();
  }

  /** Undoes the interrupted act inside the guest and names the rule to blame (diagnose runs only). */
  private interrupted(reason: "fuel" | "memory", detail: string, diagnose: boolean): SandboxInterrupted {
    // Read before the undo, which starts the count afresh.
    const blamed = this.ranOut ?? this.blame(reason);
    const top = this.undo();
    if (!diagnose) return new SandboxInterrupted(reason, detail);
    // A runtime that reports nothing leaves the rule on top of its own stack as the best guess.
    const culprit = blamed ?? top;
    return new SandboxInterrupted(reason, detail, culprit && culprit.rule > 0 ? culprit : null);
  }

  /** Fuel: the rule that used the most ticks (ties: the one running). Memory and stack: the one running. */
  private blame(reason: "fuel" | "memory"): Culprit | null {
    if (!this.reported) return null;
    let rule = this.current;
    if (reason === "fuel") {
      let most = this.perRule.get(rule) ?? 0;
      for (const [r, n] of this.perRule) if (n > most) [rule, most] = [r, n];
    }
    return { rule, during: rule === this.current ? this.currentDuring : "act" };
  }

  /** Asks the runtime to undo the act; a guest that cannot is thrown away. */
  private undo(): Culprit | null {
    this.refuel(false);
    try {
      const ctx = this.context;
      const fn = ctx.getProp(this.api, "abort");
      const result = ctx.callFunction(fn, ctx.undefined);
      fn.dispose();
      if (result.error) {
        result.error.dispose();
        this.dispose();
        return null;
      }
      const top = JSON.parse(ctx.getString(result.value)) as Culprit | null;
      result.value.dispose();
      return top;
    } catch {
      this.dispose();
      return null;
    }
  }
}
