/**
 * Time spent by each rule in a diagnose run, kept in memory shared between the sandbox
 * worker (which writes it as the guest runtime reports whose code runs) and the main thread
 * (which reads it after killing the worker at the act's deadline). Blaming whichever rule
 * happens to run at the deadline is wrong when a rule spent most of the act inside
 * built-ins and the engine's own code was running at the moment of the kill: the rule that
 * used the most time is blamed instead. (Memory is still charged to the rule running.)
 *
 * Layout (Float64, epoch milliseconds so both threads read the same clock):
 * [0] the rule running now, [1] since when, [2] its time before that, [3] the rule with the
 * most time among those that stopped running, [4] that time, [5] 1 if the rule running now is
 * running its top level (loading), else 0.
 *
 * Whether it was loading matters to the rerun: a rule stopped while its top level ran in the act
 * that enacts it must load as failed then, or the rerun runs that top level again, overruns
 * again, and no rule is blamed.
 */
import type { Culprit } from "../kernel/guest-protocol.js";

const now = () => performance.timeOrigin + performance.now();

export function ruleClockBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(6 * Float64Array.BYTES_PER_ELEMENT);
}

/** The worker's side: told each change of the running rule (0: the engine's own code). */
export class RuleClockWriter {
  private readonly cells: Float64Array;
  private readonly spent = new Map<number, number>();

  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Float64Array(buffer);
  }

  reset(): void {
    this.spent.clear();
    this.cells.set([0, now(), 0, 0, 0, 0]);
  }

  switchTo(rule: number, loading = false): void {
    const t = now();
    const [previous = 0, since = t] = this.cells;
    const total = (this.spent.get(previous) ?? 0) + (t - since);
    this.spent.set(previous, total);
    if (previous > 0 && total > this.cells[4]!) {
      this.cells[3] = previous;
      this.cells[4] = total;
    }
    this.cells[0] = rule;
    this.cells[1] = t;
    this.cells[2] = this.spent.get(rule) ?? 0;
    this.cells[5] = loading ? 1 : 0;
  }
}

/** The main thread's side: the rule that used the most time so far, counting the one running now. */
export function heaviestRule(buffer: SharedArrayBuffer): Culprit | null {
  const [current = 0, since = 0, before = 0, heaviest = 0, heaviestMs = 0, loading = 0] = new Float64Array(buffer);
  const currentMs = before + (now() - since);
  if (current > 0 && currentMs >= heaviestMs) return { rule: current, during: loading ? "load" : "act" };
  return heaviest > 0 ? { rule: heaviest, during: "act" } : null;
}

/** The rule running now (memory is charged to the rule that allocates). */
export function runningRule(buffer: SharedArrayBuffer): Culprit | null {
  const [current = 0, , , , , loading = 0] = new Float64Array(buffer);
  return current > 0 ? { rule: current, during: loading ? "load" : "act" } : null;
}
