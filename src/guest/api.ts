/**
 * The rule API one rule's code sees (published in src/rule-api/rule-api.d.ts). Every
 * value a rule hands the engine is copied and checked while that rule runs; every name is
 * checked; what a rule may do per act is bounded by src/kernel/limits.ts.
 */
import { limits } from "../kernel/limits.js";
import type { DataVisibility, Json, RecordedVisibility, RuleRecord } from "../kernel/types.js";
import { actorOf, declaredVisibilityProblem, recordedVisibility, unknownFieldProblem } from "../kernel/data-visibility.js";
import { charge, cur, emitEffect, refusal } from "./act.js";
import { stateApi } from "./api-state.js";
import { decisionApi } from "./decisions.js";
import { channelApi, declareChannel } from "./messages.js";
import { checkedName, copied, frozenJson, text } from "./json.js";
import { reservedEventName } from "../kernel/engine-events.js";
import { changesRules, useApi, type Claim, type ClaimFn, type Declaring } from "./loaded.js";
import { caches, clearTimer, isPlayer, loaded, revertTo, rules, setRule, setTimer, timers, world } from "./mirror.js";
import { admit, applicants, endGame, removePlayer } from "./membership.js";
import { participants } from "./participants.js";
import { order } from "./precedence.js";
import { ask } from "./questions.js";
import { draw } from "./random.js";
import { calendar } from "./calendar.js";
import { applyChecked, authorize, existing } from "./rule-changes.js";
import { mayChange, mayRead } from "./run.js";
import { t } from "./schemas.js";
import { historyEntry } from "../kernel/rule-history.js";
import { propDefaults, withDefaults } from "../kernel/rule-props.js";
import { isSkipped } from "./precedence.js";
import { statusView } from "./status.js";

const views = new WeakMap<RuleRecord, { defaults: Record<string, Json>; view: Json }>();
let lastDefaults: { json: string; value: Record<string, Json> } = { json: "{}", value: {} };
/** The declared property defaults; the same object while they are the same, so views stay cached. */
function defaultsNow(): Record<string, Json> {
  if (caches.propDefaults) return caches.propDefaults;
  const value = propDefaults(
    [...rules.values()].map((r) => {
      const l = loaded.get(r.number);
      return [r.number, r.mutable, l && !l.failed && l.props.size ? { props: Object.fromEntries(l.props) } : undefined] as const;
    }),
  );
  const json = JSON.stringify(value);
  if (json !== lastDefaults.json) lastDefaults = { json, value };
  return (caches.propDefaults = lastDefaults.value);
}

/** What a rule reads of a rule: its record, its properties over the declared defaults. */
function view(rec: RuleRecord): Json {
  const defaults = defaultsNow();
  let v = views.get(rec);
  if (v?.defaults !== defaults) {
    const r = withDefaults(rec, defaults);
    v = {
      defaults,
      view: frozenJson(
        {
          number: r.number,
          title: r.title,
          text: r.text,
          mutable: r.mutable,
          revision: r.revision,
          hasCode: r.code !== null,
          props: r.props,
          history: r.history,
        } as unknown as Json,
        "rule",
        Infinity,
      ),
    };
    views.set(rec, v);
  }
  // The status changes without the record changing: it is not cached with it.
  return Object.freeze({ ...(v.view as object), ...statusView(rec.number) }) as unknown as Json;
}

