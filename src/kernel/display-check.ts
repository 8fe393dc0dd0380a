/**
 * How a state reads to people (the rule API's StateDisplay), and the check of a declared one.
 * The check runs in the sandbox when the rule declares the state, so that a mistake reads as
 * the rule's own, and again in the host, which trusts no effect.
 */

export const displayFormats = ["text", "number", "player", "players", "time", "duration", "rule", "yes-no"] as const;
export type DisplayFormat = (typeof displayFormats)[number];
export const displayKinds = ["sentence", "list", "table", "hidden"] as const;

export interface DisplayColumn {
  field: string;
  label?: string;
  format?: DisplayFormat;
}

export interface StateDisplay {
  label?: string;
  as?: (typeof displayKinds)[number];
  text?: string | string[];
  item?: string | string[];
  columns?: DisplayColumn[];
  formats?: { [field: string]: DisplayFormat };
  empty?: string;
}

const bounds = { words: 200, template: 500, templates: 10, columns: 30, formats: 50, field: 100 };
const fieldPattern = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function words(v: unknown, path: string, max = bounds.words): string | null {
  if (typeof v !== "string") return `${path} must be text`;
  return v.length > max ? `${path} is longer than ${max} characters` : null;
}

function field(v: unknown, path: string): string | null {
  if (typeof v !== "string" || v.length > bounds.field || !fieldPattern.test(v))
    return `${path} must name a field: letters, digits, "_" or "-", with dots to reach inside ("phase.name")`;
  return null;
}

function format(v: unknown, path: string): string | null {
  return displayFormats.includes(v as DisplayFormat) ? null : `${path} must be one of ${displayFormats.join(", ")}`;
}

/** A template's placeholders must name fields, and its braces must pair. */
function template(v: unknown, path: string): string | null {
  const problem = words(v, path, bounds.template);
  if (problem) return problem;
  const text = v as string;
  const open = /\{([^{}]*)\}/g;
  // "{?field}" is a condition (the template applies only when the field is true), not a value.
  for (const m of text.matchAll(open))
    if (field(m[1]?.replace(/^\?/, ""), path)) return `${path} has the placeholder {${m[1]!.slice(0, 40)}}, which names no field`;
  if (/[{}]/.test(text.replace(open, ""))) return `${path} has a brace that is not part of a {field}`;
  return null;
}

function templates(v: unknown, path: string): string | null {
  if (typeof v === "string") return template(v, path);
  if (!Array.isArray(v) || v.length === 0 || v.length > bounds.templates) return `${path} must be a template, or a list of 1 to ${bounds.templates} templates`;
  for (let i = 0; i < v.length; i++) {
    const problem = template(v[i], `${path}[${i}]`);
    if (problem) return problem;
  }
  return null;
}

const columnKeys: Record<keyof DisplayColumn, true> = { field: true, label: true, format: true };

function column(v: unknown, path: string): string | null {
  if (!isObject(v)) return `${path} must be { field, label?, format? }`;
  for (const key of Object.keys(v)) if (!Object.hasOwn(columnKeys, key)) return `${path} has "${key.slice(0, 40)}"; a column has field, label and format`;
  return (
    field(v.field, `${path}.field`) ??
    (v.label === undefined ? null : words(v.label, `${path}.label`)) ??
    (v.format === undefined ? null : format(v.format, `${path}.format`))
  );
}

const checks: { [K in keyof StateDisplay]-?: (v: unknown, path: string) => string | null } = {
  label: words,
  as: (v, path) => (displayKinds.includes(v as never) ? null : `${path} must be one of ${displayKinds.join(", ")}`),
  text: templates,
  item: templates,
  columns: (v, path) => {
    if (!Array.isArray(v) || v.length === 0 || v.length > bounds.columns) return `${path} must be a list of 1 to ${bounds.columns} columns`;
    for (let i = 0; i < v.length; i++) {
      const problem = column(v[i], `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  },
  formats: (v, path) => {
    if (!isObject(v)) return `${path} must map fields to formats: { since: "time" }`;
    const entries = Object.entries(v);
    if (entries.length > bounds.formats) return `${path} names more than ${bounds.formats} fields`;
    for (const [key, f] of entries) {
      const problem = field(key, `${path} key "${key.slice(0, 40)}"`) ?? format(f, `${path}.${key}`);
      if (problem) return problem;
    }
    return null;
  },
  empty: words,
};

/** Why `value` is not a StateDisplay, in a rule author's words, or null. `what` names it: `Rule 401: gameState("poem")'s display`. */
export function displayProblem(value: unknown, what: string): string | null {
  if (!isObject(value)) return `${what} must be an object such as { label: "Epic Poem", as: "list", item: "{text} (by {by})" }`;
  for (const [key, v] of Object.entries(value)) {
    if (!Object.hasOwn(checks, key)) return `${what} has "${key.slice(0, 40)}"; a display has ${Object.keys(checks).join(", ")}`;
    if (v === undefined) continue;
    const problem = checks[key as keyof StateDisplay](v, `${what}.${key}`);
    if (problem) return problem;
  }
  return null;
}
