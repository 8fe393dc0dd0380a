/**
 * How declared state reads to people: a state view entry and its display (the rule API's
 * StateDisplay) become neutral blocks (a sentence, a list, a table) of typed parts: text,
 * players, times, durations, rules. The web draws the parts with its own elements and the
 * viewer's zone; the CLI writes them as text. Pure: it runs on the server and in the browser.
 * A state without a display is read from its shape, with its name and fields put in words.
 */
import type { DisplayFormat, StateDisplay } from "../kernel/display-check.js";
import type { Json } from "../kernel/types.js";

export type Part =
  | { kind: "text"; text: string }
  | { kind: "player"; id: string; name: string }
  | { kind: "time"; ms: number }
  | { kind: "duration"; ms: number }
  | { kind: "rule"; number: number };

/** One row of a table: the entry's key and value (for moves on it), and a cell per column. */
export interface Row {
  key: string;
  entry: Json;
  cells: Part[][];
}

interface Heading {
  name: string;
  label: string;
  rule: number;
  describe: string | null;
}
export type Block = Heading &
  (
    | { kind: "sentence"; parts: Part[] }
    | { kind: "list"; items: Part[][] }
    | { kind: "table"; columns: string[]; rows: Row[] }
    /** The rules keep its value from this viewer. */
    | { kind: "secret" }
  );

/** What the presenter reads of a state view entry (the engine's and the API's StateView alike). */
export interface Entry {
  name: string;
  scope: "game" | "player";
  describe: string | null;
  rule: number;
  display?: StateDisplay;
  value?: Json;
  values?: Record<string, Json>;
}
export interface Who {
  id: string;
  name: string;
}

