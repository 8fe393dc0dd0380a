/** `t`: the builders of action input schemas (JSON Schema), as rule code sees them. */
import type { Json } from "../kernel/types.js";
import { frozenJson } from "./json.js";

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

function schema(json: Record<string, unknown>, o: Options | undefined, keys: (keyof Options)[] = []): S {
  const out: Record<string, unknown> = { ...json };
  for (const k of keys) if (o?.[k] !== undefined) out[k] = o[k];
  if (o?.describe) out.description = String(o.describe);
  return Object.freeze({ json: frozenJson(out, "an input schema") });
}

const part = (s: S | undefined, what: string): Json => {
  if (!s || typeof s !== "object" || s.json === undefined) throw new Error(`${what} must be a schema built with t (e.g. t.string())`);
  return s.json;
};

/**
 * A schema without options is the same frozen value every time: made once, not at every run of
 * every top level that asks for it (top levels run again each act, loaded.ts).
 */
function plain(json: Record<string, unknown>, keys: (keyof Options)[] = []): (o?: Options) => S {
  const bare = schema(json, undefined);
  return (o) => (o === undefined ? bare : schema(json, o, keys));
}

export const t = Object.freeze({
  string: plain({ type: "string" }, ["minLength", "maxLength"]),
  integer: plain({ type: "integer" }, ["minimum", "maximum"]),
  number: plain({ type: "number" }, ["minimum", "maximum"]),
  boolean: plain({ type: "boolean" }),
  enum: (values: string[], o?: Options) => schema({ type: "string", enum: [...values].map(String) }, o),
  player: plain({ type: "string", format: "player" }),
  rule: plain({ type: "integer", format: "rule" }, ["minimum", "maximum"]),
  code: plain({ type: "string", format: "rule-code" }),
  array: (items: S, o?: Options) => schema({ type: "array", items: part(items, "an array's items") }, o, ["minItems", "maxItems"]),
  object: (props: Record<string, S>, o?: Options) => {
    const optional = Array.isArray(o?.optional) ? (o.optional as unknown[]).map(String) : [];
    const properties: Record<string, Json> = {};
    for (const key of Object.keys(props)) properties[key] = part(props[key], `property ${key}`);
    const required = Object.keys(props).filter((k) => !optional.includes(k));
    return schema({ type: "object", properties, required, additionalProperties: false }, o);
  },
  oneOf: (variants: S[], o?: Options) =>
    schema({ type: "object", required: ["kind"], discriminator: { propertyName: "kind" }, oneOf: [...variants].map((v, i) => part(v, `variant ${i + 1}`)) }, o),
});
