/**
 * State as one rule's code sees it: `gameState`, `playerState`, `recordState`. Several rules
 * may declare the same name; the declaration of the rule with the highest precedence is in
 * force. A rule reads state that another rule declared secret (visibility other than
 * "public") only if it says so (`readsSecret: true`), which the host records among what the
 * rule declares, so voters can see it.
 */
import { displayProblem, type StateDisplay } from "../kernel/display-check.js";
import type { Json, RecordConvention, Visibility } from "../kernel/types.js";
import { cur } from "./act.js";
import { checkedName, frozenJson } from "./json.js";
import { decls, type Declaring } from "./loaded.js";
import { gameValues, loaded, playerValues, sealedValue, world, writeEntry, writeGame, writePlayer } from "./mirror.js";
import { mayChange, mayRead } from "./run.js";

type Options = { initial?: unknown; visibility?: unknown; describe?: unknown; readsSecret?: unknown; record?: unknown; display?: unknown };

export function stateApi(number: number, target: Declaring) {
  const initialOf = (name: string): Json => decls()[name]?.initial ?? null;
  const declaring = (what: string) => {
    if (cur.loading !== number) throw new Error(`Rule ${number}: ${what} must be called at the top level of the rule's code, not inside a handler`);
  };
  const readable = (name: string) => {
    mayRead(number, name);
    const d = decls()[name];
    // What the rule declares as it stands: a trial load (game.rules.check) leaves the target on its own declarations.
    if (!d || d.rule === number || d.visibility === "public" || (loaded.get(number) ?? target.l).reads.includes(name)) return;
    throw new Error(
      `Rule ${number}: "${name}" is state Rule ${d.rule} keeps from some players; to read it, declare it with readsSecret: true (voters are shown that this rule reads it)`,
    );
  };
  const declare = (name: unknown, scope: "game" | "player", options: Options | undefined) => {
    declaring(`${scope}State`);
    const l = target.l;
    const known = target.known?.state.find((d) => d.name === name && d.scope === scope);
    if (known) {
      l.state.push(known);
      if (target.known!.reads.includes(known.name) && !l.reads.includes(known.name)) l.reads.push(known.name);
      return known.name;
    }
    const n = checkedName(name, `Rule ${number}: ${scope}State`);
    if (!options || !("initial" in options)) throw new Error(`Rule ${number}: ${scope}State("${n}") needs an initial value`);
    const visibility = options.visibility ?? "public";
    const ok =
      ["public", "owner", "others", "hidden"].includes(visibility as string) ||
      (typeof visibility === "object" && visibility !== null && typeof (visibility as { seenBy?: unknown }).seenBy === "string");
    if (!ok) throw new Error(`Rule ${number}: ${n}'s visibility must be "public", "owner", "others", "hidden" or { seenBy: "<game state name>" }`);
    const record = options.record === undefined ? undefined : recordConvention(options.record, `Rule ${number}: recordState("${n}")'s record`);
    const display = options.display === undefined ? undefined : checkedDisplay(options.display, `Rule ${number}: ${n}'s display`);
    l.state.push({
      name: n,
      scope,
      initial: frozenJson(options.initial, `${n}'s initial value`),
      visibility: frozenJson(visibility, "visibility") as Visibility,
      describe: typeof options.describe === "string" ? options.describe : null,
      ...(record ? { record } : {}),
      ...(display ? { display } : {}),
    });
    if (options.readsSecret === true && !l.reads.includes(n)) l.reads.push(n);
    return n;
  };
  /** A game value as stored: a record written in this act may still change (mirror.ts, drafts); hand out only its frozen entries. */
  const stored = (n: string) => (gameValues.has(n) ? gameValues.get(n)! : initialOf(n));
  /** A game value to hand out whole. */
  const gameGet = (n: string) => (gameValues.has(n) ? sealedValue(n)! : initialOf(n));
  const setEntry = (name: string, key: unknown, value: unknown, remove: boolean) => {
    mayChange(number, `setting ${name}`);
    if (typeof key !== "string" && typeof key !== "number") throw new Error(`Rule ${number}: ${name} needs a key (a string or a number)`);
    writeEntry(name, checkedName(String(key), `Rule ${number}: a key of ${name}`, 200), value, remove, number, initialOf(name));
  };

  return {
    recordState: (name: string, options?: Options) => {
      const n = declare(name, "game", { ...(options ?? {}), initial: {} });
      const record = (read: (n: string) => Json): Record<string, Json> => {
        readable(n);
        const v = read(n);
        return (v && typeof v === "object" && !Array.isArray(v) ? v : {}) as Record<string, Json>;
      };
      const entry = (key: string | number) => {
        const a = record(stored);
        const k = String(key);
        return Object.hasOwn(a, k) ? a[k] : undefined;
      };
      return Object.freeze({
        name: n,
        get: entry,
        set: (key: string | number, value: unknown) => setEntry(n, key, value, false),
        update: (key: string | number, change: (v: Json | undefined) => unknown) => setEntry(n, key, change(entry(key)), false),
        delete: (key: string | number) => setEntry(n, key, undefined, true),
        keys: () => Object.keys(record(stored)),
        all: () => record(gameGet),
      });
    },
    gameState: (name: string, options: Options) => {
      const n = declare(name, "game", { ...options, record: undefined });
      const get = () => {
        readable(n);
        return gameGet(n);
      };
      const set = (value: unknown) => {
        mayChange(number, `setting ${n}`);
        writeGame(n, value, number);
      };
      return Object.freeze({ name: n, get, set, update: (change: (v: Json) => unknown) => set(change(get())) });
    },
    playerState: (name: string, options: Options) => {
      const n = declare(name, "player", { ...options, record: undefined });
      const get = (p: string) => {
        readable(n);
        const m = playerValues.get(n);
        return m?.has(p) ? m.get(p)! : initialOf(n);
      };
      const set = (p: string, value: unknown) => {
        mayChange(number, `setting ${n}`);
        if (!world.players.some((x) => x.id === p)) throw new Error(`Rule ${number}: ${JSON.stringify(p)} is not a player in this game`);
        writePlayer(n, p, value, number);
      };
      return Object.freeze({
        name: n,
        get,
        set,
        update: (p: string, change: (v: Json) => unknown) => set(p, change(get(p))),
        all: () => {
          const out: Record<string, Json> = {};
          for (const p of world.players) out[p.id] = get(p.id);
          return out;
        },
      });
    },
  };
}

