/**
 * Loading rule code. A rule's code is compiled once into a function of the rule API; that
 * function is called afresh in every act that calls the rule, so whatever a rule keeps in its
 * own variables lasts one act only. Replay is then exact whatever the code keeps between calls,
 * and memory a rule holds on to is freed when the act ends. The top level only declares:
 * reading the game there is refused, so what a rule declares depends on its code alone. Code
 * whose closures can keep nothing between calls, as the host reads it, is not run again after
 * the first act that calls it: its closures serve every later act (`reusableNow`).
 */
import { ruleApiNames } from "../kernel/guest-protocol.js";
import type { DataVisibility, Json, RuleDeclares, RuleRecord, StateDecl } from "../kernel/types.js";
import { cur, emitEffect, hostFindsReusable, hostFindsRuleChanging, pop, push, stopIfOutOfMemory } from "./act.js";
import { errorText, frozenJson } from "./json.js";
import { harden } from "./lockdown.js";
import { caches, freshIn, loaded, rules, setLoaded } from "./mirror.js";
import { order } from "./precedence.js";
import { suspended } from "./status.js";
import { openDeclared, type DeclaredChannel } from "./messages.js";

export interface ActionEntry {
  name: string;
  /** Its name in words (ActionOptions.title), where the rule gave one. */
  title?: string;
  describe: string;
  /** What follows a move that cannot be undone (ActionOptions.confirm). */
  confirm?: string;
  input: Json;
  changesRules: boolean;
  /** The channel the action is taken in (ActionOptions.channel). */
  channel?: string;
  /** Forbids and guards of rules lower in precedence than the offering rule do not apply (ActionOptions.prevails). */
  prevails: boolean;
  /** Open to every participant, not only players (ActionOptions.participants). */
  participants: boolean;
  /** Who besides the actor may read its input (ActionOptions.inputVisibility); absent: everyone. */
  inputVisibility?: DataVisibility;
  /** Why an actor cannot take the action now, whatever the input (ActionOptions.when). */
  when: ((ctx: unknown) => unknown) | null;
  handler: (input: Json, ctx: unknown) => void;
}
export type ClaimFn = (other: number, question: string) => unknown;
/** A precedence claim: over these rules, every rule, or whichever a function says when answers conflict. */
export type Claim = number[] | "all" | ClaimFn | null;
export interface AnswerEntry {
  fn: (args: Json) => unknown;
  precedes: Claim;
  defersTo: Claim;
  /** The rule that decides this answer's conflicts ("precedence.conflict"), or null. */
  precedenceBy: number | null;
}
export interface Loaded {
  actions: Map<string, ActionEntry>;
  forbids: Map<string, ((input: Json, ctx: unknown) => unknown)[]>;
  on: Map<string, ((event: unknown) => void)[]>;
  answers: Map<string, AnswerEntry[]>;
  state: Omit<StateDecl, "rule">[];
  /** State of other rules this rule declared it reads although players may not all see it. */
  reads: string[];
  /** Whether it declared it reads the text of messages in private channels other rules keep (`on(..., { readsPrivate: true })`). */
  readsChannels: boolean;
  /** Rule properties this rule declared (ruleProperty), with their defaults. */
  props: Map<string, { initial: Json; describe: string | null }>;
  /** Channels this rule declared (`channel(...)`), opened when it loads if the game lacks them. */
  channels: Map<string, DeclaredChannel>;
  failed: string | null;
  /** The code whose top level declared all this (set once it ran without failing). */
  js: string | null;
}

export function emptyLoaded(): Loaded {
  return {
    actions: new Map(),
    forbids: new Map(),
    on: new Map(),
    answers: new Map(),
    state: [],
    reads: [],
    readsChannels: false,
    props: new Map(),
    channels: new Map(),
    failed: null,
    js: null,
  };
}

/**
 * Where a rule's API puts what its top level declares: `l`, this run's. `known` is what the
 * same code declared when it last ran: a top level cannot read the game, so it declares the
 * same again, and a run at the start of an act reuses those declarations, already checked
 * and copied, taking only the new closures.
 */
export interface Declaring {
  l: Loaded;
  known: Loaded | null;
}
export type ApiFactory = (number: number, target: Declaring) => Record<string, unknown>;
let makeApi: ApiFactory | null = null;
/** The rule API is built in api.ts, which needs this module: it registers itself here. */
export function useApi(factory: ApiFactory): void {
  makeApi = factory;
}

/**
 * Each rule number's API, made once: it depends on the number alone (its functions and objects
 * are frozen, and what it declares goes to the target set for each run), so a top level run at
 * every act does not build it again.
 */
