/**
 * The guest's mirror of the game's state, for rule code to read. Every write is journalled
 * (undone if the act fails) and recorded as an effect, which the host folds into the state
 * it stores (src/kernel/fold.ts); the two must agree, and test/replay.test.ts checks it.
 */
import { limits } from "../kernel/limits.js";
import type { Json, PlayerRecord, RuleRecord, StateDecl, TimerRecord } from "../kernel/types.js";
import { charge, cur, emitEffect, record, refusal } from "./act.js";
import { copied, frozenJson } from "./json.js";
import type { Loaded } from "./loaded.js";

export const rules = new Map<number, RuleRecord>();
/**
 * What each rule's code declared when it last loaded. Its declarations hold for any act (the
 * top level cannot read the game); its closures belong to the act that ran it: only the rules
 * in {@link freshIn} may be called (loaded.ts, `live`).
 */
export const loaded = new Map<number, Loaded>();
/**
 * Counts the changes of the ruleset: its rules, and what their code declares. What is worked
 * out from them alone (their default order, which rules declare what: precedence.ts) is kept
 * while the count stands, across acts.
 */
export const ruleset = { version: 0 };
/** The rules whose top level ran in this act, so that their closures are this act's. */
export const freshIn = new Set<number>();
export const gameValues = new Map<string, Json>();
export const playerValues = new Map<string, Map<string, Json>>();
export const timers = new Map<string, TimerRecord>();
export const world = {
  players: [] as PlayerRecord[],
  status: "active" as "active" | "over",
  /** Requests to join a rule deferred, until admitted. */
  applicants: [] as { id: string; name: string; at: number; reason: string }[],
  /** People taking part without playing (src/guest/participants.ts), and the first person to take part. */
  observers: [] as { id: string; name: string; since: number }[],
  founder: null as string | null,
  /** About the JSON size of all the game's state, kept as values are written. */
  stateChars: 0,
};

/**
 * The size of each value (game state by name, player state by name and player), so a write
 * that would take the game's state past its limit fails the rule that made it. The host
 * checks the same limit exactly; this one leaves a margin, so the host never has to refuse.
 */
const sizes = new Map<string, number>();
const budget = limits.stateChars * 0.8;

/** Notes a slot's new size (a value, a channel's record); throws, failing the rule writing it, past the game's limit. */
export function account(slot: string, chars: number): void {
  const had = sizes.has(slot),
    old = sizes.get(slot) ?? 0,
    before = world.stateChars;
  const total = before - old + chars;
  if (chars > old && total > budget)
    throw new Error(`the game's state would grow past ${Math.round(budget).toLocaleString("en")} characters, the most it may hold`);
  record(() => {
    if (had) sizes.set(slot, old);
    else sizes.delete(slot);
    world.stateChars = before;
  });
  sizes.set(slot, chars);
  world.stateChars = total;
}

/** Measures the state a game is booted with; `more`: other slots rules made (channels' records). */
export function measureState(more: Iterable<[string, number]> = []): void {
  sizes.clear();
  world.stateChars = 0;
  const measure = (slot: string, chars: number) => {
    sizes.set(slot, chars);
    world.stateChars += chars;
  };
  for (const [name, v] of gameValues) measure(name, JSON.stringify(v).length + name.length);
  for (const [name, m] of playerValues) for (const [p, v] of m) measure(`${name}\u0000${p}`, JSON.stringify(v).length + name.length + p.length);
  for (const [slot, chars] of more) measure(slot, chars);
}

/** Caches, dropped whenever the ruleset changes. */
export const caches = {
  order: null as number[] | null,
  decls: null as Record<string, StateDecl> | null,
  /** Declared rule properties' defaults (ruleProperty), by key. */
  propDefaults: null as Record<string, Json> | null,
  lastDeclsJson: "{}",
};

export function dropCaches(): void {
  cur.changes++;
  caches.order = null;
  caches.decls = null;
  caches.propDefaults = null;
}

export function revertTo(mark: number): void {
  while (cur.journal.length > mark) (cur.journal.pop() as () => void)();
  dropCaches();
}

export function setRule(number: number, rec: RuleRecord | undefined): void {
  const old = rules.get(number);
  const oldLoaded = loaded.get(number);
  record(() => {
    if (old) rules.set(number, old);
    else rules.delete(number);
    if (oldLoaded) loaded.set(number, oldLoaded);
    else loaded.delete(number);
    ruleset.version++;
  });
  ruleset.version++;
  if (rec) rules.set(number, rec);
  else {
    rules.delete(number);
    loaded.delete(number);
  }
  dropCaches();
}

/** A rule loaded in this act (enacted, amended, or failing now): its closures are this act's. */
export function setLoaded(number: number, l: Loaded): void {
  const old = loaded.get(number);
  const wasFresh = freshIn.has(number);
  record(() => {
    if (old) loaded.set(number, old);
    else loaded.delete(number);
    if (!wasFresh) freshIn.delete(number);
    ruleset.version++;
  });
  ruleset.version++;
  loaded.set(number, l);
  freshIn.add(number);
  dropCaches();
}

export function setTimer(timer: TimerRecord): void {
  const old = timers.get(timer.id);
  record(() => {
    if (old) timers.set(timer.id, old);
    else timers.delete(timer.id);
  });
  timers.set(timer.id, timer);
  emitEffect({ e: "timer.set", timer });
}

