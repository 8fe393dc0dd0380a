/**
 * Questions rules ask each other (`game.ask`, `game.askAll`). The arguments are copied to
 * plain JSON while the asking rule runs, and each answer while the answering rule runs, so
 * a getter or a Proxy is paid for by the rule that made it, never by the other side.
 */
import type { Json } from "../kernel/types.js";
import { frozenJson } from "./json.js";
import { loaded } from "./mirror.js";
import { liveEntries } from "./loaded.js";
import { byArbiter, claimsAt, isSkipped, order, sameClass, type Claimant } from "./precedence.js";
import { runReadOnly } from "./run.js";

export interface Answered {
  value: Json;
  rule: number;
}

export function ask(question: string, args: unknown, all: boolean): Answered[] {
  const frozenArgs = args === undefined ? null : frozenJson(args, `the arguments of "${question}"`);
  const candidates: Claimant[] = [];
  let claimsMade = false;
  for (const n of order()) {
    if (!loaded.get(n)?.answers.has(question) || isSkipped(n)) continue;
    const entries = liveEntries(n, (l) => l.answers, question);
    if (!entries) continue;
    for (const entry of entries) {
      candidates.push({ ...entry, rule: n });
      if (entry.precedes || entry.defersTo || entry.precedenceBy !== null) claimsMade = true;
    }
  }
  const answer = (c: Claimant): Json | undefined =>
    runReadOnly(c.rule, `answer ${question}`, () => {
      const value = c.fn(frozenArgs);
      return value === undefined ? undefined : frozenJson(value, `Rule ${c.rule}'s answer to "${question}"`);
    });
  if (!claimsMade && !all) {
    for (const c of candidates) {
      const value = answer(c);
      if (value !== undefined) return [{ value, rule: c.rule }];
    }
    return [];
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
  return answered.map((a) => Object.freeze({ value: a.value, rule: a.rule }));
}
