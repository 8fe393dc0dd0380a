/**
 * The act being handled: its journal (every change to the mirror, undone when a handler
 * fails or the act is refused), the effects it records, its queue of events, and the
 * stack of rules whose code is running. The rule on top of the stack is the one charged
 * for any work done and any failure; the host learns it in a diagnose run.
 */
import type { Effect, Json, RecordedVisibility } from "../kernel/types.js";
import type { GuestRequest } from "../kernel/guest-protocol.js";
import type { EngineEventType } from "../kernel/engine-events.js";
import { limits } from "../kernel/limits.js";
import { errorText, knownSize } from "./json.js";
import { jsonSize } from "../kernel/json-size.js";
import type { Answered } from "./questions.js";

/**
 * An event waiting to be heard. The engine's own carry a name of its namespace (the compiler
 * holds every push to it); a rule's come only from `game.emit`, which refuses those names.
 */
export type QueuedEvent = EngineQueued | RuleQueued;
interface EngineQueued extends QueuedFields {
  origin: "engine";
  type: EngineEventType;
  /** The rule whose work raised it (a player removed by Rule 5), or null. */
  rule: number | null;
}
interface RuleQueued extends QueuedFields {
  origin: "rule";
  type: string;
  /** The rule that emitted it. */
  rule: number;
}
interface QueuedFields {
  data: Json;
  /** What its effect will add to the act when it is heard (a rule's event, charged as it is emitted). */
  size?: number;
  /**
   * A message's text in a private channel: heard whole by the rule that keeps the channel and by
   * rules that declared they read private channels; the others hear it without its text.
   */
  privateTo?: { owner: number | null; withheld: Json };
  /** The rule a timer belongs to: only it hears the event. */
  target: number | null;
  /** What the log records of it, when that is less than the rules hear (a message's text is never recorded). */
  logged?: Json;
  /** Who may read its data (absent: everyone), recorded with it. */
  visibility?: RecordedVisibility;
}

export interface Frame {
  rule: number;
  during: string;
}

/** A refusal: the whole act is undone and the player told why. Only the engine makes them. */
export interface Refusal {
  readonly reason: string;
  /** The rule the refusal cites. */
  readonly rule: number | null;
  /** The rule whose code refused (`game.refuse` may cite another), or null for the engine. */
  readonly by: number | null;
}
const genuine = new WeakSet<object>();

export function refusal(reason: string, rule: number | null, by: number | null = rule): Refusal {
  const r = Object.freeze({ reason, rule, by });
  genuine.add(r);
  return r;
}

export function isRefusal(err: unknown): err is Refusal {
  return typeof err === "object" && err !== null && genuine.has(err);
}

type Running = (rule: number, during?: string) => void;

export const cur = {
  request: null as GuestRequest | null,
  journal: [] as (() => void)[],
  effects: [] as Effect[],
  queue: [] as QueuedEvent[],
  disabled: {} as GuestRequest["disabled"],
  reportedDisabled: new Set<number>(),
  running: [] as Frame[],
  readOnly: 0,
  loading: null as number | null,
  timerCount: 0,
  messages: 0,
  /**
   * Characters of JSON the act has recorded, as the host counts them (src/kernel/json-size.ts):
   * `sizes[i]` for effects 0 to i. Read at the effects' length, so effects undone (the list cut
   * back) are uncounted with them.
   */
  sizes: [] as number[],
  /** The rule whose timer fires in this act, if it is a timer's. */
  firing: null as number | null,
  /** Running the ossification probe: its changes are undone and it is not checked again. */
  probing: false,
  /**
   * Rules whose refusals are set aside in this act: each would have left no way to change the
   * rules (src/guest/waiting-ossification.ts). Their forbids, `when` and "outcome.allowed"
   * answers are not asked, and a refusal from their handlers is their failure instead.
   */
  overridden: new Set<number>() as ReadonlySet<number>,
  /** Set when this act's rule-changes would make rule-changing impossible: they are refused, with this reason. */
  refuseChanges: null as string | null,
  /** Rules changed in this act: the ossification probe runs at its end. */
  rulesChanged: false,
  /** Told of each change of the running rule in a diagnose run (the host counts work per rule). */
  report: null as Running | null,
  /**
   * Precedence claims and arbiters being asked now ("<rule>:<question>"; src/guest/precedence.ts).
   * Kept here, begun afresh with every crossing: an act the host stops (fuel, time) unwinds
   * without running `finally`, and a stale entry would silence that claim for good.
   */
  claiming: new Set<string>(),
  arbitrating: new Set<string>(),
  /**
   * Counts the act's changes to the mirror (each journalled write, each undo): the answers
   * to questions asked at the same count are the same (src/guest/questions.ts keeps them).
   */
  changes: 0,
  /** This act's answers, by question, arguments and whether all were asked; each good while `changes` is what it was. */
  answered: new Map<string, { changes: number; answers: readonly Answered[] }>(),
};

type Calendar = (ask: string) => string;
type Reusable = (js: string) => boolean;
type Compile = (source: string) => string;
interface Host {
  outOfMemory?: () => void;
  running?: Running;
  calendar?: Calendar;
  reusable?: Reusable;
  changes?: Reusable;
  compile?: Compile;
}
let host: Host | null = null;