/** A record's declared convention, copied and checked here so that a mistake reads as the rule's. */
function recordConvention(value: unknown, what: string): RecordConvention {
  const r = frozenJson(value, what) as { [key: string]: Json };
  if (typeof r !== "object" || r === null || Array.isArray(r)) throw new Error(`${what} must be { kind, open?, citedAs? }`);
  for (const key of Object.keys(r))
    if (!["kind", "open", "citedAs"].includes(key)) throw new Error(`${what} has a field "${key.slice(0, 40)}"; it may have kind, open and citedAs`);
  const open = r.open as { [key: string]: Json } | undefined;
  const openOk =
    open === undefined || (typeof open === "object" && open !== null && Object.keys(open).every((k) => k === "field" || k === "in") && Array.isArray(open.in));
  if (!openOk) throw new Error(`${what}.open must be { field: "<entry field>", in: [<values>] }`);
  return {
    kind: checkedName(r.kind, `${what}.kind`),
    ...(open ? { open: { field: checkedName(open.field, `${what}.open.field`), in: open.in as Json[] } } : {}),
    ...(r.citedAs === undefined ? {} : { citedAs: checkedName(r.citedAs, `${what}.citedAs`) }),
  };
}

/** A state's declared display, copied and checked here so that a mistake reads as the rule's. */
function checkedDisplay(value: unknown, what: string): StateDisplay {
  const display = frozenJson(value, what);
  const problem = displayProblem(display, what);
  if (problem) throw new Error(problem);
  return display as unknown as StateDisplay;
}
