/**
 * Rule code yields the CPU to the server. Each game's sandbox is a thread of its own, and
 * the kernel shares the CPUs among runnable threads alike: with twenty games busy, the one
 * thread that answers every request (sign-ins, pages, the acts themselves) got a twenty-
 * first of them and waited behind rule code. A sandbox thread lowers its own priority
 * ("nice", which Linux keeps per thread), so the event loop runs first whenever it has work
 * and rule code takes the rest: under bench:server's load, ~25% more acts answered and the
 * event loop's delay p50 from ~9 ms to under 1 ms. Its deadlines count its own CPU time
 * (thread-clock.ts), so a busy host slows rule code down without failing it. Where the
 * system cannot say which thread this is, nothing changes.
 */
import { access } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { limits } from "../kernel/limits.js";
import { ownThreadId } from "./thread-clock.js";

/** Lowers the calling thread's priority {@link limits.workerNice} steps below the process's; false where it cannot. */
export function yieldToServer(): boolean {
  const tid = ownThreadId();
  if (tid === null) return false;
  try {
    // A thread starts with its creator's nice, and libuv's thread pool (disk syncs, password
    // hashing) is started by the first thread that uses it: if none has yet, this one starts it
    // now, with an asynchronous call, before it lowers itself.
    access("/proc/thread-self", () => undefined);
    // On Linux, setpriority of a thread id sets that thread's nice alone.
    setPriority(tid, Math.min(19, getPriority(tid) + limits.workerNice));
    return true;
  } catch {
    return false;
  }
}
