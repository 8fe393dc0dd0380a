/**
 * A sandbox runs the guest runtime and the rules' code for one game. The QuickJS sandbox
 * is the real one (in a worker thread, off the server's event loop); the trusted one runs
 * the same code in Node, for benchmarks only.
 */
import { limits } from "../kernel/limits.js";
import type { BootSnapshot, Culprit, GuestRequest, GuestResult } from "./protocol.js";

export interface Sandbox {
  /** Loads the game's rules and state into a fresh guest. Returns the rules whose code failed to load. */
  boot(snapshot: BootSnapshot): Promise<{ failed: Record<string, string> }>;
  /**
   * Runs one act. Throws {@link SandboxInterrupted} when the act ran out of fuel, memory or
   * time; the guest has then undone the act, or (time, crash) the sandbox is gone.
   */
  handle(request: GuestRequest): Promise<GuestResult>;
  /** The guest's mirror of the game, for consistency checks. */
  dump(): Promise<unknown>;
  /** False once the sandbox was stopped (a deadline passed, it crashed, or it was disposed). */
  readonly alive: boolean;
  dispose(): void;
}

export interface SandboxLimits {
  /** How much work one act may do: interrupt ticks, each about 10,000 QuickJS operations. */
  fuel: number;
  memoryBytes: number;
  stackBytes: number;
  /** Wall time of one act, built-ins included (ms). */
  actMs: number;
  /** Wall time of loading a game into a fresh sandbox (ms). */
  bootMs: number;
}

export const defaultLimits: SandboxLimits = {
  fuel: limits.fuel,
  memoryBytes: limits.memoryBytes,
  stackBytes: limits.stackBytes,
  actMs: limits.actMs,
  bootMs: limits.bootMs,
};

export type InterruptReason = "fuel" | "memory" | "time" | "crash";

export class SandboxInterrupted extends Error {
  constructor(
    readonly reason: InterruptReason,
    detail: string,
    /** The rule that did the work, where a diagnose run could name it. */
    readonly culprit: Culprit | null = null,
  ) {
    super(detail);
    this.name = "SandboxInterrupted";
  }
}

/** What the player reads when a rule took too long: the wall-clock deadline covers built-ins too. */
export function tookTooLong(ms: number): string {
  return `took too long (over ${ms} ms), possibly in a built-in such as a huge join`;
}

export type SandboxFactory = () => Promise<Sandbox>;
