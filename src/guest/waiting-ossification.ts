/**
 * Ossification that waits (issue 34): a rule may pass the probe when it is adopted and refuse
 * proposals, votes or outcomes only later (after a time, a count of acts, a timer). The promise
 * that the rules can always be changed must hold at every moment, so it is checked where such a
 * refusal bites: when a rule's code refuses a player's action, and refuses the probe's first step
 * too (checked without running a handler, so a page's questions stay cheap), the engine plays the
 * probe on the game as it stands. If the probe fails on a refusal by that same rule, and passes with that
 * rule's refusals set aside, the rule is what leaves no way to change the rules: the act runs
 * again with its refusals set aside (its forbids, `when` and "outcome.allowed" answers not asked,
 * a refusal from its handlers its failure), and the log says so in words citing it. Any other
 * refusal stands: a probe that passes, or fails for another reason (or no probe, as where play
 * waits on a vote), leaves the rules as they are.
 */
import { cur, type Refusal } from "./act.js";
import { playProbe, probeStartRefuser } from "./probe.js";

/**
 * The words for the log when `refused`'s rule is set aside, or null when its refusal stands.
 * `startRefuser`: who refuses the probe's first step, when the caller worked it out already.
 */
export function ossifyingRefusal(refused: Refusal, startRefuser: number | null = probeStartRefuser()): string | null {
  const rule = refused.by;
  if (rule === null || cur.overridden.has(rule) || startRefuser !== rule) return null;
  const probe = playProbe();
  if (!probe || probe.ok || probe.refusedBy !== rule || !passesWithout(rule)) return null;
  return `Rule ${rule}'s refusal ("${refused.reason.slice(0, 300)}") is set aside: it would leave no way to change the rules (Rule ${probe.rule} says how one is made: ${probe.tried}; with Rule ${rule} refusing, that fails).`;
}

/** Whether the probe passes with `rule`'s refusals set aside: then it is that rule alone that stands in the way. */
export function passesWithout(rule: number): boolean {
  const before = cur.overridden;
  cur.overridden = new Set([...before, rule]);
  try {
    return playProbe()?.ok === true;
  } finally {
    cur.overridden = before;
  }
}
