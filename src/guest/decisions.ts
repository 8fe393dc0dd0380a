/**
 * Officers' decisions, the guest's half: `game.decide` opens a typed decision for office
 * holders, `game.decisions` lists the open ones, `game.closeDecision` withdraws one. A
 * holder's decision is an act of its own (src/kernel/decisions.ts checks the answer's form
 * first); only the opening rule hears it, as "decision:<kind>", as a timer is heard.
 */
import { limits } from "../kernel/limits.js";
import type { DecisionRecord, Input, Json } from "../kernel/types.js";
import { charge, cur, emitEffect, record, refusal } from "./act.js";
import { checkedName, frozenJson, text } from "./json.js";
import { isParticipant } from "./participants.js";
import { mayChange, mayRead } from "./run.js";

export const decisions = new Map<string, DecisionRecord>();

function open(d: DecisionRecord): void {
  record(() => decisions.delete(d.id));
  decisions.set(d.id, d);
  emitEffect({ e: "decision.opened", decision: d });
}

function close(id: string): void {
  const old = decisions.get(id);
  if (!old) return;
  record(() => decisions.set(id, old));
  decisions.delete(id);
  emitEffect({ e: "decision.closed", id });
}

/** A repealed rule's decisions are closed: no one can make them any more. */
export function closeDecisionsOf(rule: number): void {
  for (const d of [...decisions.values()]) if (d.rule === rule) close(d.id);
}

/** A renumbered rule keeps its decisions (fold moves them on "rule.renumbered" too). */
export function renumberDecisions(from: number, to: number): void {
  for (const d of [...decisions.values()]) {
    if (d.rule !== from) continue;
    record(() => decisions.set(d.id, d));
    decisions.set(d.id, { ...d, rule: to });
  }
}

/** A holder makes a decision: it closes, and its rule alone hears it. */
export function makeDecision(input: Extract<Input, { kind: "decision" }>): void {
  const d = decisions.get(input.id);
  if (!d) throw refusal(`there is no open decision "${input.id}"`, null);
  if (!d.by.includes(input.by)) throw refusal("this decision is not yours to make", d.rule);
  close(d.id);
  const data = frozenJson({ id: d.id, by: input.by, input: input.input, data: d.data }, "a decision", Infinity);
  cur.queue.push({ origin: "engine", type: `decision:${d.kind}`, data, rule: null, target: d.rule });
}

/** The part of `game` a rule uses for decisions (rule-api.d.ts). */
export function decisionApi(number: number) {
  return {
    decide: (given: { kind?: unknown; by?: unknown; question?: unknown; input?: { json?: Json }; awaits?: unknown; data?: unknown }): string => {
      mayChange(number, "opening a decision");
      const spec = given ?? {};
      const act = cur.request!;
      const kind = checkedName(spec.kind, `Rule ${number}: a decision's kind`);
      const by = typeof spec.by === "string" ? [spec.by] : Array.isArray(spec.by) ? [...new Set(spec.by as unknown[])] : [];
      if (by.length === 0 || by.some((p) => typeof p !== "string" || !isParticipant(p))) {
        throw new Error(`Rule ${number}: a decision's "by" names the person (or list of people) who may make it, each taking part in this game`);
      }
      const question = text(spec.question ?? "", "a decision's question", limits.messageChars).trim();
      if (!question) throw new Error(`Rule ${number}: a decision needs its question, in words`);
      if (!spec.input?.json) throw new Error(`Rule ${number}: a decision needs an input schema built with t (e.g. input: t.object({ void: t.boolean() }))`);
      if (decisions.size >= limits.decisions) throw new Error(`Rule ${number}: the game has ${limits.decisions} decisions open, the most it may have`);
      let n = 1;
      while (decisions.has(`${act.seq}.${n}`)) n++;
      const d: DecisionRecord = {
        id: `${act.seq}.${n}`,
        kind,
        by: by as string[],
        question,
        input: frozenJson(spec.input.json, "a decision's form"),
        data: frozenJson(spec.data === undefined ? null : spec.data, "a decision's data"),
        rule: number,
        openedAt: act.time,
        awaits: spec.awaits === true,
      };
      charge(JSON.stringify(d).length);
      open(Object.freeze(d));
      return d.id;
    },
    decisions: () => {
      mayRead(number, "the decisions");
      return [...decisions.values()].map((d) =>
        Object.freeze({ id: d.id, kind: d.kind, by: Object.freeze([...d.by]), question: d.question, data: d.data, rule: d.rule, openedAt: d.openedAt }),
      );
    },
    closeDecision: (id: string) => {
      mayChange(number, "closing a decision");
      if (typeof id === "string") close(id);
    },
  };
}
