/**
 * The forms of actions a rule declares are JSON Schemas the host compiles (ajv) and runs
 * on players' input. A schema from the sandbox is held to what the rule API's `t` builds:
 * no `pattern` (a regular expression could stall the host), no `$ref`, nothing unknown.
 */
import { jsonSize } from "./json-size.js";
import { limits, nameProblem } from "./limits.js";
import type { Json } from "./types.js";

const numeric = ["minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems"];
const types = ["string", "integer", "number", "boolean", "array", "object"];
const formats = ["player", "rule-code", "rule"];

/** Why `schema` is not a form the rule API could have built, or null. */
export function schemaProblem(schema: Json, path: string): string | null {
  const size = jsonSize(schema, limits.valueChars);
  if (typeof size === "string") return `${path} ${size}`;
  return walk(schema, path);
}

function walk(s: Json, path: string): string | null {
  if (typeof s !== "object" || s === null || Array.isArray(s)) return `${path} must be an object (a form built with t)`;
  for (const [key, v] of Object.entries(s)) {
    const at = `${path}.${key}`;
    let problem: string | null = null;
    if (numeric.includes(key)) problem = typeof v === "number" && Number.isFinite(v) ? null : `${at} must be a number`;
    else if (key === "type") problem = typeof v === "string" && types.includes(v) ? null : `${at} must be one of ${types.join(", ")}`;
    else if (key === "format") problem = typeof v === "string" && formats.includes(v) ? null : `${at} must be one of ${formats.join(", ")}`;
    else if (key === "description") problem = typeof v === "string" ? null : `${at} must be text`;
    else if (key === "enum" || key === "required") problem = Array.isArray(v) && v.every((x) => typeof x === "string") ? null : `${at} must be a list of texts`;
    else if (key === "additionalProperties") problem = v === false ? null : `${at} must be false`;
    else if (key === "discriminator") problem = JSON.stringify(v) === '{"propertyName":"kind"}' ? null : `${at} must be { propertyName: "kind" }`;
    else if (key === "items") problem = walk(v, at);
    else if (key === "oneOf")
      problem = Array.isArray(v) ? (v.map((x, i) => walk(x, `${at}[${i}]`)).find((p) => p !== null) ?? null) : `${at} must be a list of forms`;
    else if (key === "properties") {
      if (typeof v !== "object" || v === null || Array.isArray(v)) problem = `${at} must be an object`;
      else for (const [prop, sub] of Object.entries(v)) if ((problem = nameProblem(prop, "an input field") ?? walk(sub, `${at}.${prop}`))) break;
    } else problem = `${at} is not part of a form the rule API builds`;
    if (problem) return problem;
  }
  return null;
}
