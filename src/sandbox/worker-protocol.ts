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
 * Id 0 says the worker is ready, with its thread's id where the system says (`tid`, to time
 * deadlines by its CPU: thread-clock.ts). `closing`: the guest is gone and the thread is ending.
 * When the worker was started timed (src/busy-time.ts): `busyMs`, the call's wall-clock time in
 * the guest; `threadMs`, the thread's CPU time so far, where the system says.
 */
export type WorkerReply = (
  | { id: number; ok: true; value: string; closing?: boolean }
  | { id: number; ok: false; reason: InterruptReason; detail: string; culprit: Culprit | null; closing?: boolean }
) & { busyMs?: number; threadMs?: number; tid?: number | null };