function gameApi(number: number) {
  const read = (what: string) => mayRead(number, what);
  const stamp = (what: string) => mayChange(number, what);
  // Held to what its permissions showed voters (the host's reading errs towards "it may").
  const changing = (what: string) => {
    stamp(what);
    const js = rules.get(number)?.code?.js;
    if (js === undefined || !changesRules(js))
      throw new Error(`Rule ${number}'s code was not found to change the rules when it was adopted, so voters were not told it would; it may not`);
  };
  const players = () => {
    read("the players");
    return world.players.map((p) => Object.freeze({ lastActed: null, ...p }));
  };
  return Object.freeze({
    // Not while the rule loads: a top level runs again in every act and at every boot, and one that
    // branched on the time would declare one thing at a boot and another in the act after it.
    now: () => {
      read("the time");
      return cur.request ? cur.request.time : 0;
    },
    isOver: () => world.status === "over",
    players,
    player: (id: string) => {
      read("a player");
      const p = world.players.find((x) => x.id === id);
      return p ? Object.freeze({ lastActed: null, ...p }) : undefined;
    },
    removePlayer: (id: string, reason: string) => {
      stamp("removing a player");
      if (typeof id !== "string" || !isPlayer(id)) throw new Error(`Rule ${number}: ${JSON.stringify(id)} is not a player in this game`);
      removePlayer(id, text(reason, "a reason", 1000), number);
    },
    admit: (applicant: unknown) => {
      stamp("admitting a player");
      admit(number, frozenJson(applicant ?? null, "an applicant"));
    },
    applicants: () => {
      read("the applicants");
      return applicants();
    },
    participants: () => {
      read("the participants");
      return participants();
    },
    founder: () => {
      read("the founder");
      return world.founder;
    },
    rules: Object.freeze({
      all: () => {
        read("the rules");
        return [...rules.values()].sort((a, b) => a.number - b.number).map(view);
      },
      get: (n: number) => {
        read("the rules");
        const r = rules.get(n);
        return r ? view(r) : undefined;
      },
      // A rule may read its own record while it loads (Rule 306 names its own number).
      self: () => view(rules.get(number)!),
      provider: (action: string) => {
        read("the rules");
        for (const n of order()) if (loaded.get(n)?.actions.has(action) && !isSkipped(n)) return n;
        return undefined;
      },
      apply: (change: unknown, cause: string) => {
        changing("changing the rules");
        return view(applyChecked([change], cause, number)[0]!);
      },
      applyAll: (changes: unknown, cause: string) => {
        changing("changing the rules");
        return applyChecked(changes, cause, number).map(view);
      },
      check: (change: unknown) => {
        if (!cur.request) return "rules can only be checked during an act";
        const jm = cur.journal.length,
          em = cur.effects.length,
          qm = cur.queue.length;
        const saveLoading = cur.loading,
          saveReadOnly = cur.readOnly,
          saveChanged = cur.rulesChanged;
        cur.loading = null;
        cur.readOnly = 0;
        try {
          applyChecked(Array.isArray(change) ? change : [change], "check", number);
          return undefined;
        } catch (err) {
          return (err instanceof Error ? err.message : String(err)).replace(/^Error: /, "");
        } finally {
          revertTo(jm);
          cur.effects.length = em;
          cur.queue.length = qm;
          cur.loading = saveLoading;
          cur.readOnly = saveReadOnly;
          cur.rulesChanged = saveChanged;
        }
      },
      precedence: () => {
        read("the rules");
        return order().slice();
      },
      annotate: (n: number, note: string, cause: string) => {
        changing("annotating a rule");
        const rec = existing(n);
        if (rec.number !== number) authorize(number, [{ kind: "annotate", number: rec.number }], String(cause));
        const body = text(note, "an annotation", 5000),
          why = text(cause, "an annotation's cause", 500);
        if (!body.trim()) throw new Error(`Rule ${number}: an annotation needs its text`);
        if (!why.trim()) throw new Error(`Rule ${number}: an annotation needs a cause, such as "case 2"`);
        setRule(rec.number, {
          ...rec,
          history: [...rec.history, historyEntry("annotated", cur.request!.time, cur.request!.seq, rec.revision, why, { text: body }, number)],
        });
        emitEffect({ e: "rule.annotated", number: rec.number, text: body, cause: why, by: number });
      },
    }),
    ...decisionApi(number),
    channels: channelApi(number),
    random: draw(number, stamp),
    calendar: calendar(number),
    post: (message: string, options?: { to?: unknown }) => {
      stamp("posting a message");
      if (++cur.messages > limits.messages) throw new Error(`Rule ${number}: more than ${limits.messages} messages in one act`);
      const body = text(message, "a message", limits.messageChars);
      charge(body.length);
      const to = options?.to === undefined || options.to === null ? null : (frozenJson(options.to, "a message's readers") as unknown[]);
      if (to !== null && (!Array.isArray(to) || to.some((p) => typeof p !== "string"))) throw new Error(`Rule ${number}: a message's "to" lists player ids`);
      emitEffect({ e: "message", text: body, to: to as string[] | null, rule: number });
    },
    emit: (type: string, data?: unknown, options?: { visibility?: unknown }) => {
      stamp("emitting an event");
      const n = checkedName(type, `Rule ${number}: an event`);
      const reserved = reservedEventName(n);
      if (reserved)
        throw new Error(
          `Rule ${number} may not emit "${n}": ${reserved}. Give this rule's own event a name of its own, such as "rule${number}.${n.replace(/:/g, ".")}"`,
        );
      const copy = frozenJson(data === undefined ? null : data, `event ${n}`);
      const size = copied.chars + n.length + 50;
      charge(size);
      const visibility = recordedFor(number, options?.visibility, `event "${n}"'s visibility`, copy);
      cur.queue.push({ origin: "rule", type: n, data: copy, rule: number, target: null, size, ...(visibility ? { visibility } : {}) });
    },
    ask: (question: string, args?: unknown) => {
      read("the answers of rules");
      return ask(checkedName(question, "a question"), args, false)[0];
    },
    askAll: (question: string, args?: unknown) => {
      read("the answers of rules");
      return ask(checkedName(question, "a question"), args, true);
    },
    schedule: (name: string, when: { at?: unknown; after?: unknown }, data?: unknown, options?: { visibility?: unknown }) => {
      stamp("scheduling");
      const act = cur.request!;
      const n = checkedName(name, `Rule ${number}: a timer`);
      const at = typeof when?.at === "number" ? when.at : typeof when?.after === "number" ? act.time + when.after : NaN;
      if (!Number.isFinite(at)) throw new Error(`Rule ${number}: schedule needs { at: <ms since 1970> } or { after: <ms> }`);
      if (cur.timerCount >= limits.timersPerAct) throw new Error(`Rule ${number}: more than ${limits.timersPerAct} timers set in one act`);
      if (timers.size >= limits.timers) throw new Error(`Rule ${number}: the game has ${limits.timers} timers pending, the most it may have`);
      const input = act.input;
      const chained = input.kind === "timer" && cur.firing === number;
      if (chained && at < act.time + limits.timerChainGapMs) {
        throw new Error(
          `Rule ${number}: a timer set while this rule's timer fires must be due at least ${limits.timerChainGapMs / 1000} seconds later, so a chain of timers cannot keep the game busy`,
        );
      }
      const copy = frozenJson(data === undefined ? null : data, "timer data");
      const visibility = recordedFor(number, options?.visibility, `timer "${n}"'s visibility`, copy);
      const id = `${act.seq}.${++cur.timerCount}`;
      setTimer({ id, rule: number, name: n, at: Math.max(at, act.time), data: copy, ...(visibility ? { visibility } : {}) });
      return id;
    },
    cancel: (id: string) => {
      stamp("cancelling a timer");
      if (typeof id === "string") clearTimer(id);
    },
    refuse: (reason: string, cite?: number): never => {
      throw refusal(text(reason, "a refusal's reason", 2000), typeof cite === "number" && rules.has(cite) ? cite : number, number);
    },
    end: (result: { winners?: unknown; reason?: unknown }) => {
      stamp("ending the game");
      if (world.status === "over") return;
      const copy = frozenJson(result ?? {}, "a game's result") as { winners?: Json; reason?: Json };
      const winners = Array.isArray(copy.winners) ? copy.winners.map(String) : [];
      endGame(winners, text(copy.reason ?? "", "a game's result", 2000), number);
    },
  });
}

