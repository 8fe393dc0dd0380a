/**
 * A form's fields typed as words (`--vote for` on the command line, `vote: for` in a mail), read
 * by the action's or decision's input schema, so that any rule's action can be taken this way
 * with no code of its own: true/false, numbers, JSON for lists and sets of fields, text for the
 * rest. A field of a field is named with a dot (`change.kind: enact`).
 */
import type { Json } from "../kernel/types.js";

type Schema = { [key: string]: Json };
const isSchema = (v: Json | undefined): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** A field that cannot be read: the message says which and how to write it. */
export class FieldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FieldError";
  }
}

/** One field's text as its form reads it; `label` names the field in the error ("--vote", "the field vote"). */
export function fieldValue(schema: Json | undefined, label: string, text: string): Json {
  const type = isSchema(schema) ? schema.type : undefined;
  if (type === "boolean") {
    if (/^(true|yes)$/i.test(text)) return true;
    if (/^(false|no)$/i.test(text)) return false;
    throw new FieldError(`${label} is true or false, not "${text}"`);
  }
  if (type === "integer" || type === "number") {
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n)) throw new FieldError(`${label} is a number, not "${text}"`);
    return n;
  }
  if (type === "array" || type === "object") {
    try {
      return JSON.parse(text) as Json;
    } catch {
      throw new FieldError(`${label} is written as JSON (such as ${type === "array" ? '["a", "b"]' : '{"field": "value"}'}), and "${text}" is not`);
    }
  }
  return text;
}

/** The schema of the field a dotted path names (looked up in each variant of a field that has several), or undefined. */
export function fieldSchema(schema: Json | undefined, path: string[]): Json | undefined {
  let at: Json | undefined = schema;
  for (const name of path) {
    if (!isSchema(at)) return undefined;
    const holders = Array.isArray(at.oneOf) ? at.oneOf.filter(isSchema) : [at];
    at = holders.map((h) => (isSchema(h.properties) && Object.hasOwn(h.properties, name) ? h.properties[name] : undefined)).find((s) => s !== undefined);
    if (at === undefined) return undefined;
  }
  return at;
}

/** The names a form takes, dotted for a field's fields, for an error that says what it takes. */
export function fieldNames(schema: Json | undefined, prefix = ""): string[] {
  if (!isSchema(schema)) return [];
  const holders = Array.isArray(schema.oneOf) ? schema.oneOf.filter(isSchema) : [schema];
  const names = new Set<string>();
  for (const h of holders)
    for (const [name, sub] of Object.entries(isSchema(h.properties) ? h.properties : {})) {
      const inner = fieldNames(sub, `${prefix}${name}.`);
      for (const n of inner.length ? inner : [`${prefix}${name}`]) names.add(n);
    }
  return [...names];
}

/** The input the named fields make: each read by its schema; a name the form lacks is a {@link FieldError} listing what it takes. */
export function inputFromFields(schema: Json | undefined, fields: [name: string, text: string][], label: (name: string) => string): Json {
  const input: Record<string, Json> = {};
  for (const [name, text] of fields) {
    const path = name.split(".");
    const sub = fieldSchema(schema, path);
    if (sub === undefined) throw new FieldError(`this form has no field "${name}"; it takes ${fieldNames(schema).join(", ") || "no fields"}`);
    let holder = input;
    for (const part of path.slice(0, -1)) {
      const next = holder[part];
      holder = (holder[part] = isSchema(next) ? next : {}) as Record<string, Json>;
    }
    holder[path.at(-1)!] = fieldValue(sub, label(name), text);
  }
  return input;
}
