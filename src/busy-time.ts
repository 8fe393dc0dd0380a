/**
 * Opt-in tallies of where a process's time goes, for the load benchmark (bench/server-load),
 * which reads them to say what share went to rule code in the sandboxes' worker threads (and
 * to the rest of those threads' work) and to the disk syncs of the write-ahead log. Off unless {@link countBusyTime} is called
 * before the store and the sandboxes are made; off, the only cost is a flag read per
 * sandbox call and per sync.
 */
export const busyTime = {
  on: false,
  /** The sandbox workers' wall-clock time inside guest calls (rule code in QuickJS), ms, summed over workers. */
  sandboxMs: 0,
  sandboxCalls: 0,
  /** The sandbox workers' whole CPU time (guest calls, messages, their own heaps), ms, where the system says (src/sandbox/thread-clock.ts). */
  workerMs: 0,
  /** Time from the start of each fdatasync of the WAL to its callback, ms (mostly waiting on the disk). */
  syncMs: 0,
  syncs: 0,
};

export function countBusyTime(): void {
  busyTime.on = true;
}
