/**
 * Running rule code: each call is a frame on the running stack, so the work done and any
 * failure are charged to the rule whose code it is. A handler that throws is undone alone;
 * an answer or a check may only read the game.
 */
import { cur, fail, isRefusal, mark, pop, push } from "./act.js";
import { revertTo } from "./mirror.js";
import { isSkipped } from "./precedence.js";

/** Runs a rule's handler; if it throws, everything it did is undone and the failure recorded. Refusals propagate. */
export function runIsolated(rule: number, during: string, fn: () => void): boolean {
  if (isSkipped(rule, during)) return false;
  const m = mark();
  push({ rule, during });
  try {
    fn();
    return true;
  } catch (err) {
    if (isRefusal(err) && !(err.by !== null && cur.overridden.has(err.by))) throw err;
    revertTo(m.journal);
    cur.effects.length = m.effects;
    cur.queue.length = m.queue;
    fail(rule, during, isRefusal(err) ? `its refusal ("${err.reason}") is set aside in this act: it would leave no way to change the rules` : err);
    return false;
  } finally {
    pop();
  }
}

/**
 * Runs an answer or a check, which may only read; a check may also refuse the action.
 * `fn` should copy what it returns while the rule is still the one running.
 */
export function runReadOnly<R>(rule: number, during: string, fn: () => R, mayRefuse = false): R | undefined {
  push({ rule, during });
  cur.readOnly++;
  try {
    return fn();
  } catch (err) {
    if (mayRefuse && isRefusal(err)) throw err;
    fail(rule, during, err);
    return undefined;
  } finally {
    cur.readOnly--;
    pop();
  }
}

export function mayChange(rule: number, what: string): void {
  if (cur.loading !== null) throw new Error(`Rule ${rule}: ${what} cannot be done while the rule loads; do it inside a handler (on, action)`);
  if (cur.readOnly > 0)
    throw new Error(`Rule ${rule}: ${what} is not allowed while answering a question or checking an action; answers and checks only read the game`);
  if (!cur.request) throw new Error(`Rule ${rule}: ${what} is only possible during an act`);
}

/** The top level declares; it reads nothing, so that what a rule declares depends on its code alone. */
export function mayRead(rule: number, what: string): void {
  if (cur.loading !== null) throw new Error(`Rule ${rule}: ${what} cannot be read while the rule loads; read the game inside a handler, answer or check`);
}
