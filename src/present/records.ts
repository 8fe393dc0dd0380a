/**
 * A ruleset's records as their rules declare them (`recordState(name, { record: ... })`):
 * what kind each keeps, which entries are still open, and by which input field actions name
 * an entry. The reports, the CLI and the web read records only through here, so nothing
 * outside a ruleset guesses from a record's name or its words which entries are open.
 * Pure data in, data out: it runs on the server and in the browser.
 */
import type { Json, RecordConvention } from "../kernel/types.js";

export type Entry = { [key: string]: Json };

/** A declared state as the engine and every view carry it. */
interface Declared {
  name: string;
  scope: "game" | "player";
  rule: number;
  record?: RecordConvention;
}

export interface DeclaredRecord {
  /** The record state's name. */
  name: string;
  /** The rule whose declaration is in force. */
  rule: number;
  convention: RecordConvention;
}

export function isEntry(value: Json | undefined): value is Entry {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The record states that declare what they keep, of one kind if `kind` is given. */
export function declaredRecords(states: Iterable<Declared>, kind?: string): DeclaredRecord[] {
  const out: DeclaredRecord[] = [];
  for (const s of states) {
    if (s.scope !== "game" || !s.record || (kind !== undefined && s.record.kind !== kind)) continue;
    out.push({ name: s.name, rule: s.rule, convention: s.record });
  }
  return out;
}

/** Is this entry still to be decided, as its record declares? A record that says nothing of it keeps every entry open. */
export function isOpen(convention: RecordConvention, entry: Json | undefined): boolean {
  if (!isEntry(entry)) return false;
  const open = convention.open;
  if (!open) return true;
  const value = JSON.stringify(entry[open.field] ?? null);
  return open.in.some((v) => JSON.stringify(v) === value);
}

/** An entry with the key it is kept under (actions may cite it by its key: "q3"). */
export interface KeyedEntry {
  key: string;
  entry: Entry;
}

/** A record's entries with their keys, in number (else key) order, each that is an object. */
export function keyedEntriesOf(value: Json | undefined): KeyedEntry[] {
  if (!isEntry(value)) return [];
  const keyed = Object.entries(value).filter((e): e is [string, Entry] => isEntry(e[1]));
  const order = (e: [string, Entry]) => (typeof e[1].number === "number" ? e[1].number : Number(e[0]));
  return keyed.sort((a, b) => order(a) - order(b)).map(([key, entry]) => ({ key, entry }));
}

/** A record's entries in number (else key) order, each that is an object. */
export function entriesOf(value: Json | undefined): Entry[] {
  return keyedEntriesOf(value).map((e) => e.entry);
}

/** A state as a view carries it: declared, with its value if the viewer may see it. */
type Seen = Declared & { value?: Json };

/**
 * The entries of every record of a kind the viewer sees, in number order: all of them,
 * only those still open, or only those decided. Several records of one kind read as one list.
 */
export function recordEntries(states: Iterable<Seen>, kind: string, which: "all" | "open" | "decided" = "all"): Entry[] {
  return recordKeyedEntries(states, kind, which).map((e) => e.entry);
}

/** As recordEntries, each entry with its key. */
export function recordKeyedEntries(states: Iterable<Seen>, kind: string, which: "all" | "open" | "decided" = "all"): KeyedEntry[] {
  const list = [...states];
  const out: KeyedEntry[] = [];
  for (const record of declaredRecords(list, kind)) {
    const value = list.find((s) => s.name === record.name)?.value;
    for (const keyed of keyedEntriesOf(value)) {
      if (which === "all" || isOpen(record.convention, keyed.entry) === (which === "open")) out.push(keyed);
    }
  }
  return out.sort((a, b) => Number(a.entry.number) - Number(b.entry.number));
}

/** An action as its declaration describes its form (a JSON Schema object). */
interface ActionForm {
  name: string;
  input: { properties?: { [field: string]: { type?: string | string[]; enum?: Json[] } | undefined }; required?: string[] };
}

/**
 * A move on one entry: an action whose form is the entry's number (or its key, where the form
 * asks for a text: `byKey`), and at most one choice (vote: for / against).
 */
export interface EntryMove {
  action: string;
  field: string;
  byKey: boolean;
  choice: { name: string; values: Json[] } | null;
}

/** The actions that are moves on an entry of a record cited by `field` (its declared `citedAs`). */
export function entryMoves(actions: readonly ActionForm[], field: string | undefined): EntryMove[] {
  const out: EntryMove[] = [];
  if (field === undefined) return out;
  for (const a of actions) {
    const props = a.input.properties ?? {};
    const type = props[field]?.type;
    if (type !== "integer" && type !== "string") continue;
    const byKey = type === "string";
    const others = (a.input.required ?? []).filter((k) => k !== field);
    const choice = others.length === 1 ? props[others[0]!]?.enum : undefined;
    if (others.length === 0) out.push({ action: a.name, field, byKey, choice: null });
    else if (choice) out.push({ action: a.name, field, byKey, choice: { name: others[0]!, values: choice } });
  }
  return out;
}

/** The value a move names its entry by: the key where the form asks for a text, else the number. */
export const citing = (move: EntryMove, key: string, number: Json | undefined): Json => (move.byKey ? key : Number(number ?? key));

/** The moves its entry says are open in its stage (`moves`), or all of them where it says nothing. */
export function movesFor(entry: Entry, moves: readonly EntryMove[]): EntryMove[] {
  const named = entry.moves;
  return Array.isArray(named) ? moves.filter((m) => named.includes(m.action)) : [...moves];
}

/** A choice's value in words: true reads "yes". */
export const choiceWords = (value: Json): string => (typeof value === "boolean" ? (value ? "yes" : "no") : String(value));

/**
 * A move's words on its button: "final-form" reads "Final form"; with a choice, "Vote for", the
 * choice's name standing for an action named after it ("vote-motion" is voted on, not "vote motion"ed).
 */
export function moveWords(move: EntryMove, value: Json | null): string {
  const said = value === null ? "" : ` ${choiceWords(value)}`;
  const named = move.choice && move.action.startsWith(`${move.choice.name}-`) ? move.choice.name : move.action;
  const words = named.replace(/[-_]+/g, " ");
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${said}`;
}
