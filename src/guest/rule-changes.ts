/**
 * Rule-changes as the engine makes them: enact, repeal, amend, transmute, renumber and
 * set-property. Which changes a rule's code may make is the rules' question: before any
 * change takes effect the engine asks "rule-change.allowed"; where no rule answers, a
 * rule's code may change only its own text, title, code and properties (Nomic VIII 111's
 * reading, and what Suber's 203 does). Each change records the rule that made it (`by`),
 * which the engine sets: a cause given in words cannot pass one rule off as another.
 */
import { limits } from "../kernel/limits.js";
import { historyEntry, pastEntries } from "../kernel/rule-history.js";
import type { Effect, Json, PublishedHistory, RuleCode, RuleRecord } from "../kernel/types.js";
import { cur, emitEffect, hostCompiled, mark } from "./act.js";
import { frozenJson, text } from "./json.js";
import { loadInAct } from "./loaded.js";
import { closeDecisionsOf, renumberDecisions } from "./decisions.js";
import { clearTimer, loaded, moveTimers, revertTo, rules, setRule, timers } from "./mirror.js";
import { order } from "./precedence.js";
import { ask } from "./questions.js";
import { forget, moveStatus } from "./status.js";

type Change = { [key: string]: Json };

function checkNumber(n: unknown, what: string): number {
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > 1e9) throw new Error(`${what} must be a whole number, not ${JSON.stringify(n)}`);
  return n;
}

/**
 * A rule-change's code. Made by rule code (`by`), only its source is taken and the host compiles
 * it: the `js` that came with it is never run, so what runs is always what voters read, however
 * a rule built the change. The initial set's code comes compiled from the host itself.
 */
function checkCode(code: unknown, by: number | undefined): RuleCode | null {
  if (code === null || code === undefined) return null;
  const c = code as RuleCode;
  if (typeof c !== "object" || typeof c.source !== "string" || typeof c.js !== "string") {
    throw new Error("code must be rule code compiled by the engine (an input declared with t.code())");
  }
  return { source: c.source, js: by === undefined ? c.js : hostCompiled(c.source) };
}

export function existing(n: unknown): RuleRecord {
  const number = checkNumber(n, "rule number");
  const rec = rules.get(number);
  if (!rec) throw new Error(`there is no rule ${number} in effect`);
  return rec;
}

function entry(change: Parameters<typeof historyEntry>[0], revision: number, cause: string, detail: Json | undefined, by: number | undefined) {
  return historyEntry(change, cur.request!.time, cur.request!.seq, revision, cause, detail, by);
}

/** Puts one change into effect. `by` is the rule whose code made it; undefined for the initial set. */
export function applyChange(change: Change, cause: string, by: number | undefined, past?: PublishedHistory[]): RuleRecord {
  if (!change || typeof change !== "object") throw new Error("a rule-change must be an object with a kind");
  const who = by === undefined ? {} : { by };
  let rec: RuleRecord;
  switch (change.kind) {
    case "enact": {
      const number = checkNumber(change.number, "the new rule's number");
      if (rules.has(number)) throw new Error(`rule ${number} already exists; a new rule needs a number not in use`);
      if (typeof change.text !== "string") throw new Error("a new rule needs its text");
      if (typeof change.mutable !== "boolean") throw new Error("a new rule must say whether it is mutable");
      const props = (change.props ? change.props : {}) as Record<string, Json>;
      rec = {
        number,
        title: typeof change.title === "string" ? change.title : null,
        text: change.text,
        mutable: change.mutable,
        revision: 1,
        props,
        code: checkCode(change.code, by),
        history: [],
      };
      rec.history = [
        ...pastEntries(past),
        entry("enacted", 1, cause, frozenJson({ text: rec.text, title: rec.title, code: rec.code } as Json, "rule", Infinity), by),
      ];
      setRule(number, rec);
      const enacted: Effect = {
        e: "rule.enacted",
        rule: { number, title: rec.title, text: rec.text, mutable: rec.mutable, props: rec.props, code: rec.code },
        cause,
        ...who,
      };
      if (past?.length) enacted.past = past;
      emitEffect(enacted);
      loadInAct(rec);
      break;
    }
    case "repeal": {
      const old = existing(change.number);
      rec = { ...old, history: [...old.history, entry("repealed", old.revision, cause, undefined, by)] };
      for (const timer of [...timers.values()]) if (timer.rule === old.number) clearTimer(timer.id);
      closeDecisionsOf(old.number);
      setRule(old.number, undefined);
      emitEffect({ e: "rule.repealed", number: old.number, cause, ...who });
      forget(old.number); // as the host's fold does: a rule enacted under this number in the same act starts afresh
      break;
    }
    case "amend": {
      const old = existing(change.number);
      const next: RuleRecord = { ...old, revision: old.revision + 1 };
      const effect: Extract<Effect, { e: "rule.amended" }> = { e: "rule.amended", number: old.number, cause, ...who };
      const changed: Record<string, Json> = {};
      if (change.text !== undefined) {
        if (typeof change.text !== "string") throw new Error("an amendment's text must be a string");
        next.text = effect.text = changed.text = change.text;
      }
      if (change.title !== undefined) next.title = effect.title = changed.title = change.title === null ? null : String(change.title);
      if (change.code !== undefined) {
        next.code = effect.code = checkCode(change.code, by);
        changed.code = next.code as Json;
      }
      next.history = [...old.history, entry("amended", next.revision, cause, frozenJson(changed, "amendment", Infinity), by)];
      setRule(old.number, next);
      emitEffect(effect);
      if (change.code !== undefined) loadInAct(next);
      rec = next;
      break;
    }
    case "transmute": {
      const old = existing(change.number);
      if (typeof change.mutable !== "boolean") throw new Error("a transmutation must say whether the rule becomes mutable");
      rec = { ...old, mutable: change.mutable, revision: old.revision + 1 };
      rec.history = [...old.history, entry("transmuted", rec.revision, cause, { mutable: change.mutable }, by)];
      setRule(old.number, rec);
      emitEffect({ e: "rule.transmuted", number: old.number, mutable: change.mutable, cause, ...who });
      break;
    }
    case "renumber": {
      const old = existing(change.number);
      const to = checkNumber(change.to, "the new number");
      if (to === old.number) return old;
      if (rules.has(to)) throw new Error(`rule ${old.number} cannot take number ${to}: rule ${to} exists`);
      rec = { ...old, number: to, history: [...old.history, entry("renumbered", old.revision, cause, { from: old.number, to }, by)] };
      setRule(old.number, undefined);
      setRule(to, rec);
      moveTimers(old.number, to);
      renumberDecisions(old.number, to);
      emitEffect({ e: "rule.renumbered", number: old.number, to, cause, ...who });
      moveStatus(old.number, to);
      loadInAct(rec);
      break;
    }
    case "set-property": {
      const old = existing(change.number);
      if (typeof change.key !== "string" || !change.key) throw new Error("a property needs a name (key)");
      const value = change.value as Json;
      rec = { ...old, revision: old.revision + 1, props: Object.freeze({ ...old.props, [change.key]: value }) };
      rec.history = [...old.history, entry("property", rec.revision, cause, { key: change.key, value }, by)];
      setRule(old.number, rec);
      emitEffect({ e: "rule.property", number: old.number, key: change.key, value, cause, ...who });
      break;
    }
    default:
      throw new Error(
        `unknown kind of rule-change ${JSON.stringify(change.kind)}; the engine knows enact, repeal, amend, transmute, renumber and set-property`,
      );
  }
  cur.rulesChanged = true;
  cur.queue.push({
    origin: "engine",
    type: "rule.changed",
    data: frozenJson({ kind: change.kind!, number: change.number!, to: change.to ?? null, cause }, "event"),
    rule: null,
    target: null,
  });
  return rec;
}

