/**
 * `t`: the builders of action input schemas (JSON Schema), as rule code sees them.
 *
 * Every rule's top level runs again at each act (loaded.ts) and so builds its schemas again,
 * the same ones each time. A schema is frozen JSON: one made before serves as well as a new
 * one. So each builder reads its arguments once, names what they would build (parts by the
 * schema they are, options by value) and hands back the schema made before under that name,
 * if any: naming costs far less than building and copying. A part not made by `t`, or an
 * option that is not a plain value, gets no name, and its schema is built afresh as ever.
 */
import type { Json } from "../kernel/types.js";
import { copied, frozenJson } from "./json.js";

type S = { json: Json };
type Options = {
  describe?: unknown;
  minLength?: unknown;
  maxLength?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  minItems?: unknown;
  maxItems?: unknown;
  optional?: unknown;
};
type Limit = "minLength" | "maxLength" | "minimum" | "maximum" | "minItems" | "maxItems";
/** The options as read, once: limits set, and the description. */
type Read = { limits: [Limit, unknown][]; describe: unknown };

/**
 * Schemas made, by name. Emptied when they pass `maxChars` in all, so that code making ever
 * new schemas keeps no memory past its act that a later act's rules would run short of.
 */
const made = new Map<string, S>();
let madeChars = 0;
const maxChars = 200_000;
/** Each schema made here has a number: the names of schemas made of it use that. */
const numbers = new WeakMap<object, number>();
let nextNumber = 1;

function read(o: Options | undefined, keys: readonly Limit[]): Read {
  const limits: [Limit, unknown][] = [];
  for (const k of keys) {
    const v = o?.[k];
    if (v !== undefined) limits.push([k, v]);
  }
  return { limits, describe: o?.describe };
}

function build(json: Record<string, unknown>, o: Read): S {
  const out: Record<string, unknown> = { ...json };
  for (const [k, v] of o.limits) out[k] = v;
  if (o.describe) out.description = String(o.describe);
  return Object.freeze({ json: frozenJson(out, "an input schema") });
}

/** A value JSON writes as itself alone: -0, NaN and the infinities are not (-0 → 0, NaN → null). */
function plain(v: unknown): boolean {
  return v === null || v === undefined || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v) && !Object.is(v, -0));
}

/**
 * The schema `kind` makes of these parts (schemas' numbers, or plain values) and options:
 * the one made before under the same name, or a new one.
 */
function schema(kind: string, parts: unknown[], json: Record<string, unknown>, o: Read): S {
  const named = parts.every((p) => p !== undefined && plain(p)) && o.limits.every(([, v]) => plain(v)) && plain(o.describe);
  if (!named) return build(json, o);
  const name = JSON.stringify([kind, parts, o.limits, o.describe ?? null]);
  const known = made.get(name);
  if (known) return known;
  const s = build(json, o);
  if (madeChars + copied.chars > maxChars) {
    made.clear();
    madeChars = 0;
  }
  made.set(name, s);
  madeChars += copied.chars + name.length;
  numbers.set(s.json as object, nextNumber++);
  return s;
}

/** A part's schema, and its number (undefined for one not made here: then nothing made of it is named). */
function part(s: S | undefined, what: string): { json: Json; number: number | undefined } {
  if (!s || typeof s !== "object" || s.json === undefined) throw new Error(`${what} must be a schema built with t (e.g. t.string())`);
  const json = s.json;
  return { json, number: typeof json === "object" && json !== null ? numbers.get(json) : undefined };
}

/** A schema of one type: without options, the same frozen value every time, made once. */
function leaf(json: Record<string, unknown>, keys: readonly Limit[] = []): (o?: Options) => S {
  const kind = JSON.stringify(json);
  const bare = build(json, { limits: [], describe: undefined });
  numbers.set(bare.json as object, nextNumber++);
  return (o) => (o === undefined ? bare : schema(kind, [], json, read(o, keys)));
}

export const t = Object.freeze({
  string: leaf({ type: "string" }, ["minLength", "maxLength"]),
  integer: leaf({ type: "integer" }, ["minimum", "maximum"]),
  number: leaf({ type: "number" }, ["minimum", "maximum"]),
  boolean: leaf({ type: "boolean" }),
  enum: (values: string[], o?: Options) => {
    const strings = [...values].map(String);
    return schema("enum", strings, { type: "string", enum: strings }, read(o, []));
  },
  player: leaf({ type: "string", format: "player" }),
  rule: leaf({ type: "integer", format: "rule" }, ["minimum", "maximum"]),
  code: leaf({ type: "string", format: "rule-code" }),
  array: (items: S, o?: Options) => {
    const p = part(items, "an array's items");
    return schema("array", [p.number], { type: "array", items: p.json }, read(o, ["minItems", "maxItems"]));
  },
  object: (props: Record<string, S>, o?: Options) => {
    const optional = Array.isArray(o?.optional) ? (o.optional as unknown[]).map(String) : [];
    const keys = Object.keys(props);
    const parts = keys.map((key) => part(props[key], `property ${key}`));
    const options = read(o, []);
    const properties: Record<string, Json> = {};
    keys.forEach((key, i) => {
      properties[key] = parts[i]!.json;
    });
    const required = keys.filter((k) => !optional.includes(k));
    const name = [...keys, ...parts.map((p) => p.number), ...optional];
    return schema(`object:${keys.length}:${optional.length}`, name, { type: "object", properties, required, additionalProperties: false }, options);
  },
  oneOf: (variants: S[], o?: Options) => {
    const parts = [...variants].map((v, i) => part(v, `variant ${i + 1}`));
    return schema(
      "oneOf",
      parts.map((p) => p.number),
      { type: "object", required: ["kind"], discriminator: { propertyName: "kind" }, oneOf: parts.map((p) => p.json) },
      read(o, []),
    );
  },
});