/** The host's hooks, captured before any rule loads (and removed from the global object). */
export function captureHost(global: Record<string, unknown>): void {
  const h = global.__nomosHost as Host | undefined;
  host = {};
  for (const k of ["running", "calendar", "reusable", "changes", "compile", "outOfMemory"] as const) if (typeof h?.[k] === "function") host[k] = h[k] as never;
  delete global.__nomosHost;
}

/**
 * Running out of memory is no failure to record: what ran out depends on what the heap held
 * (src/sandbox/guest-memory.ts), so the host stops the act and runs it again in a fresh sandbox.
 * Each place the runtime catches a rule's error tells the host when it is QuickJS's "out of memory".
 */
export function stopIfOutOfMemory(err: unknown): void {
  try {
    const e = err as { name?: unknown; message?: unknown } | null;
    if (e && typeof e === "object" && e.name === "InternalError" && e.message === "out of memory") host?.outOfMemory?.();
  } catch {
    // An error whose name cannot be read is not QuickJS's.
  }
}

/** Whether the host, having read this code, finds it may change the rules by itself (src/sandbox/rule-changing-code.ts); without a host to ask, it may. */
export function hostFindsRuleChanging(js: string): boolean {
  return host?.changes?.(js) !== false;
}

/** Rule code a rule puts into effect, compiled by the host from its source alone: whatever `js` came with it is never run. */
export function hostCompiled(source: string): string {
  if (!host?.compile) throw new Error("this sandbox cannot compile rule code");
  const answer = JSON.parse(host.compile(source)) as { js?: string; error?: string };
  if (typeof answer.js !== "string") throw new Error(answer.error ?? "the rule's code could not be compiled");
  return answer.js;
}

/** Whether the host, having read this code, says its closures keep nothing between calls (src/sandbox/reusable-code.ts). */
export function hostFindsReusable(js: string): boolean {
  return host?.reusable?.(js) === true;
}

/** The host's answer to a calendar question (JSON text in, JSON text out: src/sandbox/calendar.ts). */
export function askHostCalendar(ask: string): string {
  if (!host?.calendar) throw new Error("this sandbox has no calendar");
  return host.calendar(ask);
}

export function beginDiagnose(on: boolean): void {
  cur.report = on && host?.running ? host.running : null;
}

export function record(undo: () => void): void {
  cur.changes++;
  if (cur.request) cur.journal.push(undo);
}

export function emitEffect(effect: Effect): void {
  if (!cur.request) return;
  const i = cur.effects.length;
  if (i >= limits.effects) throw new Error(`more than ${limits.effects} effects in one act`);
  const size = jsonSize(effect, limits.effectsChars, limits.jsonDepth + 8, knownSize);
  cur.sizes[i] = (i > 0 ? cur.sizes[i - 1]! : 0) + (typeof size === "number" ? size : limits.effectsChars);
  cur.effects.push(effect);
}

/** Characters of JSON the act records so far, by the host's count, and the rules' events waiting to be heard. */
function recorded(): number {
  const n = cur.effects.length;
  let queued = 0;
  for (const ev of cur.queue) queued += ev.size ?? 0;
  return (n > 0 ? cur.sizes[n - 1]! : 0) + queued;
}

/**
 * Refuses a write of `chars` more (a value, a message, an event) that would take the act past
 * its budget: the rule running fails, blamed. Every effect is measured as the host measures it
 * (`emitEffect`), so the host never finds an act larger than its limit that the sandbox let
 * through; the budget leaves room for one more write's envelope and for what is recorded after
 * it is reached (the failures themselves).
 */
export function charge(chars: number): void {
  if (recorded() + chars > budget) throw new Error(`this act would record more than ${budget} characters of state, messages and events`);
}
const budget = limits.effectsChars * 0.7;

/**
 * The host hears whose code runs, and whether it is the rule's top level ("load"): a rule stopped
 * while it loads in the act that enacts it loads as failed when the act runs again.
 */
export function push(frame: Frame): void {
  cur.running.push(frame);
  cur.report?.(frame.rule, loadingOrNot(frame));
}

export function pop(): void {
  cur.running.pop();
  const top = cur.running[cur.running.length - 1];
  cur.report?.(top ? top.rule : 0, top && loadingOrNot(top));
}

const loadingOrNot = (frame: Frame) => (frame.during === "load" ? "load" : undefined);

export function currentRule(): number | null {
  return cur.running.length ? cur.running[cur.running.length - 1]!.rule : null;
}

export function fail(rule: number, during: string, error: unknown): void {
  stopIfOutOfMemory(error);
  const text = typeof error === "string" ? error : errorText(error);
  emitEffect({ e: "rule.failed", rule, during, error: text });
}

/** Where the act stands, to undo back to it. */
export interface Mark {
  journal: number;
  effects: number;
  queue: number;
}

export function mark(): Mark {
  return { journal: cur.journal.length, effects: cur.effects.length, queue: cur.queue.length };
}
