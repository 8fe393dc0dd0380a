/**
 * An action's input form (the JSON Schema its rule declared) in words, so that a player can
 * type `nomos act <action> --input '...'`, or answer a mail with a move, without reading JSON Schema.
 */
import type { Json } from "../kernel/types.js";

type Schema = { [key: string]: Json };

function isSchema(v: Json | undefined): v is Schema {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** One schema as a type-like expression: { proposal: integer, vote: "for" | "against" }. */
export function typeOf(schema: Json | undefined): string {
  if (!isSchema(schema)) return "any";
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.oneOf)) return schema.oneOf.map(typeOf).join(" | ");
  if (schema.format === "rule-code") return "code (TypeScript source)";
  if (schema.format === "player") return "player id";
  switch (schema.type) {
    case "object": {
      const props = isSchema(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const fields = Object.entries(props).map(([k, v]) => `${k}${required.has(k) ? "" : "?"}: ${typeOf(v)}`);
      return fields.length ? `{ ${fields.join(", ")} }` : "{}";
    }
    case "array":
      return `${typeOf(schema.items)}[]`;
    default:
      return typeof schema.type === "string" ? schema.type : "any";
  }
}

/**
 * The form as lines. A property that is one of several variants (Suber's rule-change)
 * gets one line per variant, with the variant's description.
 */
export function describeForm(schema: Json, pad = "  "): string[] {
  if (!isSchema(schema) || schema.type !== "object" || !isSchema(schema.properties)) return [`${pad}input: ${typeOf(schema)}`];
  const variants = Object.entries(schema.properties).filter(([, v]) => isSchema(v) && Array.isArray(v.oneOf));
  if (!variants.length) return [`${pad}input: ${typeOf(schema)}`];
  const lines = [
    `${pad}input: ${typeOf({ ...schema, properties: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, variants.some(([n]) => n === k) ? { type: `<${k}>` } : v])) })}`,
  ];
  for (const [name, v] of variants) {
    lines.push(`${pad}where <${name}> is one of:`);
    for (const variant of (v as Schema).oneOf as Json[]) {
      const about = isSchema(variant) && typeof variant.description === "string" ? `  (${variant.description})` : "";
      lines.push(`${pad}  ${typeOf(variant)}${about}`);
    }
  }
  return lines;
}