/**
 * A renumbered rule keeps its pending timers: they follow it to its new number. No effect is
 * recorded, since the host's fold moves them with the rule.renumbered effect itself (a timer.set
 * here came before that effect and named a number not yet in use, so the act was refused).
 */
export function moveTimers(from: number, to: number): void {
  for (const timer of [...timers.values()]) {
    if (timer.rule !== from) continue;
    record(() => timers.set(timer.id, timer));
    timers.set(timer.id, { ...timer, rule: to });
  }
}

export function clearTimer(id: string): void {
  const old = timers.get(id);
  if (!old) return;
  record(() => timers.set(id, old));
  timers.delete(id);
  emitEffect({ e: "timer.cleared", id });
}

export function setPlayers(next: PlayerRecord[]): void {
  const old = world.players;
  record(() => {
    world.players = old;
  });
  world.players = next;
}

export function isPlayer(id: string): boolean {
  return world.players.some((p) => p.id === id);
}

export function writeGame(name: string, value: unknown, rule: number): void {
  const v = frozenJson(value, name);
  charge(copied.chars);
  account(name, copied.chars + name.length);
  const had = gameValues.has(name),
    old = gameValues.get(name);
  record(() => {
    if (had) gameValues.set(name, old as Json);
    else gameValues.delete(name);
  });
  gameValues.set(name, v);
  emitEffect({ e: "state.set", name, value: v, rule });
}

export function writePlayer(name: string, player: string, value: unknown, rule: number): void {
  if (!isPlayer(player)) throw refusal(`${JSON.stringify(player)} is not a player in this game`, rule || null);
  const v = frozenJson(value, `${name} of ${player}`);
  charge(copied.chars);
  account(`${name}\u0000${player}`, copied.chars + name.length + player.length);
  let m = playerValues.get(name);
  if (!m) {
    m = new Map();
    playerValues.set(name, m);
    record(() => playerValues.delete(name));
  }
  const map = m;
  const had = map.has(player),
    old = map.get(player);
  record(() => {
    if (had) map.set(player, old as Json);
    else map.delete(player);
  });
  map.set(player, v);
  emitEffect({ e: "state.set", name, player, value: v, rule });
}

/**
 * Records written in this act and read whole by no code yet: written in place. A write copied
 * the whole record, and the journal kept each copy to undo it, so an act writing n entries
 * into a record of m took O(n·m) time and memory (2,500 writes into a record of 2,500 passed
 * 256 MB). Now the first write in an act copies the record once, later ones change that copy,
 * and whatever reads the record whole gets it frozen ({@link sealedValue}) and leaves it be.
 */
const drafts = new Set<Record<string, Json>>();
/** Each draft's number of entries. */
const entryCounts = new WeakMap<object, number>();

/** A game value to hand out whole: a record being written is frozen first, and written to afresh after. */
export function sealedValue(name: string): Json | undefined {
  const v = gameValues.get(name);
  if (v !== null && typeof v === "object" && drafts.delete(v as Record<string, Json>)) Object.freeze(v);
  return v;
}

/** Freezes every record written in place (at the end of an act, and before the state is read whole). */
export function sealAll(): void {
  for (const d of drafts) Object.freeze(d);
  drafts.clear();
}

function draftOf(name: string, base: Record<string, Json>): Record<string, Json> {
  if (drafts.has(base)) return base;
  const draft = { ...base };
  drafts.add(draft);
  entryCounts.set(draft, Object.keys(draft).length);
  gameValues.set(name, draft);
  return draft;
}

export function writeEntry(name: string, key: string, value: unknown, remove: boolean, rule: number, initial: Json): void {
  const had = gameValues.has(name),
    old = gameValues.get(name);
  const current = (had ? old : initial) as Record<string, Json> | null;
  const base = current && typeof current === "object" && !Array.isArray(current) ? current : {};
  const hadKey = Object.hasOwn(base, key);
  if (remove && !hadKey) return;
  let entry: Json | undefined;
  if (!remove) {
    const count = entryCounts.get(base) ?? Object.keys(base).length;
    if (!hadKey && count >= limits.recordEntries) throw new Error(`${name} has ${limits.recordEntries} entries, the most a record may hold`);
    entry = frozenJson(value, `${name}[${key}]`);
    charge(copied.chars);
  }
  const oldEntry = hadKey ? JSON.stringify(base[key]).length + key.length + 3 : 0;
  const newEntry = remove ? 0 : copied.chars + key.length + 3;
  account(name, (sizes.get(name) ?? name.length) - oldEntry + newEntry);
  // Checked and charged: only now is anything written.
  const fresh = !drafts.has(base);
  const draft = draftOf(name, base);
  const before = base[key];
  if (fresh) {
    record(() => {
      if (had) gameValues.set(name, old as Json);
      else gameValues.delete(name);
    });
  } else {
    // Undone on the record as it is then, which code may have read whole (and frozen) meanwhile.
    record(() => {
      const now = draftOf(name, gameValues.get(name) as Record<string, Json>);
      if (hadKey) now[key] = before as Json;
      else delete now[key];
      entryCounts.set(now, (entryCounts.get(now) ?? 0) + (hadKey ? 0 : -1) + (remove ? 1 : 0));
    });
  }
  if (remove) delete draft[key];
  else draft[key] = entry as Json;
  entryCounts.set(draft, (entryCounts.get(draft) ?? 0) + (remove ? -1 : hadKey ? 0 : 1));
  emitEffect(remove ? { e: "state.deleted", name, key, rule } : { e: "state.set", name, key, value: entry as Json, rule });
}
