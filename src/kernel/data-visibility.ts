/**
 * Who may read the data of an act: an action's input, an event's data, a timer's data. A
 * rule declares it in the rule API's words (`DataVisibility`: "public", "actor", "hidden",
 * { seenBy }, or per top-level field); the act records it resolved (`Readers`), "actor"
 * replaced by the person it meant then, so the log reads alone whatever the rules become.
 * The log keeps every value whole (replay and verify need it); views seal what a viewer
 * may not read (src/kernel/visibility.ts), replacing it with {@link hiddenMark}.
 */
import { limits, nameProblem } from "./limits.js";
import type { Act, DataReaders, DataVisibility, Input, Json, Readers, RecordedVisibility } from "./types.js";

/** What a viewer reads in place of a value hidden from them. */
export const hiddenMark: Json = Object.freeze({ $hidden: true }) as Json;

export function isHiddenMark(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && (v as { $hidden?: unknown }).$hidden === true;
}

const plain = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const words = `"public", "actor", "hidden" or { seenBy: "<game state naming an officer>" }`;

function declaredReadersProblem(v: unknown, path: string): string | null {
  if (v === "public" || v === "actor" || v === "hidden") return null;
  if (plain(v) && Object.keys(v).length === 1 && typeof v.seenBy === "string")
    return nameProblem(v.seenBy, `${path}'s seenBy (the game state naming who sees it)`);
  return `${path} must be ${words}`;
}

/** Why `v` is not a visibility a rule may declare, in words, or null. `path` names it ("action "bid"'s inputVisibility"). */
export function declaredVisibilityProblem(v: unknown, path: string): string | null {
  if (!plain(v) || !("fields" in v)) return declaredReadersProblem(v, path);
  if (Object.keys(v).length !== 1 || !plain(v.fields)) return `${path} must be ${words}, or { fields: { <field>: one of those } }`;
  const fields = Object.entries(v.fields);
  if (fields.length === 0) return `${path} lists no fields: give { fields: { <field>: ${words} } }, or one visibility for all of it`;
  for (const [field, readers] of fields) {
    const problem = nameProblem(field, `${path}: a field`, limits.keyChars) ?? declaredReadersProblem(readers, `${path}'s field "${field}"`);
    if (problem) return problem;
  }
  return null;
}

function readersProblem(v: unknown, path: string): string | null {
  if (v === "hidden") return null;
  if (!plain(v) || Object.keys(v).length === 0 || Object.keys(v).some((k) => k !== "actor" && k !== "seenBy"))
    return `${path} must be "hidden" or { actor?, seenBy? }`;
  return (
    (v.actor === undefined ? null : nameProblem(v.actor, `${path}.actor`, limits.keyChars)) ??
    (v.seenBy === undefined ? null : nameProblem(v.seenBy, `${path}.seenBy`))
  );
}

/** Why `v` is not a visibility as an act records it (checked by the host on what the sandbox returns), or null. */
export function recordedVisibilityProblem(v: unknown, path: string): string | null {
  if (!plain(v) || !("fields" in v)) return readersProblem(v, path);
  if (Object.keys(v).length !== 1 || !plain(v.fields) || Object.keys(v.fields).length === 0) return `${path} must list its fields`;
  for (const [field, readers] of Object.entries(v.fields)) {
    const problem = nameProblem(field, `${path}: a field`, limits.keyChars) ?? readersProblem(readers, `${path}.fields.${field}`);
    if (problem) return problem;
  }
  return null;
}

/**
 * A declared visibility as an act records it: "actor" becomes the person whose act it is
 * (`actor`; nobody when the act has none, as a timer's), and the actor of an action always
 * reads its own input (`ofInput`). Public parts are not recorded: undefined when all are.
 */
