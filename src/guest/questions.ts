/**
 * Questions rules ask each other (`game.ask`, `game.askAll`). The arguments are copied to
 * plain JSON while the asking rule runs, and each answer while the answering rule runs, so
 * a getter or a Proxy is paid for by the rule that made it, never by the other side.
 *
 * Answers only read, so a question asked again with the same arguments before anything in
 * the game changed gets the answers given the first time, without running the rules again
 * (a page's list of open actions asks "eligible-voters" for every action of every player).
 * Not while a precedence claim or an arbiter is being asked: there a question asked again
 * inside is answered without that claim, on purpose.
 */
import type { Json } from "../kernel/types.js";
import { cur } from "./act.js";
import { frozenJson } from "./json.js";
import { liveEntries } from "./loaded.js";
import { byArbiter, claimsAt, declaring, isSkipped, order, sameClass, type Claimant } from "./precedence.js";
import { runReadOnly } from "./run.js";

export interface Answered {
  value: Json;
  rule: number;
}

export function ask(question: string, args: unknown, all: boolean): Answered[] {
  const frozenArgs = args === undefined ? null : frozenJson(args, `the arguments of "${question}"`);
  const reusable = cur.claiming.size === 0 && cur.arbitrating.size === 0;
  const key = reusable ? `${all ? "*" : ""}${question}\u0000${JSON.stringify(frozenArgs)}` : "";
  const known = reusable ? cur.answered.get(key) : undefined;
  if (known && known.changes === cur.changes) return known.answers.slice();
  const changes = cur.changes;
  const answers = answersTo(question, frozenArgs, all);
  // Kept only if answering changed nothing (a rule that failed is recorded as an effect, not a change).
  if (reusable && cur.changes === changes) cur.answered.set(key, { changes, answers });
  return answers.slice();
}

function answersTo(question: string, frozenArgs: Json, all: boolean): readonly Answered[] {
  const candidates: Claimant[] = [];
  let claimsMade = false;
  for (const [, n] of declaring(order(), "answers", question)) {
    if (isSkipped(n)) continue;
    const entries = liveEntries(n, (l) => l.answers, question);
    if (!entries) continue;
    for (const entry of entries) {
      candidates.push({ ...entry, rule: n });
      if (entry.precedes || entry.defersTo || entry.precedenceBy !== null) claimsMade = true;
    }
  }
  const answer = (c: Claimant): Json | undefined =>
    runReadOnly(c.rule, `answer ${question}`, () => {
      const respond = c.fn;
      const value = respond(frozenArgs);
      return value === undefined ? undefined : frozenJson(value, `Rule ${c.rule}'s answer to "${question}"`);
    });
  if (!claimsMade && !all) {
    for (const c of candidates) {
      const value = answer(c);
      if (value !== undefined) return Object.freeze([Object.freeze({ value, rule: c.rule })]);
    }
    return Object.freeze([]);
  }
  const answered: (Claimant & { value: Json; index: number })[] = [];
  candidates.forEach((c, index) => {
    const value = answer(c);
    if (value !== undefined) answered.push({ ...c, value, index });
  });
  // The order of resolution (Nomic VIII 108): the class of mutability first (the engine's order
  // keeps it), then the rule the conflicting answers name to decide, then their own claims.
  const arbiter = byArbiter(question, answered);
  const claims = claimsAt(question);
  answered.sort((a, b) => {
    if (sameClass(a.rule, b.rule)) {
      if (a.rule === arbiter && b.rule !== arbiter) return -1;
      if (b.rule === arbiter && a.rule !== arbiter) return 1;
      const ab = claims(a, b),
        ba = claims(b, a);
      if (ab && !ba) return -1;
      if (ba && !ab) return 1;
    }
    return a.index - b.index;
  });
  return Object.freeze(answered.map((a) => Object.freeze({ value: a.value, rule: a.rule })));
}
