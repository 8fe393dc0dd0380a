/**
 * The real sandbox: the guest runtime and the rules' code in QuickJS compiled to
 * WebAssembly, one WebAssembly instance per game, with counted fuel, a memory limit, a
 * stack limit, no Date, no Math.random and no I/O. The host crosses into it once per act.
 */
import { DefaultIntrinsics, newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime } from "quickjs-emscripten-core";
import * as variantModule from "@jitl/quickjs-wasmfile-release-sync";
import { guestSource } from "./guest-source.js";
import type { BootSnapshot, Culprit, GuestRequest, GuestResult } from "./protocol.js";
import { defaultLimits, SandboxInterrupted, type Sandbox, type SandboxLimits } from "./sandbox.js";

export async function createQuickJsSandbox(limits: SandboxLimits = defaultLimits): Promise<Sandbox> {
  const module = await newQuickJSWASMModuleFromVariant(variantModule.default as unknown as Parameters<typeof newQuickJSWASMModuleFromVariant>[0]);
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  let ticks = 0;
  let outOfFuel = false;
  runtime.setInterruptHandler(() => {
    if (++ticks > limits.fuel) {
      outOfFuel = true;
      return true;
    }
    return false;
  });
  const context = runtime.newContext({ intrinsics: { ...DefaultIntrinsics, Date: false, Promise: false } });
  return new QuickJsSandbox(runtime, context, () => {
    ticks = 0;
    outOfFuel = false;
  }, () => outOfFuel);
}

class QuickJsSandbox implements Sandbox {
  private readonly api: QuickJSHandle;
  private disposed = false;

  constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly context: QuickJSContext,
    private readonly refuel: () => void,
    private readonly ranOutOfFuel: () => boolean,
  ) {
    this.refuel();
    // The runtime's script evaluates to its API: the host holds the only handle to it.
    this.api = this.context.unwrapResult(this.context.evalCode(guestSource(), "nomos-runtime.js"));
  }

  boot(snapshot: BootSnapshot): { failed: Record<string, string> } {
    return JSON.parse(this.call("boot", JSON.stringify(snapshot))) as { failed: Record<string, string> };
  }

  handle(request: GuestRequest): GuestResult {
    return JSON.parse(this.call("handle", JSON.stringify(request))) as GuestResult;
  }

  abort(): Culprit | null {
    return JSON.parse(this.call("abort")) as Culprit | null;
  }

  dump(): unknown {
    return JSON.parse(this.call("dump"));
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

  /** One crossing: calls __nomos[name](arg) and returns the string it gives back. */
  private call(name: string, arg?: string): string {
    if (this.disposed) throw new SandboxInterrupted("crash", "this sandbox was disposed after a crash");
    const ctx = this.context;
    this.refuel();
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
        if (this.ranOutOfFuel()) throw new SandboxInterrupted("fuel", "ran out of fuel (the code did too much work in one act; is there an endless loop?)");
        if (/out of memory/i.test(message)) throw new SandboxInterrupted("memory", "ran out of memory");
        if (/stack overflow/i.test(message)) throw new SandboxInterrupted("memory", "overflowed its stack (is there endless recursion?)");
        throw new SandboxInterrupted("crash", `the rule runtime failed: ${message}`);
      }
      const out = ctx.getString(result.value);
      result.value.dispose();
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
}
