/**
 * Acts: a player's action (checked by every rule's forbids, then handled by the rule that
 * offers it), a correction, a timer, a player joining; then every event the act raised, in
 * order, each heard by the rules in precedence order.
 */
import { limits } from "../kernel/limits.js";
import type { Input, Json } from "../kernel/types.js";
import { cur, emitEffect, fail, refusal } from "./act.js";
import { checkedName, frozenJson } from "./json.js";
import { loaded, writeEntry, writeGame, writePlayer, world } from "./mirror.js";
import { decls, live, liveEntries, type ActionEntry } from "./loaded.js";
import { correctPeople } from "./membership.js";
import { actorRefusal } from "../kernel/participants.js";
import { isParticipant } from "./participants.js";
import { declaring, isSkipped, order, sameClass } from "./precedence.js";
import { ask } from "./questions.js";
import { runIsolated, runReadOnly } from "./run.js";
import { correctStatus } from "./in-effect.js";
import { suspended } from "./status.js";

export function drain(): void {
  let processed = 0;
  while (cur.queue.length) {
    const ev = cur.queue.shift()!;
    if (++processed > limits.events) {
      if (ev.rule !== null)
        fail(
          ev.rule,
          `emit ${ev.type}`,
          `more than ${limits.events} events in one act: the rules keep triggering each other; the remaining events were dropped`,
        );
      cur.queue.length = 0;
      return;
    }
    emitEffect({ e: "event", type: ev.type, data: ev.logged ?? ev.data, rule: ev.rule, ...(ev.visibility ? { visibility: ev.visibility } : {}) });
    const event = Object.freeze({ type: ev.type, data: ev.data, rule: ev.rule, origin: ev.origin });
    const withheld = ev.privateTo && Object.freeze({ ...event, data: ev.privateTo.withheld });
    const targets = ev.target !== null ? [ev.target] : order();
    for (const n of targets) {
      const handlers = liveEntries(n, (l) => l.on, ev.type);
      if (!handlers) continue;
      const heard = withheld && n !== ev.privateTo!.owner && !loaded.get(n)?.readsChannels ? withheld : event;
      for (const h of handlers) runIsolated(n, `on ${ev.type}`, () => h(heard));
    }
  }
}

export function doAction(actor: string, name: string, input: Json): void {
  if (!isParticipant(actor)) throw refusal(`${actor} is not a player in this game; join it first`, null);
  const provider = providerOf(name);
  if (provider === null) {
    const offered = new Set<string>();
    for (const n of order()) if (!suspended.has(n)) for (const a of loaded.get(n)?.actions.keys() ?? []) offered.add(a);
    throw refusal(`no rule in effect offers the action "${name}"; the actions offered now are: ${[...offered].sort().join(", ") || "none"}`, null);
  }
  const entry = live(provider)!.actions.get(name)!;
  if (!entry.participants && !world.players.some((p) => p.id === actor)) throw refusal(actorRefusal(entry.name, entry.describe), null);
  const ctx = Object.freeze({ actor, action: name });
  const frozenInput = frozenJson(input, "input", Infinity);
  checkAction(provider, entry, ctx, frozenInput);
  // Called on nothing: `this` would be the entry, which a later act's entry copies.
  const handler = entry.handler;
  runIsolated(provider, `action ${name}`, () => handler(frozenInput, ctx));
}

/** The rule that handles action `name` now: the first by precedence, in effect, that offers it and loads. */
export function providerOf(name: string): number | null {
  for (const n of order()) {
    // A rule disabled for this act still handles it: runIsolated records its failure.
    const l = loaded.get(n);
    if (l && !l.failed && !suspended.has(n) && l.actions.has(name) && !live(n)?.failed) return n;
  }
  return null;
}

/**
 * The checks that refuse an action: first the declaring rule's `when` (this actor, now),
 * then every rule's forbids on the input, and its guards over every action (`forbid("*")`).
 * An action that `prevails` escapes the forbids of rules below its own in precedence and of
 * another class of mutability (an immutable rule's action, a mutable rule's forbids).
 * Throws the refusal, citing the rule. The same checks tell a page which actions are open
 * (src/guest/availability.ts), for several players in turn: so which rules check an action is
 * worked out once ({@link checksOf}), and each check's closures are still taken just before it runs.
 */
