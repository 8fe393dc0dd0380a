/**
 * The sandboxes' limits. The contract a sandbox fulfils is the kernel's (src/kernel/sandbox.ts);
 * the QuickJS sandbox is the real one (in a worker thread, off the server's event loop); the
 * trusted one runs the same code in Node, for benchmarks only.
 */
import { limits } from "../kernel/limits.js";

export interface SandboxLimits {
  /** How much work one act may do: interrupt ticks, each about 10,000 QuickJS operations. */
  fuel: number;
  memoryBytes: number;
  stackBytes: number;
  /** CPU time of one act, built-ins included (ms; thread-clock.ts). */
  actMs: number;
  /** CPU time of loading a game into a fresh sandbox (ms). */
  bootMs: number;
}

export const defaultLimits: SandboxLimits = {
  fuel: limits.fuel,
  memoryBytes: limits.memoryBytes,
  stackBytes: limits.stackBytes,
  actMs: limits.actMs,
  bootMs: limits.bootMs,
};

/** What the player reads when a rule took too long: the deadline (the thread's CPU time) covers built-ins too. */
export function tookTooLong(ms: number): string {
  return `took too long (over ${ms} ms), possibly in a built-in such as a huge join`;
}
