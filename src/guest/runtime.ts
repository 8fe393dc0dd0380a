/**
 * The engine's half that runs inside the sandbox, beside the rules' code.
 *
 * It keeps a mirror of the game's state for rule code to read, loads each rule's code,
 * and for each act (one call from the host) runs every handler the act triggers, then
 * hands back the effects. The host folds those effects into the state it stores, so this
 * file and the host's fold (src/kernel/fold.ts) must agree; a test checks that they do.
 *
 * This is a plain script (no imports): the host evaluates it in a fresh QuickJS context,
 * where it defines `globalThis.__nomos`. It knows no game: proposals, votes, turns and
 * points are all the rules' business.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Vis = "public" | "owner" | "others" | "hidden" | { seenBy: string };
type Code = { source: string; js: string };

interface HistoryEntry { change: string; at: number | null; seq: number; revision: number; cause: string; detail?: Json; published?: string }
interface PastLine { change: string; at: number | null; cause: string; text: string; detail?: Json }
type RuleSpecIn = { number: number; title?: string | null; text: string; mutable: boolean; code?: Code | null; props?: Record<string, Json>; history?: PastLine[] };
interface RuleRec {
  number: number; title: string | null; text: string; mutable: boolean; revision: number;
  props: Record<string, Json>; code: Code | null; history: HistoryEntry[];
}
interface PlayerRec { id: string; name: string; joinedAt: number }
interface TimerRec { id: string; rule: number; name: string; at: number; data: Json }
interface StateDeclOut { name: string; scope: "game" | "player"; initial: Json; visibility: Vis; describe: string | null; rule: number }
interface ActionEntry { name: string; describe: string; input: Json; changesRules: boolean; handler: (input: any, ctx: any) => void }
interface AnswerEntry { fn: (args: any) => any; precedes: number[] | "all" | null; defersTo: number[] | "all" | null }
interface Loaded {
  actions: Map<string, ActionEntry>;
  forbids: Map<string, ((input: any, ctx: any) => any)[]>;
  on: Map<string, ((event: any) => void)[]>;
  answers: Map<string, AnswerEntry[]>;
  state: Omit<StateDeclOut, "rule">[];
  failed: string | null;
}
interface QueuedEvent { type: string; data: Json; rule: number | null; target: number | null }
type Effect = { e: string; [key: string]: any };

interface BootSnapshot {
  rules: RuleRec[]; players: PlayerRec[];
  values: { game: Record<string, Json>; player: Record<string, Record<string, Json>> };
  timers: TimerRec[]; status: "active" | "over";
  /** Rules whose code is known to fail while loading: not run again until amended. */
  skip: Record<string, string>;
}
interface Request {
  seq: number; time: number; seed: string;
  input:
    | { kind: "create"; name: string; preset: string | null; rules: RuleSpecIn[]; archived?: Json[] }
    | { kind: "join"; player: PlayerRec }
    | { kind: "rename"; player: string; name: string }
    | { kind: "action"; actor: string; name: string; input: Json }
    | { kind: "timer"; id: string }
    | { kind: "correction"; by: { player: string } | { host: true }; cites: { rule?: number; ruling?: string }; reason: string; changes: { name: string; player?: string; key?: string; value: Json }[] };
  /** Rules that ran out of fuel or memory earlier in this act: skipped, with the reason recorded. */
  disabled: Record<string, string>;
  fuelNote?: string;
  diagnose?: boolean;
}

