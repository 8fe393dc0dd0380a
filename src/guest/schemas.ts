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

export const t = Object.freeze({
  string: (o?: Options) => schema({ type: "string" }, o, ["minLength", "maxLength"]),
  integer: (o?: Options) => schema({ type: "integer" }, o, ["minimum", "maximum"]),
  number: (o?: Options) => schema({ type: "number" }, o, ["minimum", "maximum"]),
  boolean: (o?: Options) => schema({ type: "boolean" }, o),
  enum: (values: string[], o?: Options) => schema({ type: "string", enum: [...values].map(String) }, o),
  player: (o?: Options) => schema({ type: "string", format: "player" }, o),
  rule: (o?: Options) => schema({ type: "integer", format: "rule" }, o, ["minimum", "maximum"]),
  code: (o?: Options) => schema({ type: "string", format: "rule-code" }, o),
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