export function recordedVisibility(declared: DataVisibility | undefined, actor: string | null, ofInput: boolean): RecordedVisibility | undefined {
  const resolve = (r: DataReaders): Readers | undefined => {
    if (r === "public") return undefined;
    const readers = { ...(actor !== null && (ofInput || r === "actor") ? { actor } : {}), ...(typeof r === "object" ? { seenBy: r.seenBy } : {}) };
    return Object.keys(readers).length ? readers : "hidden";
  };
  if (declared === undefined) return undefined;
  if (typeof declared !== "object" || !("fields" in declared)) return resolve(declared);
  const fields: Record<string, Readers> = {};
  for (const [field, readers] of Object.entries(declared.fields)) {
    const r = resolve(readers);
    if (r !== undefined) Object.defineProperty(fields, field, { value: r, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(fields).length ? { fields } : undefined;
}

/**
 * `value` as someone reads it who reads what `reads` allows: each part they may not read
 * replaced by {@link hiddenMark}. Listed fields of a value that is not an object (only a
 * compromised sandbox records such a thing) hide it whole from whoever misses one of them.
 */
export function sealed(value: Json, visibility: RecordedVisibility | undefined, reads: (readers: Readers) => boolean): Json {
  if (visibility === undefined) return value;
  if (typeof visibility !== "object" || !("fields" in visibility)) return reads(visibility) ? value : hiddenMark;
  const hidden = Object.keys(visibility.fields).filter((f) => !reads(visibility.fields[f]!));
  if (hidden.length === 0) return value;
  if (!plain(value)) return hiddenMark;
  if (!hidden.some((f) => Object.hasOwn(value, f))) return value;
  const out: Record<string, Json> = { ...value };
  for (const f of hidden) if (Object.hasOwn(out, f)) Object.defineProperty(out, f, { value: hiddenMark, enumerable: true, writable: true, configurable: true });
  return out;
}

/** The person whose act it is, for "actor": who acted, decided, wrote, joined or moved the clock; null for a timer or the game's creation. */
export function actorOf(input: Input): string | null {
  switch (input.kind) {
    case "action":
      return input.actor;
    case "decision":
    case "clock":
      return input.by;
    case "message":
      return input.person;
    case "post":
    case "rename":
    case "leave":
      return input.player;
    case "join":
      return input.player.id;
    case "attend":
      return input.person.id;
    case "correction":
      return "player" in input.by ? input.by.player : null;
    case "timer":
    case "create":
      return null;
  }
}

/**
 * Why a per-field visibility names a field the action's form does not have, or null: a
 * misspelt field would leave the real one public. `schema` is the input's JSON Schema
 * (an object, or a choice of objects by kind).
 */
export function unknownFieldProblem(declared: DataVisibility, schema: Json, path: string): string | null {
  if (typeof declared !== "object" || !("fields" in declared)) return null;
  const s = plain(schema) ? schema : {};
  const variants = Array.isArray(s.oneOf) ? s.oneOf : [s];
  const known = new Set(variants.flatMap((v) => (plain(v) && plain(v.properties) ? Object.keys(v.properties) : [])));
  const missing = Object.keys(declared.fields).find((f) => !known.has(f));
  if (missing === undefined) return null;
  return `${path} names the field "${missing}", which the action's input does not have (its fields: ${[...known].join(", ") || "none"})`;
}

/**
 * Who may read everything an act keeps secret: its action's sealed input, and the sealed data of
 * the events it raised and the timers it set (a timer's firing raises its event with the timer's
 * visibility). A rule's failure in the act may quote any of it ("cannot read 'x' of <the bid>"),
 * so its words are for those who read all of it; the others read that the rule failed. Fields
 * count whole: a failure cannot say which field it quotes.
 */
export function actSecrets(act: Act): Readers[] {
  const readers: Readers[] = [];
  const add = (v: RecordedVisibility | undefined) => {
    if (v === undefined) return;
    if (typeof v === "object" && "fields" in v) readers.push(...Object.values(v.fields));
    else readers.push(v);
  };
  if (act.input.kind === "action") add(act.input.visibility);
  for (const e of act.effects) {
    if (e.e === "event") add(e.visibility);
    else if (e.e === "timer.set") add(e.timer.visibility);
  }
  return readers;
}

/** What a reader kept from a failure's words reads in their place. */
export const withheldFailure = "the rule failed; what it said is withheld, since it may quote what this act keeps secret from you";
