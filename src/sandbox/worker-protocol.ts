/** The messages between a sandbox worker and the main thread. */
import type { Culprit } from "../kernel/guest-protocol.js";
import type { InterruptReason } from "../kernel/sandbox.js";

export interface WorkerRequest {
  id: number;
  call: "boot" | "handle" | "query" | "dump";
  /** JSON, passed to the guest runtime as is. */
  arg?: string;
  diagnose?: boolean;
}

/**
 * Id 0 says the worker is ready. `closing`: the guest is gone and the thread is ending.
 * `busyMs`: the call's time in the guest, when the worker was started timed (src/busy-time.ts).
 */
export type WorkerReply =
  | { id: number; ok: true; value: string; closing?: boolean; busyMs?: number }
  | { id: number; ok: false; reason: InterruptReason; detail: string; culprit: Culprit | null; closing?: boolean; busyMs?: number };