export function checkAction(provider: number, entry: ActionEntry, ctx: { actor: string; action: string }, frozenInput: Json): void {
  runChecks(checksOf(provider, entry), ctx, frozenInput);
}

/** Which rules check an action, in order: what {@link checkAction} works out before it asks them. */
export interface ActionChecks {
  provider: number;
  entry: ActionEntry;
  /** The rules whose forbids apply, in precedence order. */
  forbidding: number[];
}

export function checksOf(provider: number, entry: ActionEntry): ActionChecks {
  const ranked = order();
  const below = entry.prevails ? ranked.indexOf(provider) : Infinity;
  const forbidding: number[] = [];
  // Prohibiting beats permitting (Nomic VIII 108 step 4) once the class of mutability has not decided.
  for (const [i, n] of declaring(ranked, "forbids", entry.name, "*")) if (i <= below || sameClass(n, provider)) forbidding.push(n);
  return { provider, entry, forbidding };
}

export function runChecks({ provider, entry, forbidding }: ActionChecks, ctx: { actor: string; action: string }, frozenInput: Json): void {
  const name = entry.name;
  const when = entry.when;
  if (when && !isSkipped(provider) && !cur.overridden.has(provider)) {
    const reason = runReadOnly(provider, `when ${name}`, () => reasonOf(when(ctx)), true);
    if (reason) throw refusal(reason, provider);
  }
  for (const n of forbidding) {
    if (isSkipped(n) || cur.overridden.has(n)) continue;
    for (const key of [name, "*"]) {
      for (const check of liveEntries(n, (l) => l.forbids, key) ?? []) {
        const reason = runReadOnly(n, `forbid ${name}`, () => reasonOf(check(frozenInput, ctx)), true);
        if (reason) throw refusal(reason, n);
      }
    }
  }
}

const reasonOf = (r: unknown): string | undefined => (typeof r === "string" ? r.slice(0, 2000) : undefined);

/**
 * A correction an officer records: values set as the officer says, citing a rule or a
 * ruling. Who may record one is the rules' question ("correction.allowed"); where no rule
 * answers, only the game's host may. Rules hear "correction.recorded" and react as to any change.
 */
export function recordCorrection(input: Extract<Input, { kind: "correction" }>): void {
  const recorder = "player" in input.by ? input.by.player : null;
  if (recorder !== null && !world.players.some((p) => p.id === recorder)) throw refusal(`${recorder} is not a player in this game`, null);
  const verdict = ask("correction.allowed", { recorder, cites: input.cites, changes: input.changes } as unknown as Json, false)[0];
  if (verdict && verdict.value !== true) {
    throw refusal(typeof verdict.value === "string" ? verdict.value : "the rules do not allow you to record this correction", verdict.rule);
  }
  if (!verdict && recorder !== null) {
    throw refusal("no rule names you an officer who may record corrections, so only the game's host can record one", null);
  }
  const known = decls();
  const cited = input.cites.rule ?? 0;
  for (const change of input.changes) {
    if ("inEffect" in change) {
      correctStatus(change, input.reason);
      continue;
    }
    if (correctPeople(change, input.reason, input.cites.rule)) continue;
    if (!("name" in change)) continue;
    checkedName(change.name, "a corrected state");
    if (change.key !== undefined) checkedName(change.key, "a corrected entry", limits.keyChars);
    const decl = Object.hasOwn(known, change.name) ? known[change.name] : undefined;
    if (!decl)
      throw refusal(`no rule declares the state "${change.name}"; the state that can be corrected is: ${Object.keys(known).sort().join(", ") || "none"}`, null);
    const rule = input.cites.rule ?? decl.rule;
    if (decl.scope === "player") {
      if (change.player === undefined) throw refusal(`"${change.name}" is held by each player: say whose value to set`, null);
      writePlayer(change.name, change.player, change.value, rule);
    } else if (change.key !== undefined) {
      writeEntry(change.name, change.key, change.value, false, rule, decl.initial);
    } else {
      writeGame(change.name, change.value, rule);
    }
  }
  cur.queue.push({
    origin: "engine",
    type: "correction.recorded",
    data: frozenJson({ recorder, cites: input.cites, reason: input.reason, changes: input.changes, rule: cited || null } as unknown as Json, "event", Infinity),
    rule: null,
    target: null,
  });
}
