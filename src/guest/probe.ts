/**
 * Rule-changing must stay possible (Suber 114, Nomic VIII 110), checked by effect, not by
 * a flag: at the end of an act that changed the rules, the engine asks the rules for a
 * probe ("rule-change.probe": the acts by which some player could propose a rule-change and
 * have it adopted, at the least a repeal of the newest rule) and plays it on the state that
 * follows, and undoes it. If no rule-change results, the act runs again from the start with
 * every rule-change refused for that reason: the rule that makes them hears why (Suber 104
 * records the proposal as adopted by vote but unable to take effect), and play goes on. A ruleset that answers no probe gets only the
 * structural check (some working rule offers an action marked changesRules).
 */
import type { Json } from "../kernel/types.js";
import { cur, isRefusal, mark, refusal, stopIfOutOfMemory } from "./act.js";
import { checksOf, doAction, drain, providerOf, runChecks } from "./dispatch.js";
import { errorText, frozenJson } from "./json.js";
import { live } from "./loaded.js";
import { revertTo, world } from "./mirror.js";
import { outcomeRefusal } from "./outcome.js";
import { ask } from "./questions.js";
import { passesWithout } from "./waiting-ossification.js";

interface Step {
  actor: string;
  action: string;
  input: Json;
}

const changes = ["rule.enacted", "rule.repealed", "rule.amended", "rule.transmuted", "rule.renumbered", "rule.property"];

function steps(value: Json): Step[] | null {
  const list = value && typeof value === "object" && !Array.isArray(value) ? value.steps : null;
  if (!Array.isArray(list) || list.length === 0 || list.length > 100) return null;
  const out: Step[] = [];
  for (const s of list) {
    if (!s || typeof s !== "object" || Array.isArray(s) || typeof s.actor !== "string" || typeof s.action !== "string") return null;
    out.push({ actor: s.actor, action: s.action, input: s.input ?? {} });
  }
  return out;
}

/** What playing the probe came to: adopted, or the problem (and the rule whose code refused, if one did). */
export type ProbeOutcome = { rule: number; tried: string } & ({ ok: true } | { ok: false; problem: string; refusedBy: number | null });

/**
 * Plays the probe the rules give on the game as it stands, and undoes it; null when no rule
 * answers it (N_omic, imported text-only games) or there is no game to keep changeable.
 */
export function playProbe(): ProbeOutcome | null {
  const given = probeScript();
  if (!given) return null;
  const { rule, script } = given;
  const m = mark();
  const queued = cur.queue.slice();
  cur.probing = true;
  let problem: string | null = null;
  let refusedBy: number | null = null;
  try {
    for (const step of script) {
      doAction(step.actor, step.action, step.input);
      drain();
      // A rule may cancel any act at its end ("outcome.allowed"): the probe's acts must stand too.
      const canceled = outcomeRefusal({ kind: "action", actor: step.actor, name: step.action, input: step.input });
      if (canceled) throw refusal(canceled.reason, canceled.rule);
    }
    if (!cur.effects.slice(m.effects).some((e) => changes.includes(e.e))) problem = "no rule-change was adopted";
  } catch (err) {
    stopIfOutOfMemory(err);
    problem = isRefusal(err) ? `${err.rule === null ? "" : `Rule ${err.rule}: `}${err.reason}` : errorText(err);
    if (isRefusal(err)) refusedBy = err.by;
  } finally {
    revertTo(m.journal);
    cur.effects.length = m.effects;
    cur.queue = queued;
    cur.probing = false;
  }
  const tried = script.map((s) => `${s.actor} ${s.action}`).join(", then ");
  return problem === null ? { ok: true, rule, tried } : { ok: false, rule, tried, problem, refusedBy };
}

/** The probe the rules give now, unplayed; null when none is answered or there is no game to keep changeable. */
function probeScript(): { rule: number; script: Step[] } | null {
  if (cur.probing || world.players.length === 0 || world.status === "over") return null;
  const answer = ask("rule-change.probe", null, false)[0];
  if (!answer) return null;
  const script = steps(answer.value);
  if (!script) throw refusal(`Rule ${answer.rule}'s answer to "rule-change.probe" must be { steps: [{ actor, action, input }, ...] }`, answer.rule);
  return { rule: answer.rule, script };
}

/**
 * The rule whose code refuses the probe's first step whatever its input (the checks a page asks,
 * with no handler run), or null: the cheap test before the probe is played for a refusal, since a
 * rule that lets the probe's first step through is not what leaves no way to change the rules.
 */
export function probeStartRefuser(): number | null {
  const first = probeScript()?.script[0];
  if (!first) return null;
  const provider = providerOf(first.action);
  const entry = provider === null ? undefined : live(provider)?.actions.get(first.action);
  if (provider === null || !entry) return null;
  try {
    runChecks(checksOf(provider, entry), Object.freeze({ actor: first.actor, action: first.action }), frozenJson({}, "input"));
    return null;
  } catch (err) {
    return isRefusal(err) ? err.by : null;
  }
}

/**
 * Why the act's rule-changes would make rule-changing impossible, or null. A probe that fails on
 * a refusal by a rule this act did not change, and passes with that rule's refusals set aside, is
 * no reason: that rule's refusal is set aside when it bites (src/guest/waiting-ossification.ts). A
 * rule this act enacts or amends that refuses at once is refused here, with its adoption.
 */
export function ossification(): string | null {
  if (!cur.rulesChanged) return null;
  const probe = playProbe();
  if (!probe || probe.ok) return null;
  if (probe.refusedBy !== null && !changedInAct(probe.refusedBy) && passesWithout(probe.refusedBy)) return null;
  return `it would leave a game in which no rule-change can be adopted (Rule ${probe.rule} says how one is made: ${probe.tried}; after this act that fails: ${probe.problem})`;
}

/** Whether this act enacted, amended or renumbered rule `n`'s code into what it is now. */
function changedInAct(n: number): boolean {
  return cur.effects.some(
    (e) => (e.e === "rule.enacted" && e.rule.number === n) || (e.e === "rule.amended" && e.number === n) || (e.e === "rule.renumbered" && e.to === n),
  );
}