const apis = new Map<number, { target: Declaring; args: unknown[] }>();
function apiArgs(number: number, l: Loaded, known: Loaded | null): unknown[] {
  let made = apis.get(number);
  if (!made) {
    const target: Declaring = { l, known };
    const api = makeApi!(number, target);
    made = { target, args: ruleApiNames.map((name) => harden(api[name])) };
    apis.set(number, made);
  }
  made.target.l = l;
  made.target.known = known;
  return made.args;
}

interface Compiled {
  body: (...api: unknown[]) => void;
  /** The host's verdict (reusableNow), once asked. */
  reusable: boolean | null;
  /** Whether the code may change the rules by itself (changesRules), once asked. */
  changes: boolean | null;
  /** Times the top level ran again at the start of an act in this sandbox. */
  reruns: number;
}
const compiled = new Map<string, Compiled>();

/**
 * The rule's code as a function of the rule API. QuickJS makes a function from source text
 * without parsing its body alone, so code can close the function early and run beside it (the
 * log may hold any code: an imported game's): the function's own text must be the code whole.
 */
function compile(js: string): Compiled {
  let made = compiled.get(js);
  if (!made) {
    const text = `"use strict";\n${js}`;
    const body = new Function(...ruleApiNames, text) as (...api: unknown[]) => void;
    if (Function.prototype.toString.call(body) !== `function anonymous(${ruleApiNames.join(",")}\n) {\n${text}\n}`)
      throw new Error("the rule's code is not one function body: it closes the function it is compiled into");
    made = { body, reusable: null, changes: null, reruns: 0 };
    compiled.set(js, made);
  }
  return made;
}

/**
 * Whether this code's closures may serve every act, asked of the host once the code's top level
 * has run again at the start of an act: reading the code costs more than a run of a top level,
 * and a process that plays one act (a CLI command) never needs the answer.
 */
function reusableNow(js: string): boolean {
  const made = compiled.get(js);
  if (!made || made.reruns === 0) return false;
  made.reusable ??= hostFindsReusable(js);
  return made.reusable;
}

/**
 * Whether a rule's code may change the rules by itself (`game.rules.apply`, `applyAll`,
 * `annotate`), as the host reads it: shown to voters among what the rule declares, and held to.
 */
export function changesRules(js: string): boolean {
  const made = compiled.get(js);
  if (!made) return hostFindsRuleChanging(js);
  made.changes ??= hostFindsRuleChanging(js);
  return made.changes;
}

/**
 * Runs a rule's top level, collecting what it declares. A failure is returned, not thrown.
 * `known`: what this same code declared when it last ran, if it did.
 */
export function evaluate(rec: RuleRecord, known: Loaded | null = null): Loaded {
  const l = emptyLoaded();
  if (!rec.code) return l;
  const args = apiArgs(rec.number, l, known?.js === rec.code.js ? known : null);
  const saved = cur.loading;
  cur.loading = rec.number;
  push({ rule: rec.number, during: "load" });
  try {
    const code = compile(rec.code.js);
    code.body(...args);
    l.js = rec.code.js;
  } catch (err) {
    stopIfOutOfMemory(err);
    return { ...emptyLoaded(), failed: errorText(err) };
  } finally {
    cur.loading = saved;
    pop();
  }
  return l;
}

export function declaresOf(rec: RuleRecord, l: Loaded): RuleDeclares {
  return frozenJson(
    {
      actions: [...l.actions.values()].map((a) => ({
        name: a.name,
        ...(a.title === undefined ? {} : { title: a.title }),
        describe: a.describe,
        ...(a.confirm === undefined ? {} : { confirm: a.confirm }),
        input: a.input,
        changesRules: a.changesRules,
        ...(a.channel === undefined ? {} : { channel: a.channel }),
        ...(a.participants ? { participants: true } : {}),
        ...(a.inputVisibility === undefined ? {} : { inputVisibility: a.inputVisibility }),
        rule: rec.number,
      })),
      on: [...l.on.keys()],
      answers: [...l.answers.keys()],
      forbids: [...l.forbids.keys()],
      state: l.state.map((s) => s.name),
      ...(l.reads.length ? { reads: l.reads } : {}),
      ...(l.readsChannels ? { readsChannels: true } : {}),
      ...(rec.code && l.failed === null && changesRules(rec.code.js) ? { changes: true } : {}),
      ...(l.props.size ? { props: Object.fromEntries(l.props) } : {}),
    },
    "declarations",
    Infinity,
  ) as unknown as RuleDeclares;
}

