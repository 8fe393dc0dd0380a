/**
 * What the kernel asks of a sandbox: run the guest runtime and the rules' code for one
 * game, one act at a time. The kernel owns this contract; src/sandbox/ implements it
 * (QuickJS in a worker thread; a trusted one in Node for benchmarks).
 */
import type { BootSnapshot, Culprit, GuestQuery, GuestQueryResult, GuestRequest, GuestResult } from "./guest-protocol.js";

export interface Sandbox {
  /** Loads the game's rules and state into a fresh guest. Returns the rules whose code failed to load. */
  boot(snapshot: BootSnapshot): Promise<{ failed: Record<string, string> }>;
  /**
   * Runs one act. Throws {@link SandboxInterrupted} when the act ran out of fuel, memory or
   * time; the guest has then undone the act, or (time, crash) the sandbox is gone.
   */
  handle(request: GuestRequest): Promise<GuestResult>;
  /** Answers a read-only question about the game as it stands; the guest keeps nothing of it. */
  query(request: GuestQuery): Promise<GuestQueryResult>;
  /** The guest's mirror of the game, for consistency checks. */
  dump(): Promise<unknown>;
  /** False once the sandbox was stopped (a deadline passed, it crashed, or it was disposed). */
  readonly alive: boolean;
  dispose(): void;
}

export type SandboxFactory = () => Promise<Sandbox>;

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