type Obj = { [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
/** Strings with control characters are a rule's internal keys, not for people. */
const internal = (v: Json | undefined) => typeof v === "string" && /[\u0000-\u001f]/.test(v);
const text = (t: string): Part => ({ kind: "text", text: t });
/** A number this large in a field named as a time is milliseconds since 1970 (1973 on). */
const plausibleTime = 1e11;

/** "epic-poem" → "Epic poem", "openedAt" → "Opened at", "phase.name" → "Phase name". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_.]+/g, " ")
    .trim()
    .toLowerCase();
  return capitalise(words);
}

/** Words with their first letter in capitals: "propose a rule-change" → "Propose a rule-change". */
export function capitalise(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields named as times: at, since, until, and *At, *Since, *Until, *Ends. */
export function timeNamed(field: string): boolean {
  const last = field.split(".").pop() ?? field;
  return /^(at|since|until|ends)$/i.test(last) || /[a-z](At|Since|Until|Ends)$/.test(last) || /-at$/.test(last);
}

function isEmpty(v: Json | undefined): boolean {
  return v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0) || (isObj(v) && Object.keys(v).length === 0);
}

/** The presenter's reading of one game: who plays, by id. */
class Reader {
  private readonly names: Map<string, string>;
  constructor(players: readonly Who[]) {
    this.names = new Map(players.map((p) => [p.id, p.name]));
  }

  player(id: string): Part {
    return { kind: "player", id, name: this.names.get(id) ?? id };
  }

  /** A value as the format says, or as it looks where no format is given. */
  value(v: Json | undefined, format: DisplayFormat | undefined, field: string, formats: StateDisplay["formats"] = {}): Part[] {
    if (v === undefined || v === null) return [text("—")];
    switch (format) {
      case "player":
        return typeof v === "string" ? [this.player(v)] : this.value(v, undefined, field, formats);
      case "players":
        if (!Array.isArray(v)) return this.value(v, "player", field, formats);
        return v.length ? join(v.map((p) => (typeof p === "string" ? [this.player(p)] : this.value(p, undefined, field, formats)))) : [text("nobody")];
      case "time":
        return typeof v === "number" ? (v > 0 ? [{ kind: "time", ms: v }] : [text("—")]) : this.value(v, undefined, field, formats);
      case "duration":
        return typeof v === "number" ? [{ kind: "duration", ms: v }] : this.value(v, undefined, field, formats);
      case "rule":
        if (Array.isArray(v)) return v.length ? join(v.map((n) => this.value(n, "rule", field, formats))) : [text("none")];
        return typeof v === "number" ? [{ kind: "rule", number: v }] : this.value(v, undefined, field, formats);
      case "yes-no":
        return [text(v === true ? "yes" : v === false ? "no" : String(v))];
      case "number":
      case "text":
        return [text(typeof v === "object" ? JSON.stringify(v) : String(v))];
    }
    return this.guess(v, field, formats);
  }

  /** A value with no format: players by name, times as times, objects as "Field: value" pairs. */
  private guess(v: Json, field: string, formats: StateDisplay["formats"]): Part[] {
    if (v === null) return [text("—")];
    if (typeof v === "string") return this.names.has(v) ? [this.player(v)] : [text(v)];
    if (typeof v === "number") return timeNamed(field) && v >= plausibleTime ? [{ kind: "time", ms: v }] : [text(String(v))];
    if (typeof v === "boolean") return [text(v ? "yes" : "no")];
    if (Array.isArray(v)) return v.length ? join(v.map((x) => this.value(x, undefined, field, formats))) : [text("none")];
    const entries = Object.entries(v).filter(([, x]) => !internal(x));
    if (!entries.length) return [text("none")];
    // A map from players to choices (votes) reads as who chose what.
    if (entries.every(([k]) => this.names.has(k))) return join(entries.map(([k, x]) => [this.player(k), text(": "), ...this.value(x, undefined, k, formats)]));
    return join(
      entries.map(([k, x]) => {
        const path = field ? `${field}.${k}` : k;
        const inner = this.value(x, formats?.[path], path, formats);
        return [text(`${humanise(k)}: `), ...(isObj(x) ? [text("("), ...inner, text(")")] : inner)];
      }),
    );
  }

  /** A template filled from a value: the first of the templates whose fields all have values. */
  fill(templates: string | readonly string[], v: Json | undefined, display: StateDisplay, key?: string): Part[] {
    const list = typeof templates === "string" ? [templates] : templates;
    const lookup = (path: string): Json | undefined => {
      if (path === "key" && key !== undefined && !(isObj(v) && "key" in v)) return key;
      if (path === "value" && !isObj(v)) return v;
      let at: Json | undefined = v;
      for (const step of path.split(".")) at = isObj(at) && Object.hasOwn(at, step) ? at[step] : undefined;
      return at;
    };
    const fields = (t: string) => [...t.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
    // A field "{?flag}" is a condition: the template applies only when it is true, and shows nothing.
    const holds = (f: string) => (f.startsWith("?") ? lookup(f.slice(1)) === true : lookup(f) !== undefined && lookup(f) !== null);
    const chosen = list.find((t) => fields(t).every(holds)) ?? list[list.length - 1] ?? "";
    const parts: Part[] = [];
    chosen.split(/\{([^{}]+)\}/).forEach((piece, i) => {
      if (i % 2 === 0) {
        if (piece) parts.push(text(piece));
      } else if (!piece.startsWith("?")) parts.push(...this.value(lookup(piece), display.formats?.[piece], piece, display.formats));
    });
    return merge(parts);
  }

  /** One value of a player state, as its display says. */
  cell(v: Json | undefined, display: StateDisplay | undefined): Part[] {
    if (display?.empty && isEmpty(v)) return [text(display.empty)];
    if (display?.text) return this.fill(display.text, v, display);
    return this.value(v, display?.formats?.value, "", display?.formats);
  }
}

function join(parts: Part[][], by = ", "): Part[] {
  return merge(parts.flatMap((p, i) => (i ? [text(by), ...p] : p)));
}
/** Adjacent text parts as one. */
function merge(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (p.kind === "text" && last?.kind === "text") out[out.length - 1] = text(last.text + p.text);
    else out.push(p);
  }
  return out;
}

/** The rows a value offers a list or a table: a record's entries newest first, a list's items in order. */
function rowsOf(v: Json | undefined): [string, Json][] {
  if (Array.isArray(v)) return v.map((x, i) => [String(i), x]);
  if (isObj(v)) return Object.entries(v).reverse();
  return [];
}

function kindOf(v: Json | undefined, display: StateDisplay | undefined): "sentence" | "list" | "table" | "hidden" {
  if (display?.as) return display.as;
  if (display?.columns) return "table";
  if (display?.item) return "list";
  if (display?.text) return "sentence";
  if (Array.isArray(v)) return "list";
  if (isObj(v) && Object.keys(v).length > 0 && Object.values(v).every(isObj)) return "table";
  return "sentence";
}

function heading(entry: Entry): Heading {
  return { name: entry.name, label: entry.display?.label ?? humanise(entry.name), rule: entry.rule, describe: entry.describe };
}

/** The columns of a record without declared columns: every field its entries have, but rule-changes (too long for a cell). */
function defaultColumns(rows: [string, Json][]): { field: string; label?: string; format?: DisplayFormat }[] {
  const fields = [...new Set(rows.flatMap(([, r]) => (isObj(r) ? Object.keys(r).filter((k) => !internal(r[k])) : ["value"])))];
  return fields.filter((f) => f !== "changes" && f !== "change").map((field) => ({ field }));
}

/** A game state as a block, or null when its display hides it from the play page. */
export function presentState(entry: Entry, players: readonly Who[]): Block | null {
  const display = entry.display;
  const kind = kindOf(entry.value, display);
  if (kind === "hidden") return null;
  const head = heading(entry);
  if (!("value" in entry)) return { ...head, kind: "secret" };
  const read = new Reader(players);
  const v = entry.value;
  if (isEmpty(v) && (display?.empty || kind !== "sentence")) return { ...head, kind: "sentence", parts: [text(display?.empty ?? "none yet")] };
  if (kind === "sentence") return { ...head, kind: "sentence", parts: read.cell(v, display) };
  const rows = rowsOf(v);
  if (kind === "list") {
    const items = rows.map(([key, item]) => (display?.item ? read.fill(display.item, item, display, key) : read.value(item, undefined, "", display?.formats)));
    return { ...head, kind: "list", items: items.length || isEmpty(v) ? items : [read.value(v, undefined, "", display?.formats)] };
  }
  const columns = display?.columns ?? defaultColumns(rows);
  return {
    ...head,
    kind: "table",
    columns: columns.map((c) => c.label ?? humanise(c.field)),
    rows: rows.map(([key, r]) => ({
      key,
      entry: r,
      cells: columns.map((c) => read.fill(`{${c.field}}`, r, { formats: { ...display?.formats, ...(c.format ? { [c.field]: c.format } : {}) } }, key)),
    })),
  };
}

/**
 * The per-player states as one table, a row per player and a column per state (its label):
 * a cell is null where the rules keep the value from this viewer. States displayed as hidden are left out.
 */
export function presentScoreboard(
  entries: readonly Entry[],
  players: readonly Who[],
): { columns: (Heading & { name: string })[]; rows: { player: Who; cells: (Part[] | null)[] }[] } {
  const shown = entries.filter((e) => e.scope === "player" && e.display?.as !== "hidden");
  const read = new Reader(players);
  return {
    columns: shown.map(heading),
    rows: players.map((p) => ({
      player: p,
      cells: shown.map((e) => (e.values && Object.hasOwn(e.values, p.id) ? read.cell(e.values[p.id], e.display) : null)),
    })),
  };
}

/** "3 hours", "2 days 4 hours", "45 seconds". */
export function durationWords(ms: number): string {
  const units: [string, number][] = [
    ["day", 86_400_000],
    ["hour", 3_600_000],
    ["minute", 60_000],
    ["second", 1000],
  ];
  const out: string[] = [];
  let rest = Math.abs(Math.round(ms));
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    if (n && out.length < 2) {
      out.push(`${n} ${unit}${n === 1 ? "" : "s"}`);
      rest -= n * size;
    }
  }
  return out.join(" ") || "no time";
}

/** Parts as plain text (the CLI's), with times as `when` writes them. */
export function partsText(parts: readonly Part[], when: (ms: number) => string): string {
  return parts
    .map((p) =>
      p.kind === "text"
        ? p.text
        : p.kind === "player"
          ? p.name
          : p.kind === "time"
            ? when(p.ms)
            : p.kind === "duration"
              ? durationWords(p.ms)
              : `Rule ${p.number}`,
    )
    .join("");
}
