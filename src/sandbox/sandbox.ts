/**
 * A sandbox runs the guest runtime and the rules' code for one game. The QuickJS sandbox
 * is the real one; the trusted one runs the same code in Node, for benchmarks only.
 */
import type { BootSnapshot, Culprit, GuestRequest, GuestResult } from "./protocol.js";

export interface Sandbox {
  /** Loads the game's rules and state into a fresh guest. Returns the rules whose code failed to load. */
  boot(snapshot: BootSnapshot): { failed: Record<string, string> };
  /** Runs one act. Throws {@link SandboxInterrupted} when the act ran out of fuel or memory. */
  handle(request: GuestRequest): GuestResult;
  /** After an interruption: undoes the act inside the guest and names the rule that was running. */
  abort(): Culprit | null;
  /** The guest's mirror of the game, for consistency checks. */
  dump(): unknown;
  dispose(): void;
}

export interface SandboxLimits {
  /** How much work one act may do: interrupt ticks, each about 10,000 QuickJS operations. */
  fuel: number;
  memoryBytes: number;
  stackBytes: number;
}

export const defaultLimits: SandboxLimits = { fuel: 1000, memoryBytes: 64 * 1024 * 1024, stackBytes: 256 * 1024 };

export class SandboxInterrupted extends Error {
  constructor(readonly reason: "fuel" | "memory" | "crash", detail: string) {
    super(detail);
    this.name = "SandboxInterrupted";
  }
}

export type SandboxFactory = () => Promise<Sandbox>;