(function install(global: any) {
  "use strict";

  class Refusal {
    constructor(readonly reason: string, readonly rule: number | null) {}
  }

  // ---- The mirror of the game's state -------------------------------------------------
  const rules = new Map<number, RuleRec>();
  const loaded = new Map<number, Loaded>();
  let players: PlayerRec[] = [];
  const gameValues = new Map<string, Json>();
  const playerValues = new Map<string, Map<string, Json>>();
  const timers = new Map<string, TimerRec>();
  let status: "active" | "over" = "active";
  let skipAtLoad: Record<string, string> = {};

  // ---- The act being handled ----------------------------------------------------------
  let journal: (() => void)[] = [];
  let effects: Effect[] = [];
  let queue: QueuedEvent[] = [];
  let act: Request | null = null;
  let disabled: Record<string, string> = {};
  let reportedDisabled = new Set<number>();
  const running: { rule: number; during: string }[] = [];
  // The host's hook (src/sandbox/protocol.ts, `diagnose`): told whose code runs, in diagnose runs only.
  const host = global.__nomosHost as { running(rule: number, during?: string): void } | undefined;
  delete global.__nomosHost;
  let diagnose = false;
  function enter(rule: number, during: string): void {
    running.push({ rule, during });
    if (diagnose && host) host.running(rule, during);
  }
  function leave(): void {
    running.pop();
    const top = running[running.length - 1];
    if (diagnose && host) host.running(top ? top.rule : 0, top ? top.during : "engine");
  }
  let readOnly = 0;
  let loading: number | null = null;
  let timerCount = 0;
  let rng: () => number = () => { throw new Error("no random source outside an act"); };

  // Caches, rebuilt when the ruleset changes.
  let orderCache: number[] | null = null;
  let declsCache: Record<string, StateDeclOut> | null = null;
  let lastDeclsJson = "{}";
  const viewCache = new WeakMap<RuleRec, any>();

  function record(undo: () => void): void {
    if (act) journal.push(undo);
  }
  function revertTo(mark: number): void {
    while (journal.length > mark) (journal.pop() as () => void)();
    orderCache = null;
    declsCache = null;
  }
  function emitEffect(effect: Effect): void {
    if (act) effects.push(effect);
  }

  // ---- Values ---------------------------------------------------------------------------
  /** Copies a value, checking it is JSON, and freezes the copy so rule code cannot change it in place. */
  function frozenJson(value: unknown, what: string, depth = 0): Json {
    if (depth > 64) throw new Error(`${what} is nested too deeply (more than 64 levels)`);
    if (value === null || typeof value === "string" || typeof value === "boolean") return value as Json;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new Error(`${what} must be a finite number, not ${value}`);
      return value;
    }
    if (Array.isArray(value)) return Object.freeze(value.map((v, i) => frozenJson(v, `${what}[${i}]`, depth + 1))) as Json;
    if (typeof value === "object") {
      const out: Record<string, Json> = {};
      for (const key of Object.keys(value as object)) {
        const v = (value as Record<string, unknown>)[key];
        if (v === undefined) continue;
        out[key] = frozenJson(v, `${what}.${key}`, depth + 1);
      }
      return Object.freeze(out);
    }
    throw new Error(`${what} must be JSON data (null, boolean, number, string, array or object), not ${typeof value}`);
  }

  function errorText(err: unknown): string {
    if (err instanceof Refusal) return err.reason;
    if (err && typeof err === "object" && "message" in err) {
      const e = err as { name?: string; message?: string };
      return `${e.name ?? "Error"}: ${e.message ?? ""}`;
    }
    return String(err);
  }

  // ---- Precedence -------------------------------------------------------------------------
  function defaultOrder(): number[] {
    return [...rules.values()]
      .sort((a, b) => (a.mutable === b.mutable ? a.number - b.number : a.mutable ? 1 : -1))
      .map((r) => r.number);
  }
  /** Rules by precedence, highest first: the engine's default unless a rule answers "precedence". */
  function order(): number[] {
    if (orderCache) return orderCache;
    const base = defaultOrder();
    orderCache = base;
    for (const n of base) {
      const entries = loaded.get(n)?.answers.get("precedence");
      if (!entries || isSkipped(n)) continue;
      for (const entry of entries) {
        const proposed = runReadOnly(n, "answer precedence", () => entry.fn(base.slice()));
        if (proposed === undefined) continue;
        if (Array.isArray(proposed) && proposed.length === base.length && base.every((x) => proposed.includes(x))) {
          orderCache = proposed.slice();
          return orderCache;
        }
        fail(n, "answer precedence", "the answer to \"precedence\" must list every rule number exactly once");
      }
    }
    return orderCache;
  }
  function isSkipped(n: number, during = "act"): boolean {
    const l = loaded.get(n);
    if (!l || l.failed) return true;
    if (disabled[n] !== undefined) {
      if (!reportedDisabled.has(n)) {
        reportedDisabled.add(n);
        emitEffect({ e: "rule.failed", rule: n, during, error: disabled[n] });
      }
      return true;
    }
    return false;
  }
  function claims(over: AnswerEntry & { rule: number }, under: AnswerEntry & { rule: number }): boolean {
    const p = over.precedes, d = under.defersTo;
    return p === "all" || (Array.isArray(p) && p.includes(under.rule)) || d === "all" || (Array.isArray(d) && d.includes(over.rule));
  }
  /** The same class of mutability decides before any claim (an immutable rule is never overridden by a mutable one's claim). */
  function sameClass(a: number, b: number): boolean {
    return rules.get(a)?.mutable === rules.get(b)?.mutable;
  }

  // ---- Running rule code under isolation ---------------------------------------------------
  function fail(rule: number, during: string, error: unknown): void {
    emitEffect({ e: "rule.failed", rule, during, error: typeof error === "string" ? error : errorText(error) });
  }
  /** Runs a rule's handler; if it throws, everything it did is undone and the failure recorded. Refusals propagate. */
  function runIsolated(rule: number, during: string, fn: () => void): boolean {
    if (isSkipped(rule, during)) return false;
    const jm = journal.length, em = effects.length, qm = queue.length;
    enter(rule, during);
    try {
      fn();
      return true;
    } catch (err) {
      if (err instanceof Refusal) throw err;
      revertTo(jm);
      effects.length = em;
      queue.length = qm;
      fail(rule, during, err);
      return false;
    } finally {
      leave();
    }
  }
  /** Runs an answer or a check, which may only read; a check may also refuse the action. */
  function runReadOnly<R>(rule: number, during: string, fn: () => R, mayRefuse = false): R | undefined {
    enter(rule, during);
    readOnly++;
    try {
      return fn();
    } catch (err) {
      if (mayRefuse && err instanceof Refusal) throw err;
      fail(rule, during, err);
      return undefined;
    } finally {
      readOnly--;
      leave();
    }
  }
  function currentRule(): number | null {
    return running.length ? running[running.length - 1]!.rule : null;
  }
  function mayChange(rule: number, what: string): void {
    if (loading !== null) throw new Error(`Rule ${rule}: ${what} cannot be done while the rule loads; do it inside a handler (on, action)`);
    if (readOnly > 0) throw new Error(`Rule ${rule}: ${what} is not allowed while answering a question or checking an action; answers and checks only read the game`);
    if (!act) throw new Error(`Rule ${rule}: ${what} is only possible during an act`);
  }

  // ---- Input schemas ---------------------------------------------------------------------
  function withDescribe(json: Record<string, Json>, options?: { describe?: string }): Record<string, Json> {
    if (options?.describe) json.description = options.describe;
    return json;
  }
  const t = Object.freeze({
    string: (o?: any) => ({ json: withDescribe({ type: "string", ...(o?.minLength !== undefined ? { minLength: o.minLength } : {}), ...(o?.maxLength !== undefined ? { maxLength: o.maxLength } : {}) }, o) }),
    integer: (o?: any) => ({ json: withDescribe({ type: "integer", ...(o?.minimum !== undefined ? { minimum: o.minimum } : {}), ...(o?.maximum !== undefined ? { maximum: o.maximum } : {}) }, o) }),
    number: (o?: any) => ({ json: withDescribe({ type: "number", ...(o?.minimum !== undefined ? { minimum: o.minimum } : {}), ...(o?.maximum !== undefined ? { maximum: o.maximum } : {}) }, o) }),
    boolean: (o?: any) => ({ json: withDescribe({ type: "boolean" }, o) }),
    enum: (values: string[], o?: any) => ({ json: withDescribe({ type: "string", enum: values.slice() }, o) }),
    player: (o?: any) => ({ json: withDescribe({ type: "string", format: "player" }, o) }),
    code: (o?: any) => ({ json: withDescribe({ type: "string", format: "rule-code" }, o) }),
    array: (items: { json: Json }, o?: any) => ({
      json: withDescribe({ type: "array", items: items.json, ...(o?.minItems !== undefined ? { minItems: o.minItems } : {}), ...(o?.maxItems !== undefined ? { maxItems: o.maxItems } : {}) }, o),
    }),
    object: (props: Record<string, { json: Json }>, o?: any) => {
      const optional: string[] = o?.optional ?? [];
      const properties: Record<string, Json> = {};
      for (const key of Object.keys(props)) properties[key] = props[key]!.json;
      return { json: withDescribe({ type: "object", properties, required: Object.keys(props).filter((k) => !optional.includes(k)), additionalProperties: false }, o) };
    },
    oneOf: (variants: { json: Json }[], o?: any) => ({
      json: withDescribe({ type: "object", required: ["kind"], discriminator: { propertyName: "kind" }, oneOf: variants.map((v) => v.json) }, o),
    }),
  });

  // ---- Rule views ------------------------------------------------------------------------
  function view(rec: RuleRec): any {
    let v = viewCache.get(rec);
    if (!v) {
      v = frozenJson({
        number: rec.number, title: rec.title, text: rec.text, mutable: rec.mutable, revision: rec.revision,
        hasCode: rec.code !== null, props: rec.props, history: rec.history as unknown as Json,
      }, "rule");
      viewCache.set(rec, v);
    }
    return v;
  }

  // ---- Rule changes (the engine's, generic: which are allowed is the rules' business) ------
  function setRule(number: number, rec: RuleRec | undefined): void {
    const old = rules.get(number);
    const oldLoaded = loaded.get(number);
    record(() => {
      if (old) rules.set(number, old); else rules.delete(number);
      if (oldLoaded) loaded.set(number, oldLoaded); else loaded.delete(number);
    });
    if (rec) rules.set(number, rec); else { rules.delete(number); loaded.delete(number); }
    orderCache = null;
    declsCache = null;
  }
  function setLoaded(number: number, l: Loaded): void {
    const old = loaded.get(number);
    record(() => { if (old) loaded.set(number, old); else loaded.delete(number); });
    loaded.set(number, l);
    orderCache = null;
    declsCache = null;
  }
  function historyEntry(change: string, revision: number, cause: string, detail?: Json): HistoryEntry {
    const entry: HistoryEntry = { change, at: act!.time, seq: act!.seq, revision, cause };
    if (detail !== undefined) entry.detail = detail;
    return entry;
  }
  function checkNumber(n: unknown, what: string): number {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0) throw new Error(`${what} must be a whole number, not ${JSON.stringify(n)}`);
    return n;
  }
  function checkCode(code: unknown): Code | null {
    if (code === null || code === undefined) return null;
    const c = code as Code;
    if (typeof c !== "object" || typeof c.source !== "string" || typeof c.js !== "string") {
      throw new Error("code must be rule code compiled by the engine (an input declared with t.code())");
    }
    return { source: c.source, js: c.js };
  }
  function existing(n: unknown): RuleRec {
    const number = checkNumber(n, "rule number");
    const rec = rules.get(number);
    if (!rec) throw new Error(`there is no rule ${number} in effect`);
    return rec;
  }

  /** History an imported ruleset states: entries from before the game (the host's fold makes the same). */
  function pastEntries(past: PastLine[] | undefined): HistoryEntry[] {
    return (past ?? []).map((p) => {
      const e: HistoryEntry = { change: p.change, at: p.at, seq: 0, revision: 0, cause: p.cause, published: p.text };
      if (p.detail !== undefined) e.detail = p.detail;
      return e;
    });
  }

  function applyChange(change: any, cause: string, past?: PastLine[]): RuleRec {
    if (!change || typeof change !== "object") throw new Error("a rule-change must be an object with a kind");
    if (typeof cause !== "string" || !cause) throw new Error("a rule-change needs a cause, such as \"Proposal 301\"");
    let rec: RuleRec;
    switch (change.kind) {
      case "enact": {
        const number = checkNumber(change.number, "the new rule's number");
        if (rules.has(number)) throw new Error(`rule ${number} already exists; a new rule needs a number not in use`);
        if (typeof change.text !== "string") throw new Error("a new rule needs its text");
        if (typeof change.mutable !== "boolean") throw new Error("a new rule must say whether it is mutable");
        const props = (change.props ? frozenJson(change.props, "props") : {}) as Record<string, Json>;
        rec = {
          number, title: typeof change.title === "string" ? change.title : null, text: change.text, mutable: change.mutable,
          revision: 1, props, code: checkCode(change.code), history: [],
        };
        rec.history = [...pastEntries(past), historyEntry("enacted", 1, cause, frozenJson({ text: rec.text, title: rec.title, code: rec.code }, "rule"))];
        setRule(number, rec);
        const enacted: Effect = { e: "rule.enacted", rule: { number, title: rec.title, text: rec.text, mutable: rec.mutable, props: rec.props, code: rec.code }, cause };
        if (past?.length) enacted.past = past;
        emitEffect(enacted);
        loadInAct(rec);
        break;
      }
      case "repeal": {
        const old = existing(change.number);
        rec = { ...old, history: [...old.history, historyEntry("repealed", old.revision, cause)] };
        for (const timer of [...timers.values()]) if (timer.rule === old.number) clearTimer(timer.id);
        setRule(old.number, undefined);
        emitEffect({ e: "rule.repealed", number: old.number, cause });
        break;
      }
      case "amend": {
        const old = existing(change.number);
        const next: RuleRec = { ...old, revision: old.revision + 1 };
        const effect: Effect = { e: "rule.amended", number: old.number, cause };
        if (change.text !== undefined) {
          if (typeof change.text !== "string") throw new Error("an amendment's text must be a string");
          next.text = effect.text = change.text;
        }
        if (change.title !== undefined) next.title = effect.title = change.title === null ? null : String(change.title);
        if (change.code !== undefined) next.code = effect.code = checkCode(change.code);
        const changed: Record<string, unknown> = {};
        for (const key of ["text", "title", "code"]) if (key in effect) changed[key] = effect[key];
        next.history = [...old.history, historyEntry("amended", next.revision, cause, frozenJson(changed, "amendment"))];
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
        rec.history = [...old.history, historyEntry("transmuted", rec.revision, cause, { mutable: change.mutable })];
        setRule(old.number, rec);
        emitEffect({ e: "rule.transmuted", number: old.number, mutable: change.mutable, cause });
        break;
      }
      case "renumber": {
        const old = existing(change.number);
        const to = checkNumber(change.to, "the new number");
        if (to === old.number) return old;
        if (rules.has(to)) throw new Error(`rule ${old.number} cannot take number ${to}: rule ${to} exists`);
        rec = { ...old, number: to, history: [...old.history, historyEntry("renumbered", old.revision, cause, { from: old.number, to })] };
        setRule(old.number, undefined);
        setRule(to, rec);
        for (const timer of [...timers.values()]) if (timer.rule === old.number) setTimer({ ...timer, rule: to });
        emitEffect({ e: "rule.renumbered", number: old.number, to, cause });
        loadInAct(rec);
        break;
      }
      case "set-property": {
        const old = existing(change.number);
        if (typeof change.key !== "string" || !change.key) throw new Error("a property needs a name (key)");
        const value = frozenJson(change.value, `property ${change.key}`);
        rec = { ...old, revision: old.revision + 1, props: Object.freeze({ ...old.props, [change.key]: value }) };
        rec.history = [...old.history, historyEntry("property", rec.revision, cause, { key: change.key, value })];
        setRule(old.number, rec);
        emitEffect({ e: "rule.property", number: old.number, key: change.key, value, cause });
        break;
      }
      default:
        throw new Error(`unknown kind of rule-change ${JSON.stringify(change.kind)}; the engine knows enact, repeal, amend, transmute, renumber and set-property`);
    }
    queue.push({ type: "rule.changed", data: frozenJson({ kind: change.kind, number: change.number, to: change.to ?? null, cause }, "event"), rule: null, target: null });
    return rec;
  }

  /** Changing the rules must stay possible: some rule must still offer an action that proposes rule-changes. */
  function ossificationReason(): string | undefined {
    for (const n of order()) {
      const l = loaded.get(n);
      if (!l || l.failed || disabled[n] !== undefined) continue;
      for (const a of l.actions.values()) if (a.changesRules) return undefined;
    }
    return "this would leave no rule offering a way to propose rule-changes, so the rules could never change again; the engine refuses it";
  }

  /** Applies rule-changes all together or not at all. */
  function applyChecked(changes: any[], cause: string): RuleRec[] {
    const jm = journal.length, em = effects.length, qm = queue.length;
    try {
      const recs = changes.map((change) => applyChange(change, cause));
      const reason = ossificationReason();
      if (reason) throw new Error(reason);
      return recs;
    } catch (err) {
      revertTo(jm);
      effects.length = em;
      queue.length = qm;
      throw err;
    }
  }

  // ---- Loading a rule's code ----------------------------------------------------------------
  function emptyLoaded(): Loaded {
    return { actions: new Map(), forbids: new Map(), on: new Map(), answers: new Map(), state: [], failed: null };
  }
  const apiNames = ["gameState", "playerState", "recordState", "t", "action", "forbid", "on", "answer", "game"];

  function evaluate(rec: RuleRec): Loaded {
    const l = emptyLoaded();
    if (!rec.code) return l;
    const api = makeApi(rec.number, l);
    loading = rec.number;
    enter(rec.number, "load");
    try {
      const body = new Function(...apiNames, `"use strict";\n${rec.code.js}`);
      body(...apiNames.map((name) => api[name]));
    } catch (err) {
      return { ...emptyLoaded(), failed: errorText(err) };
    } finally {
      loading = null;
      leave();
    }
    return l;
  }
  function declaresOf(rec: RuleRec, l: Loaded): Json {
    return frozenJson({
      actions: [...l.actions.values()].map((a) => ({ name: a.name, describe: a.describe, input: a.input, changesRules: a.changesRules, rule: rec.number })),
      on: [...l.on.keys()], answers: [...l.answers.keys()], forbids: [...l.forbids.keys()], state: l.state.map((s) => s.name),
    }, "declarations");
  }
  function loadInAct(rec: RuleRec): void {
    let l: Loaded;
    const known = disabled[rec.number];
    if (known !== undefined) {
      l = { ...emptyLoaded(), failed: known };
      reportedDisabled.add(rec.number);
    } else {
      l = evaluate(rec);
    }
    setLoaded(rec.number, l);
    if (l.failed) emitEffect({ e: "rule.failed", rule: rec.number, during: "load", error: l.failed });
    emitEffect({ e: "rule.loaded", number: rec.number, declares: declaresOf(rec, l), failed: l.failed });
  }

  // ---- State declarations --------------------------------------------------------------------
  function decls(): Record<string, StateDeclOut> {
    if (declsCache) return declsCache;
    const out: Record<string, StateDeclOut> = {};
    for (const n of order()) {
      const l = loaded.get(n);
      if (!l || l.failed) continue;
      for (const d of l.state) if (!out[d.name]) out[d.name] = { ...d, rule: n };
    }
    declsCache = out;
    return out;
  }

  // ---- Timers and players --------------------------------------------------------------------
  function setTimer(timer: TimerRec): void {
    const old = timers.get(timer.id);
    record(() => { if (old) timers.set(timer.id, old); else timers.delete(timer.id); });
    timers.set(timer.id, timer);
    emitEffect({ e: "timer.set", timer });
  }
  function clearTimer(id: string): void {
    const old = timers.get(id);
    if (!old) return;
    record(() => timers.set(id, old));
    timers.delete(id);
    emitEffect({ e: "timer.cleared", id });
  }
  function setPlayers(next: PlayerRec[]): void {
    const old = players;
    record(() => { players = old; });
    players = next;
  }

  // ---- Random numbers: sfc32, seeded per act by the host ----------------------------------------
  function seeded(seedHex: string): () => number {
    const words = [0, 1, 2, 3].map((i) => parseInt(seedHex.slice(i * 8, i * 8 + 8), 16) >>> 0);
    let [a, b, c, d] = words as [number, number, number, number];
    const next = () => {
      a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
      const r = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      const out = (r + d) | 0;
      c = (c + out) | 0;
      return (out >>> 0) / 4294967296;
    };
    for (let i = 0; i < 12; i++) next();
    return next;
  }
  function drawInt(min: number, max: number): number {
    return min + Math.floor(rng() * (max - min + 1));
  }

  // ---- Writing state: every change is journalled (undone if the act fails) and recorded as an effect.
  function writeGame(name: string, value: unknown, rule: number): void {
    const v = frozenJson(value, name);
    const had = gameValues.has(name), old = gameValues.get(name);
    record(() => { if (had) gameValues.set(name, old as Json); else gameValues.delete(name); });
    gameValues.set(name, v);
    emitEffect({ e: "state.set", name, value: v, rule });
  }
  function writePlayer(name: string, player: string, value: unknown, rule: number): void {
    if (!players.some((p) => p.id === player)) throw new Refusal(`${JSON.stringify(player)} is not a player in this game`, rule || null);
    const v = frozenJson(value, `${name} of ${player}`);
    let m = playerValues.get(name);
    if (!m) {
      m = new Map();
      playerValues.set(name, m);
      record(() => playerValues.delete(name));
    }
    const map = m;
    const had = map.has(player), old = map.get(player);
    record(() => { if (had) map.set(player, old as Json); else map.delete(player); });
    map.set(player, v);
    emitEffect({ e: "state.set", name, player, value: v, rule });
  }
  function writeEntry(name: string, key: string, value: unknown, remove: boolean, rule: number): void {
    const had = gameValues.has(name), old = gameValues.get(name);
    const current = (had ? old : (decls()[name]?.initial ?? null)) as Record<string, Json> | null;
    const base = current && typeof current === "object" && !Array.isArray(current) ? current : {};
    if (remove && !(key in base)) return;
    const next: Record<string, Json> = { ...base };
    if (remove) delete next[key];
    else next[key] = frozenJson(value, `${name}[${key}]`);
    record(() => { if (had) gameValues.set(name, old as Json); else gameValues.delete(name); });
    gameValues.set(name, Object.freeze(next));
    emitEffect(remove ? { e: "state.deleted", name, key, rule } : { e: "state.set", name, key, value: next[key], rule });
  }

  // ---- The API one rule's code sees ------------------------------------------------------------
  function makeApi(number: number, l: Loaded): Record<string, unknown> {
    const declaring = (what: string) => {
      if (loading !== number) throw new Error(`Rule ${number}: ${what} must be called at the top level of the rule's code, not inside a handler`);
    };
    const checkName = (name: unknown, what: string): string => {
      if (typeof name !== "string" || !name) throw new Error(`Rule ${number}: ${what} needs a name`);
      return name;
    };
    const initialOf = (name: string): Json => decls()[name]?.initial ?? null;
    const playerKnown = (id: string) => {
      if (!players.some((p) => p.id === id)) throw new Error(`Rule ${number}: ${JSON.stringify(id)} is not a player in this game`);
    };
    const setGame = (name: string, value: unknown) => {
      mayChange(number, `setting ${name}`);
      writeGame(name, value, number);
    };
    const setPlayer = (name: string, player: string, value: unknown) => {
      mayChange(number, `setting ${name}`);
      playerKnown(player);
      writePlayer(name, player, value, number);
    };
    const declare = (name: unknown, scope: "game" | "player", options: any) => {
      declaring(`${scope}State`);
      const n = checkName(name, `${scope}State`);
      if (!options || !("initial" in options)) throw new Error(`Rule ${number}: ${scope}State("${n}") needs an initial value`);
      const visibility = options.visibility ?? "public";
      const okVis = ["public", "owner", "others", "hidden"].includes(visibility) || (typeof visibility === "object" && typeof visibility.seenBy === "string");
      if (!okVis) throw new Error(`Rule ${number}: ${n}'s visibility must be "public", "owner", "others", "hidden" or { seenBy: "<game state name>" }`);
      l.state.push({ name: n, scope, initial: frozenJson(options.initial, `${n}'s initial value`), visibility: frozenJson(visibility, "visibility") as Vis, describe: typeof options.describe === "string" ? options.describe : null });
      return n;
    };
    const stamp = (what: string) => {
      mayChange(number, what);
    };

    const game = Object.freeze({
      now: () => act ? act.time : 0,
      isOver: () => status === "over",
      players: () => players.map((p) => ({ ...p })),
      player: (id: string) => { const p = players.find((x) => x.id === id); return p ? { ...p } : undefined; },
      removePlayer: (id: string, reason: string) => {
        stamp("removing a player");
        if (!players.some((p) => p.id === id)) throw new Error(`Rule ${number}: ${JSON.stringify(id)} is not a player in this game`);
        setPlayers(players.filter((p) => p.id !== id));
        emitEffect({ e: "player.left", id, reason: String(reason), rule: number });
        queue.push({ type: "player.left", data: frozenJson({ player: id, reason: String(reason) }, "event"), rule: number, target: null });
      },
      rules: Object.freeze({
        all: () => [...rules.values()].sort((a, b) => a.number - b.number).map(view),
        get: (n: number) => { const r = rules.get(n); return r ? view(r) : undefined; },
        self: () => view(rules.get(number) as RuleRec),
        apply: (change: any, cause: string) => { stamp("changing the rules"); return view(applyChecked([change], cause)[0]!); },
        applyAll: (changes: any[], cause: string) => {
          stamp("changing the rules");
          if (!Array.isArray(changes)) throw new Error(`Rule ${number}: applyAll needs a list of rule-changes`);
          return applyChecked(changes, cause).map(view);
        },
        check: (change: any | any[]) => {
          if (!act) return "rules can only be checked during an act";
          const jm = journal.length, em = effects.length, qm = queue.length;
          const saveLoading = loading, saveReadOnly = readOnly;
          loading = null; readOnly = 0;
          try { applyChecked(Array.isArray(change) ? change : [change], "check"); return undefined; } catch (err) { return errorText(err).replace(/^Error: /, ""); }
          finally { revertTo(jm); effects.length = em; queue.length = qm; loading = saveLoading; readOnly = saveReadOnly; }
        },
        precedence: () => order().slice(),
        annotate: (n: number, text: string, cause: string) => {
          stamp("annotating a rule");
          const rec = existing(n);
          if (typeof text !== "string" || !text.trim()) throw new Error(`Rule ${number}: an annotation needs its text`);
          if (typeof cause !== "string" || !cause.trim()) throw new Error(`Rule ${number}: an annotation needs a cause, such as "case 2"`);
          const next: RuleRec = { ...rec, history: [...rec.history, historyEntry("annotated", rec.revision, cause, { text })] };
          setRule(rec.number, next);
          emitEffect({ e: "rule.annotated", number: rec.number, text, cause });
        },
      }),
      random: Object.freeze({
        int: (min: number, max: number) => {
          stamp("drawing a random number");
          if (!Number.isInteger(min) || !Number.isInteger(max) || min > max || max - min > 4294967295) throw new Error(`Rule ${number}: random.int needs whole numbers min <= max`);
          const value = drawInt(min, max);
          emitEffect({ e: "random", rule: number, draw: `int(${min}, ${max})`, value });
          return value;
        },
        pick: <T>(items: readonly T[]) => {
          stamp("drawing a random number");
          if (!Array.isArray(items) || items.length === 0) throw new Error(`Rule ${number}: random.pick needs a non-empty list`);
          const i = drawInt(0, items.length - 1);
          emitEffect({ e: "random", rule: number, draw: `pick(${items.length})`, value: i });
          return items[i];
        },
        shuffle: <T>(items: readonly T[]) => {
          stamp("drawing a random number");
          const out = items.slice();
          const perm = out.map((_, i) => i);
          for (let i = out.length - 1; i > 0; i--) {
            const j = drawInt(0, i);
            [out[i], out[j]] = [out[j] as T, out[i] as T];
            [perm[i], perm[j]] = [perm[j] as number, perm[i] as number];
          }
          emitEffect({ e: "random", rule: number, draw: `shuffle(${out.length})`, value: perm });
          return out;
        },
      }),
      post: (text: string, options?: { to?: string[] }) => {
        stamp("posting a message");
        const to = options?.to ? options.to.map(String) : null;
        emitEffect({ e: "message", text: String(text), to, rule: number });
      },
      emit: (type: string, data?: unknown) => {
        stamp("emitting an event");
        if (typeof type !== "string" || !type) throw new Error(`Rule ${number}: an event needs a type`);
        queue.push({ type, data: frozenJson(data === undefined ? null : data, `event ${type}`), rule: number, target: null });
      },
      ask: (question: string, args?: unknown) => ask(question, args, false)[0],
      askAll: (question: string, args?: unknown) => ask(question, args, true),
      schedule: (name: string, when: { at?: number; after?: number }, data?: unknown) => {
        stamp("scheduling");
        const at = typeof when?.at === "number" ? when.at : typeof when?.after === "number" ? act!.time + when.after : NaN;
        if (!Number.isFinite(at)) throw new Error(`Rule ${number}: schedule needs { at: <ms since 1970> } or { after: <ms> }`);
        const id = `${act!.seq}.${++timerCount}`;
        setTimer({ id, rule: number, name: checkName(name, "a timer"), at, data: frozenJson(data === undefined ? null : data, "timer data") });
        return id;
      },
      cancel: (id: string) => { stamp("cancelling a timer"); clearTimer(id); },
      refuse: (reason: string, cite?: number): never => { throw new Refusal(String(reason), typeof cite === "number" ? cite : number); },
      end: (result: { winners: string[]; reason: string }) => {
        stamp("ending the game");
        if (status === "over") return;
        const winners = Array.isArray(result?.winners) ? result.winners.map(String) : [];
        record(() => { status = "active"; });
        status = "over";
        emitEffect({ e: "game.ended", winners, reason: String(result?.reason ?? ""), rule: number });
      },
    });

    const setEntry = (name: string, key: unknown, value: unknown, remove: boolean) => {
      mayChange(number, `setting ${name}`);
      if ((typeof key !== "string" && typeof key !== "number") || key === "") throw new Error(`Rule ${number}: ${name} needs a key (a string or a number)`);
      writeEntry(name, String(key), value, remove, number);
    };

    return {
      t,
      game,
      recordState: (name: string, options?: any) => {
        const n = declare(name, "game", { ...(options ?? {}), initial: {} });
        const all = () => { const v = gameValues.has(n) ? gameValues.get(n) : initialOf(n); return (v && typeof v === "object" && !Array.isArray(v) ? v : {}) as Record<string, Json>; };
        return Object.freeze({
          name: n,
          get: (key: string | number) => all()[String(key)],
          set: (key: string | number, value: unknown) => setEntry(n, key, value, false),
          update: (key: string | number, change: (v: any) => any) => setEntry(n, key, change(all()[String(key)]), false),
          delete: (key: string | number) => setEntry(n, key, undefined, true),
          keys: () => Object.keys(all()),
          all,
        });
      },
      gameState: (name: string, options: any) => {
        const n = declare(name, "game", options);
        return Object.freeze({
          name: n,
          get: () => (gameValues.has(n) ? gameValues.get(n) : initialOf(n)),
          set: (value: unknown) => setGame(n, value),
          update: (change: (v: any) => any) => setGame(n, change(gameValues.has(n) ? gameValues.get(n) : initialOf(n))),
        });
      },
      playerState: (name: string, options: any) => {
        const n = declare(name, "player", options);
        const get = (p: string) => { const m = playerValues.get(n); return m && m.has(p) ? m.get(p) : initialOf(n); };
        return Object.freeze({
          name: n,
          get,
          set: (p: string, value: unknown) => setPlayer(n, p, value),
          update: (p: string, change: (v: any) => any) => setPlayer(n, p, change(get(p))),
          all: () => { const out: Record<string, Json> = {}; for (const p of players) out[p.id] = get(p.id) as Json; return out; },
        });
      },
      action: (name: string, options: any, handler: any) => {
        declaring("action");
        const n = checkName(name, "action");
        if (typeof handler !== "function") throw new Error(`Rule ${number}: action "${n}" needs a handler function`);
        if (!options?.input?.json) throw new Error(`Rule ${number}: action "${n}" needs an input schema built with t (e.g. input: t.object({}))`);
        l.actions.set(n, { name: n, describe: String(options.describe ?? ""), input: options.input.json, changesRules: options.changesRules === true, handler });
      },
      forbid: (name: string, check: any) => {
        declaring("forbid");
        const n = checkName(name, "forbid");
        if (typeof check !== "function") throw new Error(`Rule ${number}: forbid("${n}") needs a check function`);
        l.forbids.set(n, [...(l.forbids.get(n) ?? []), check]);
      },
      on: (type: string, handler: any) => {
        declaring("on");
        const n = checkName(type, "on");
        if (typeof handler !== "function") throw new Error(`Rule ${number}: on("${n}") needs a handler function`);
        l.on.set(n, [...(l.on.get(n) ?? []), handler]);
      },
      answer: (question: string, fn: any, options?: any) => {
        declaring("answer");
        const n = checkName(question, "answer");
        if (typeof fn !== "function") throw new Error(`Rule ${number}: answer("${n}") needs a function`);
        const list = (v: any) => (v === "all" ? "all" : Array.isArray(v) ? v.map(Number) : null);
        l.answers.set(n, [...(l.answers.get(n) ?? []), { fn, precedes: list(options?.precedes), defersTo: list(options?.defersTo) }]);
      },
    };
  }

  // ---- Questions --------------------------------------------------------------------------
  function ask(question: string, args: unknown, all: boolean): { value: any; rule: number }[] {
    const candidates: (AnswerEntry & { rule: number })[] = [];
    let claimsMade = false;
    for (const n of order()) {
      const entries = loaded.get(n)?.answers.get(question);
      if (!entries || isSkipped(n)) continue;
      for (const entry of entries) {
        candidates.push({ ...entry, rule: n });
        if (entry.precedes || entry.defersTo) claimsMade = true;
      }
    }
    const out: { value: any; rule: number }[] = [];
    if (!claimsMade && !all) {
      for (const c of candidates) {
        const value = runReadOnly(c.rule, `answer ${question}`, () => c.fn(args));
        if (value !== undefined) return [{ value, rule: c.rule }];
      }
      return out;
    }
    const answered: (AnswerEntry & { rule: number; value: any; index: number })[] = [];
    candidates.forEach((c, index) => {
      const value = runReadOnly(c.rule, `answer ${question}`, () => c.fn(args));
      if (value !== undefined) answered.push({ ...c, value, index });
    });
    answered.sort((a, b) => {
      if (sameClass(a.rule, b.rule)) {
        const ab = claims(a, b), ba = claims(b, a);
        if (ab && !ba) return -1;
        if (ba && !ab) return 1;
      }
      return a.index - b.index;
    });
    for (const a of answered) out.push({ value: a.value, rule: a.rule });
    return out;
  }

  // ---- Acts -----------------------------------------------------------------------------
  function drain(): void {
    let processed = 0;
    while (queue.length) {
      const ev = queue.shift() as QueuedEvent;
      if (++processed > 2000) {
        if (ev.rule !== null) fail(ev.rule, `emit ${ev.type}`, "more than 2000 events in one act: the rules keep triggering each other; the remaining events were dropped");
        queue.length = 0;
        return;
      }
      emitEffect({ e: "event", type: ev.type, data: ev.data, rule: ev.rule });
      const event = Object.freeze({ type: ev.type, data: ev.data, rule: ev.rule });
      const targets = ev.target !== null ? [ev.target] : order();
      for (const n of targets) {
        const handlers = loaded.get(n)?.on.get(ev.type);
        if (!handlers) continue;
        for (const h of handlers) runIsolated(n, `on ${ev.type}`, () => h(event));
      }
    }
  }

  function doAction(actor: string, name: string, input: Json): void {
    if (!players.some((p) => p.id === actor)) throw new Refusal(`${actor} is not a player in this game; join it first`, null);
    let provider: number | null = null;
    for (const n of order()) {
      // A rule disabled for this act still handles it: runIsolated records its failure.
      const l = loaded.get(n);
      if (l && !l.failed && l.actions.has(name)) { provider = n; break; }
    }
    if (provider === null) {
      const offered = new Set<string>();
      for (const n of order()) for (const a of loaded.get(n)?.actions.keys() ?? []) offered.add(a);
      throw new Refusal(`no rule in effect offers the action "${name}"; the actions offered now are: ${[...offered].sort().join(", ") || "none"}`, null);
    }
    const entry = loaded.get(provider)!.actions.get(name)!;
    const ctx = Object.freeze({ actor, action: name });
    const frozenInput = frozenJson(input, "input");
    for (const n of order()) {
      const checks = loaded.get(n)?.forbids.get(name);
      if (!checks || isSkipped(n)) continue;
      for (const check of checks) {
        const reason = runReadOnly(n, `forbid ${name}`, () => check(frozenInput, ctx), true);
        if (typeof reason === "string" && reason) throw new Refusal(reason, n);
      }
    }
    runIsolated(provider, `action ${name}`, () => entry.handler(frozenInput, ctx));
  }

  /**
   * A correction an officer records: values set as the officer says, citing a rule or a
   * ruling. Who may record one is the rules' question ("correction.allowed"); where no rule
   * answers, only the game's host may. Rules hear "correction.recorded" and react as to any change.
   */
  function recordCorrection(input: Extract<Request["input"], { kind: "correction" }>): void {
    const recorder = "player" in input.by ? input.by.player : null;
    if (recorder !== null && !players.some((p) => p.id === recorder)) throw new Refusal(`${recorder} is not a player in this game`, null);
    const verdict = ask("correction.allowed", frozenJson({ recorder, cites: input.cites, changes: input.changes }, "correction"), false)[0];
    if (verdict && verdict.value !== true) {
      throw new Refusal(typeof verdict.value === "string" ? verdict.value : "the rules do not allow you to record this correction", verdict.rule);
    }
    if (!verdict && recorder !== null) {
      throw new Refusal("no rule names you an officer who may record corrections, so only the game's host can record one", null);
    }
    const known = decls();
    const cited = input.cites.rule ?? 0;
    for (const change of input.changes) {
      const decl = known[change.name];
      if (!decl) throw new Refusal(`no rule declares the state "${change.name}"; the state that can be corrected is: ${Object.keys(known).sort().join(", ") || "none"}`, null);
      const rule = input.cites.rule ?? decl.rule;
      if (decl.scope === "player") {
        if (change.player === undefined) throw new Refusal(`"${change.name}" is held by each player: say whose value to set`, null);
        writePlayer(change.name, change.player, change.value, rule);
      } else if (change.key !== undefined) {
        writeEntry(change.name, change.key, change.value, false, rule);
      } else {
        writeGame(change.name, change.value, rule);
      }
    }
    queue.push({
      type: "correction.recorded",
      data: frozenJson({ recorder, cites: input.cites, reason: input.reason, changes: input.changes, rule: cited || null }, "event"),
      rule: null, target: null,
    });
  }

  function finishAct(): void {
    const d = decls();
    const json = JSON.stringify(d);
    if (json !== lastDeclsJson) {
      const prev = lastDeclsJson;
      record(() => { lastDeclsJson = prev; });
      lastDeclsJson = json;
      emitEffect({ e: "state.declared", decls: JSON.parse(json) });
    }
  }

  function handle(requestJson: string): string {
    const req = JSON.parse(requestJson) as Request;
    act = req;
    journal = [];
    effects = [];
    queue = [];
    disabled = req.disabled ?? {};
    diagnose = req.diagnose === true;
    reportedDisabled = new Set();
    timerCount = 0;
    rng = seeded(req.seed);
    try {
      const input = req.input;
      switch (input.kind) {
        case "create":
          for (const { history, ...spec } of input.rules) {
            applyChange({ kind: "enact", ...spec }, input.preset ? `the initial set (${input.preset})` : "the initial set", history);
          }
          // Rules the imported text lists as no longer in effect: kept for the record only.
          for (const rule of input.archived ?? []) emitEffect({ e: "rule.archived", rule });
          // The initial set's own enactments are not announced rule by rule.
          queue = queue.filter((q) => q.type !== "rule.changed");
          queue.push({ type: "game.started", data: frozenJson({ name: input.name, preset: input.preset }, "event"), rule: null, target: null });
          break;
        case "join":
          if (players.some((p) => p.id === input.player.id)) throw new Refusal(`${input.player.id} is already a player`, null);
          setPlayers([...players, { ...input.player }]);
          emitEffect({ e: "player.joined", player: { ...input.player } });
          queue.push({ type: "player.joined", data: frozenJson({ player: input.player.id, name: input.player.name }, "event"), rule: null, target: null });
          break;
        case "rename": {
          const player = players.find((p) => p.id === input.player);
          if (!player) throw new Refusal(`${input.player} is not a player`, null);
          setPlayers(players.map((p) => (p.id === input.player ? { ...p, name: input.name } : p)));
          emitEffect({ e: "player.renamed", id: input.player, name: input.name });
          queue.push({ type: "player.renamed", data: frozenJson({ player: input.player, name: input.name }, "event"), rule: null, target: null });
          break;
        }
        case "action":
          doAction(input.actor, input.name, input.input);
          break;
        case "correction":
          recordCorrection(input);
          break;
        case "timer": {
          const timer = timers.get(input.id);
          if (!timer) throw new Refusal(`there is no timer ${input.id}`, null);
          clearTimer(timer.id);
          queue.push({ type: `timer:${timer.name}`, data: timer.data, rule: null, target: timer.rule });
          break;
        }
      }
      drain();
      finishAct();
      return JSON.stringify({ ok: true, effects });
    } catch (err) {
      revertTo(0);
      if (err instanceof Refusal) return JSON.stringify({ ok: false, refused: err.reason, rule: err.rule });
      return JSON.stringify({ ok: false, error: errorText(err) });
    } finally {
      endAct();
    }
  }

  function endAct(): void {
    act = null;
    journal = [];
    effects = [];
    queue = [];
    running.length = 0;
    diagnose = false;
    readOnly = 0;
    loading = null;
  }

  /** After the host interrupted an act (fuel or memory ran out): undo it and say which rule was running. */
  function abort(): string {
    const top = running.length ? running[running.length - 1]! : null;
    revertTo(0);
    endAct();
    return JSON.stringify(top);
  }

  function boot(snapshotJson: string): string {
    const snap = JSON.parse(snapshotJson) as BootSnapshot;
    rules.clear(); loaded.clear(); timers.clear(); gameValues.clear(); playerValues.clear();
    players = snap.players.map((p) => ({ ...p }));
    status = snap.status;
    skipAtLoad = snap.skip ?? {};
    for (const [k, v] of Object.entries(snap.values.game)) gameValues.set(k, frozenJson(v, k));
    for (const [k, per] of Object.entries(snap.values.player)) {
      playerValues.set(k, new Map(Object.entries(per).map(([p, v]) => [p, frozenJson(v, k)])));
    }
    for (const timer of snap.timers) timers.set(timer.id, timer);
    for (const rec of snap.rules) rules.set(rec.number, { ...rec, props: frozenJson(rec.props, "props") as Record<string, Json> });
    orderCache = null;
    declsCache = null;
    const failed: Record<string, string> = {};
    for (const rec of rules.values()) {
      const known = skipAtLoad[rec.number];
      const l = known !== undefined ? { ...emptyLoaded(), failed: known } : evaluate(rec);
      loaded.set(rec.number, l);
      if (l.failed) failed[rec.number] = l.failed;
    }
    lastDeclsJson = JSON.stringify(decls());
    return JSON.stringify({ failed });
  }

  function dump(): string {
    const playerOut: Record<string, Record<string, Json>> = {};
    for (const [k, m] of playerValues) playerOut[k] = Object.fromEntries(m);
    return JSON.stringify({
      rules: [...rules.values()].sort((a, b) => a.number - b.number),
      players,
      values: { game: Object.fromEntries(gameValues), player: playerOut },
      timers: [...timers.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
      status,
      decls: decls(),
    });
  }

  global.__nomos = Object.freeze({ boot, handle, abort, dump });
})(globalThis);