/** A visibility a rule declares, checked (in words) and copied; undefined when absent. `input`: the action's form, whose fields it may name. */
function dataVisibility(number: number, v: unknown, what: string, input?: Json): DataVisibility | undefined {
  if (v === undefined) return undefined;
  const copy = frozenJson(v as Json, what) as unknown as DataVisibility;
  const problem = declaredVisibilityProblem(copy, what) ?? (input === undefined ? null : unknownFieldProblem(copy, input, what));
  if (problem) throw new Error(`Rule ${number}: ${problem}`);
  return copy;
}

/** An event's or a timer's visibility as the act records it ("actor": whose act this is); per field only of an object. */
function recordedFor(number: number, v: unknown, what: string, data: Json): RecordedVisibility | undefined {
  const declared = dataVisibility(number, v, what);
  if (declared && typeof declared === "object" && "fields" in declared && (typeof data !== "object" || data === null || Array.isArray(data)))
    throw new Error(`Rule ${number}: ${what} lists fields, but the data is not an object`);
  return recordedVisibility(declared, actorOf(cur.request!.input), false);
}

function makeApi(number: number, target: Declaring): Record<string, unknown> {
  const declaring = (what: string) => {
    if (cur.loading !== number) throw new Error(`Rule ${number}: ${what} must be called at the top level of the rule's code, not inside a handler`);
  };
  const fn = (f: unknown, what: string) => {
    if (typeof f !== "function") throw new Error(`Rule ${number}: ${what} needs a function`);
    return f as (...args: never[]) => unknown;
  };
  const claim = (v: unknown, what: string): Claim =>
    v === "all" ? "all" : Array.isArray(v) ? v.map(Number) : typeof v === "function" ? (fn(v, what) as ClaimFn) : null;
  return {
    ...stateApi(number, target),
    t,
    game: gameApi(number),
    action: (
      name: string,
      options:
        | {
            title?: unknown;
            describe?: unknown;
            confirm?: unknown;
            input?: { json?: Json };
            changesRules?: unknown;
            prevails?: unknown;
            when?: unknown;
            channel?: unknown;
            participants?: unknown;
            inputVisibility?: unknown;
          }
        | undefined,
      handler: unknown,
    ) => {
      declaring("action");
      const l = target.l;
      const known = typeof name === "string" ? target.known?.actions.get(name) : undefined;
      if (known) {
        const when = options?.when;
        l.actions.set(known.name, {
          ...known,
          when: when === undefined ? null : (fn(when, `action "${known.name}"'s when`) as never),
          handler: fn(handler, `action "${known.name}"`) as never,
        });
        return;
      }
      const n = checkedName(name, `Rule ${number}: an action`);
      const h = fn(handler, `action "${n}"`);
      if (!options?.input?.json) throw new Error(`Rule ${number}: action "${n}" needs an input schema built with t (e.g. input: t.object({}))`);
      const input = frozenJson(options.input.json, "an input schema");
      const inputVisibility = dataVisibility(number, options.inputVisibility, `action "${n}"'s inputVisibility`, input);
      l.actions.set(n, {
        name: n,
        ...(options.title === undefined ? {} : { title: text(options.title, "an action's title", 100) }),
        describe: text(options.describe ?? "", "an action's description", 2000),
        ...(options.confirm === undefined ? {} : { confirm: text(options.confirm, "what an action's confirmation says", 2000) }),
        input,
        changesRules: options.changesRules === true,
        ...(options.channel === undefined ? {} : { channel: checkedName(options.channel, `Rule ${number}: action "${n}"'s channel`) }),
        prevails: options.prevails === true,
        participants: options.participants === true,
        ...(inputVisibility === undefined ? {} : { inputVisibility }),
        when: options.when === undefined ? null : (fn(options.when, `action "${n}"'s when`) as never),
        handler: h as never,
      });
    },
    forbid: (name: string, check: unknown) => {
      declaring("forbid");
      const n = checkedName(name, `Rule ${number}: forbid`);
      const l = target.l;
      l.forbids.set(n, [...(l.forbids.get(n) ?? []), fn(check, `forbid("${n}")`) as never]);
    },
    on: (type: string, handler: unknown, options?: { readsPrivate?: unknown }) => {
      declaring("on");
      const n = checkedName(type, `Rule ${number}: on`);
      const l = target.l;
      l.on.set(n, [...(l.on.get(n) ?? []), fn(handler, `on("${n}")`) as never]);
      if (options?.readsPrivate === true) l.readsChannels = true;
    },
    channel: (id: unknown, options: unknown) => {
      declaring("channel");
      declareChannel(number, target.l, id, options);
    },
    ruleProperty: (key: string, options: { initial?: unknown; describe?: unknown } | undefined) => {
      declaring("ruleProperty");
      const known = typeof key === "string" ? target.known?.props.get(key) : undefined;
      if (known) {
        target.l.props.set(key, known);
        return;
      }
      const k = checkedName(key, `Rule ${number}: a rule property`);
      if (options?.initial === undefined) throw new Error(`Rule ${number}: ruleProperty("${k}") needs { initial: <value> }`);
      const describe = options.describe === undefined ? null : text(options.describe, "a property's description", 2000);
      target.l.props.set(k, { initial: frozenJson(options.initial, `property ${k}`), describe });
    },
    answer: (question: string, respond: unknown, options?: { precedes?: unknown; defersTo?: unknown; precedenceBy?: unknown }) => {
      declaring("answer");
      const n = checkedName(question, `Rule ${number}: answer`);
      const l = target.l;
      l.answers.set(n, [
        ...(l.answers.get(n) ?? []),
        {
          fn: fn(respond, `answer("${n}")`) as never,
          precedes: claim(options?.precedes, "precedes"),
          defersTo: claim(options?.defersTo, "defersTo"),
          precedenceBy: typeof options?.precedenceBy === "number" ? options.precedenceBy : null,
        },
      ]);
    },
  };
}

useApi(makeApi);