/** A rule enacted or amended in this act: its code loads now, and the host learns what it declares. */
export function loadInAct(rec: RuleRecord): void {
  const known = disabledAt(rec.number);
  // A rule stopped earlier in this act while it loaded loads as failed (reported here); stopped
  // elsewhere, it loads (its declarations stand) and only takes no further part in this act,
  // reported where it is skipped (isSkipped), as in any other act.
  const l = known?.during === "load" ? { ...emptyLoaded(), failed: known.error } : evaluate(rec);
  if (known?.during === "load") cur.reportedDisabled.add(rec.number);
  setLoaded(rec.number, l);
  if (l.failed) emitEffect({ e: "rule.failed", rule: rec.number, during: "load", error: l.failed });
  emitEffect({ e: "rule.loaded", number: rec.number, declares: declaresOf(rec, l), failed: l.failed });
  if (!l.failed) openDeclared(rec.number, l);
}

/** Why and where a rule was stopped earlier in this act, if it was. */
export function disabledAt(rule: number): { error: string; during: string } | undefined {
  const d = cur.disabled[rule] as string | { error: string; during: string } | undefined;
  return typeof d === "string" ? { error: d, during: "act" } : d;
}

/**
 * At the start of each act no rule's closures may be called: each rule's top level runs again
 * the first time the act needs them ({@link live}), so that no closure outlives an act (but
 * those of reusable code, which can keep nothing). What the rules declare is known meanwhile:
 * a top level cannot read the game, so it declares the same whenever it runs. An act that
 * calls no code of a rule does not run its top level.
 */
export function freshen(): void {
  caches.order = null;
  freshIn.clear();
}

/**
 * The rule's declarations with closures of this act, its top level run now if it has not run
 * in this act yet. Every call into a rule's code takes its closures from here. A rule whose
 * top level fails now (it loaded before) fails for good; one stopped earlier in this act, or
 * failed before, keeps what it had (its code is not called: runIsolated skips it).
 */
export function live(n: number): Loaded | undefined {
  const before = loaded.get(n);
  if (!before || freshIn.has(n)) return before;
  const rec = rules.get(n);
  if (!rec?.code || before.failed || cur.disabled[n] !== undefined) return before;
  if (before.js === rec.code.js && reusableNow(rec.code.js)) {
    freshIn.add(n);
    return before;
  }
  const l = evaluate(rec, before);
  const made = compiled.get(rec.code.js);
  if (made) made.reruns++;
  if (l.failed) {
    setLoaded(n, l);
    emitEffect({ e: "rule.failed", rule: n, during: "load", error: l.failed });
    emitEffect({ e: "rule.loaded", number: n, declares: declaresOf(rec, l), failed: l.failed });
  } else {
    // Not journalled: the declarations are the same, and the closures are this act's whatever is undone.
    loaded.set(n, l);
    freshIn.add(n);
  }
  return l;
}

/** A rule's entries declared under `key` (its answers to a question, its handlers of an event, its forbids), with this act's closures. */
export function liveEntries<T>(n: number, pick: (l: Loaded) => Map<string, T[]>, key: string): T[] | undefined {
  const known = loaded.get(n);
  if (!known || !pick(known).has(key)) return undefined;
  const l = live(n);
  return l && !l.failed ? pick(l).get(key) : undefined;
}

/** The declarations in force as last written as JSON, and what they were worked out from. */
let lastWritten: { from: unknown[]; value: Record<string, StateDecl>; json: string } | null = null;

/**
 * The state declarations in force as JSON text, written again only when what they are worked
 * out from changed: the order of the rules in force and each one's declared entries, compared
 * by identity (a top level run again keeps its entries: loaded.ts's `known`).
 */
export function declsJson(): string {
  const from: unknown[] = [];
  for (const n of order()) {
    const l = loaded.get(n);
    if (!l || l.failed || suspended.has(n)) continue;
    from.push(n, l.state.length, ...l.state);
  }
  const last = lastWritten;
  if (last && last.from.length === from.length && last.from.every((x, i) => x === from[i])) {
    caches.decls ??= last.value;
    return last.json;
  }
  const value = decls();
  lastWritten = { from, value, json: JSON.stringify(value) };
  return lastWritten.json;
}

/**
 * The state declarations in force: for each name, the declaration of the rule with the highest
 * precedence, read as the first that says how it reads (a rule may declare a state only to use it).
 */
export function decls(): Record<string, StateDecl> {
  if (caches.decls) return caches.decls;
  const out: Record<string, StateDecl> = {};
  for (const n of order()) {
    const l = loaded.get(n);
    if (!l || l.failed || suspended.has(n)) continue;
    for (const d of l.state) {
      if (!Object.hasOwn(out, d.name)) out[d.name] = { ...d, rule: n };
      else if (!out[d.name]!.display && d.display) out[d.name] = { ...out[d.name]!, display: d.display };
    }
  }
  caches.decls = out;
  return out;
}