/** Changing the rules must stay possible: some rule must still offer an action that proposes rule-changes. */
function ossificationReason(): string | undefined {
  for (const n of order()) {
    const l = loaded.get(n);
    if (!l || l.failed || cur.disabled[n] !== undefined) continue;
    for (const a of l.actions.values()) if (a.changesRules) return undefined;
  }
  return "this would leave no rule offering a way to propose rule-changes, so the rules could never change again; the engine refuses it";
}

const selfKinds = ["amend", "set-property", "repeal"];

/**
 * Asks the rules whether rule `by`'s code may make these changes (or, kind "annotate", add
 * to another rule's history); throws the reason when not.
 */
export function authorize(by: number, changes: Change[], cause: string): void {
  const summary = changes.map((c) => ({
    kind: c.kind ?? null,
    number: c.number ?? null,
    ...(c.to !== undefined ? { to: c.to } : {}),
    ...(c.mutable !== undefined ? { mutable: c.mutable } : {}),
    ...(c.key !== undefined ? { key: c.key } : {}),
  }));
  const verdict = ask("rule-change.allowed", { by, changes: summary, cause }, false)[0];
  if (verdict) {
    if (verdict.value === true) return;
    throw new Error(
      typeof verdict.value === "string" ? `${verdict.value} (Rule ${verdict.rule})` : `Rule ${verdict.rule} does not allow Rule ${by} to make this change`,
    );
  }
  const other = changes.find((c) => c.number !== by || !selfKinds.includes(String(c.kind)));
  if (other) {
    throw new Error(
      `Rule ${by} may not ${String(other.kind)} rule ${String(other.number)}: no rule allows it, and without one a rule's code may change only its own text, title, code and properties`,
    );
  }
}

/**
 * One "rules.changed" event per rule-change (one apply/applyAll), after its "rule.changed"
 * events: a rule counting rule-changes (a version rising on amendment) counts each once. A
 * change that only sets properties is bookkeeping, not a rule-change: not announced, so a
 * rule setting a version as it hears "rules.changed" does not hear itself.
 */
function announce(changes: Change[], cause: string, by: number): void {
  if (changes.every((c) => c.kind === "set-property")) return;
  const list = changes.map((c) => ({ kind: String(c.kind), number: c.number as number, to: (c.to as number | undefined) ?? null }));
  cur.queue.push({
    origin: "engine",
    type: "rules.changed",
    data: frozenJson({ cause, changes: list, by } as unknown as Json, "event"),
    rule: null,
    target: null,
  });
}

/** Applies rule-changes made by rule `by`'s code, all together or not at all. */
export function applyChecked(rawChanges: unknown, rawCause: unknown, by: number): RuleRecord[] {
  if (!Array.isArray(rawChanges)) throw new Error(`Rule ${by}: applyAll needs a list of rule-changes`);
  const changes = frozenJson(rawChanges, "the rule-changes", limits.textChars * 4) as unknown as Change[];
  const cause = text(rawCause, "a rule-change's cause", 500).trim();
  if (!cause) throw new Error('a rule-change needs a cause, such as "Proposal 301"');
  if (cur.refuseChanges !== null) throw new Error(`the engine refuses these rule-changes: ${cur.refuseChanges}`);
  const m = mark();
  try {
    authorize(by, changes, cause);
    const recs = changes.map((change) => applyChange(change, cause, by));
    const reason = ossificationReason();
    if (reason) throw new Error(reason);
    announce(changes, cause, by);
    return recs;
  } catch (err) {
    revertTo(m.journal);
    cur.effects.length = m.effects;
    cur.queue.length = m.queue;
    throw err;
  }
}
