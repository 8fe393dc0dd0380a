/**
 * What a form knows of its schema and value, without drawing anything: the starting value,
 * the variant of a "kind" field chosen, the labels, and what still stops the form being sent.
 */
import { capitalise } from "../../../present/display.js";
import type { Json, Rule, Schema as ContractSchema } from "../../types.js";

/** The contract's schema with the limits `t` declares (the form shows and checks them). */
export type Schema = Omit<ContractSchema, "properties" | "items" | "oneOf"> & {
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};
export type Obj = { [key: string]: Json };

export function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

export function variantOf(schema: Schema, value: Obj): Schema | undefined {
  const key = schema.discriminator?.propertyName;
  if (!schema.oneOf || !key) return undefined;
  return schema.oneOf.find((v) => v.properties?.[key]?.enum?.[0] === value[key]) ?? schema.oneOf[0];
}

/** A field that names a rule: t.rule(), or an integer field called "rule". */
export const isRuleField = (name: string, schema: Schema) =>
  typeOf(schema) === "integer" && (schema.format === "rule" || name === "rule") && schema.enum === undefined;

/** An array of plain texts (a poem's lines): typed one item per line. */
export const isLines = (schema: Schema) => {
  const items = schema.items;
  return !!items && typeOf(items) === "string" && !items.format && !items.enum;
};

/** The starting value of a field: its default, else blank (absent). */
export function initial(schema: Schema): Json | undefined {
  if (schema.default !== undefined) return schema.default;
  if (schema.oneOf && schema.discriminator) {
    const first = schema.oneOf[0]!;
    const key = schema.discriminator.propertyName;
    return { [key]: first.properties?.[key]?.enum?.[0] ?? null };
  }
  if (typeOf(schema) === "object") {
    const out: Obj = {};
    for (const [k, s] of Object.entries(schema.properties ?? {})) {
      const v = initial(s);
      if (v !== undefined && (schema.required ?? []).includes(k)) out[k] = v;
    }
    return out;
  }
  if (typeOf(schema) === "array" && (schema.minItems ?? 0) > 0 && !isLines(schema)) {
    const item = initial(schema.items ?? {});
    if (item !== undefined) return Array.from({ length: schema.minItems! }, () => item);
  }
  if (schema.enum && schema.enum.length === 1) return schema.enum[0];
  return undefined;
}

export const label = (name: string) => capitalise(name.replace(/([a-z])([A-Z])/g, "$1 $2"));

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** The limits of a field, in words: "at most 20000 characters", "from 1 to 3650". */
export function limitsInWords(schema: Schema): string | null {
  const type = typeOf(schema);
  const range = (lo: number | undefined, hi: number | undefined, unit: (n: number) => string) =>
    lo !== undefined && hi !== undefined
      ? `${lo} to ${unit(hi)}`
      : hi !== undefined
        ? `at most ${unit(hi)}`
        : lo !== undefined && lo > 1
          ? `at least ${unit(lo)}`
          : null;
  if (type === "string") return range(schema.minLength, schema.maxLength, (n) => plural(n, "character"));
  if (type === "array") return range(schema.minItems, schema.maxItems, (n) => plural(n, isLines(schema) ? "line" : "item"));
  if (type === "integer" || type === "number") {
    const { minimum: lo, maximum: hi } = schema;
    return lo !== undefined && hi !== undefined ? `from ${lo} to ${hi}` : lo !== undefined ? `${lo} or more` : hi !== undefined ? `${hi} or less` : null;
  }
  return null;
}

/** Why a value does not fit its field, in words, or null (absent values are the caller's). */
export function valueProblem(schema: Schema, value: Json): string | null {
  const type = typeOf(schema);
  if (type === "string" && typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength)
      return schema.minLength === 1 ? "is empty" : `is too short: at least ${plural(schema.minLength, "character")}`;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `is too long: at most ${plural(schema.maxLength, "character")}`;
  }
  if ((type === "integer" || type === "number") && typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return `must be ${schema.minimum} or more`;
    if (schema.maximum !== undefined && value > schema.maximum) return `must be ${schema.maximum} or less`;
  }
  if (type === "array" && Array.isArray(value)) {
    const unit = isLines(schema) ? "line" : "item";
    if (schema.minItems !== undefined && value.length < schema.minItems) return `needs at least ${plural(schema.minItems, unit)}`;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `has too many: at most ${plural(schema.maxItems, unit)}`;
  }
  return null;
}

/**
 * Everything that stops the form being sent, in words ("Change › Text is empty"): absent
 * required fields, values outside their limits, and what a field could not read (`unread`).
 */
export function formProblems(schema: Schema, value: Json | undefined, unread: Record<string, string>): string[] {
  const out: string[] = Object.values(unread);
  const walk = (s: Schema, v: Json | undefined, where: string) => {
    if (v === undefined) return;
    const problem = valueProblem(s, v);
    if (problem) out.push(`${where} ${problem}`);
    if (Array.isArray(v) && s.items)
      for (const [i, item] of v.entries()) {
        if (!isLines(s)) {
          if (item === null) out.push(`${where} › ${i + 1} is not filled in`);
          else walk(s.items, item, `${where} › ${i + 1}`);
          continue;
        }
        const p = valueProblem(s.items, item);
        if (p) out.push(`${where}, line ${i + 1}, ${p}`);
      }
    if (v && typeof v === "object" && !Array.isArray(v)) {
      const shape = variantOf(s, v) ?? s;
      const key = s.discriminator?.propertyName;
      for (const [k, sub] of Object.entries(shape.properties ?? {})) {
        if (k === key) continue;
        const name = where ? `${where} › ${label(k)}` : label(k);
        if (v[k] === undefined) {
          if ((shape.required ?? []).includes(k)) out.push(`${name} is missing`);
        } else walk(sub, v[k], name);
      }
    }
  };
  walk(schema, value, "");
  return [...new Set(out)];
}

/** A rule as a picker shows it: "301 — Judgment" or its first words. */
export function ruleChoice(rule: Rule): string {
  const words = rule.title || rule.text.replace(/\s+/g, " ").trim();
  // Immutable rules said so: an amendment or repeal of one is refused until it is transmuted.
  return `${rule.number} — ${words.length > 60 ? `${words.slice(0, 59)}…` : words}${rule.mutable ? "" : " (immutable)"}`;
}
