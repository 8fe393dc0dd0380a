/**
 * Checks a player's input against the JSON Schema a rule declared for an action, before
 * anything crosses into the sandbox, and prepares it: player ids are checked against the
 * game, and rule code (format "rule-code") is type-checked and compiled.
 */
import { createRequire } from "node:module";
import type { Ajv as AjvInstance, ErrorObject, ValidateFunction } from "ajv";
import type { Json, PlayerRecord, RuleCode } from "./types.js";
import { limitWords } from "./limit-words.js";

let ajv: AjvInstance | undefined;
/** Loaded with the first input checked: a CLI command that takes no action never loads it. */
function validator(): AjvInstance {
  if (!ajv) {
    const { Ajv } = createRequire(import.meta.url)("ajv") as typeof import("ajv");
    // verbose: each error carries the value refused, so that a text too long can say by how much.
    ajv = new Ajv({ allErrors: true, discriminator: true, strict: false, verbose: true });
    ajv.addFormat("player", true);
    ajv.addFormat("rule-code", true);
    ajv.addFormat("rule", true);
  }
  return ajv;
}

const compiled = new Map<string, ValidateFunction>();

export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("; "));
    this.name = "InputError";
  }
}

function describe(error: ErrorObject): string {
  const where = error.instancePath ? `input${error.instancePath.replace(/\/(\d+)/g, "[$1]").replace(/\//g, ".")}` : "input";
  const limit = limitWords(error.keyword, error.params as Record<string, unknown>, error.data);
  if (limit) return `${where} ${limit}`;
  switch (error.keyword) {
    case "required":
      return `${where} is missing "${(error.params as { missingProperty: string }).missingProperty}"`;
    case "additionalProperties":
      return `${where} has "${(error.params as { additionalProperty: string }).additionalProperty}", which this action does not take`;
    case "enum":
      return `${where} must be one of ${(error.params as { allowedValues: string[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
    case "discriminator":
      return `${where}.kind must be one of the kinds this action takes`;
    default:
      return `${where} ${error.message ?? "is not valid"}`;
  }
}

export interface PrepareContext {
  players: readonly PlayerRecord[];
  /** Type-checks and compiles rule code: off the event loop, so it is asynchronous. */
  compileCode: (source: string) => Promise<RuleCode>;
}

/** Validates input against the schema and returns it prepared for the rules; throws InputError. */
export async function prepareInput(schema: Json, input: unknown, context: PrepareContext): Promise<Json> {
  const key = JSON.stringify(schema);
  let found = compiled.get(key);
  if (!found) {
    found = validator().compile(schema as object);
    compiled.set(key, found);
  }
  const validate = found;
  if (!validate(input)) {
    const problems = [...new Set((validate.errors ?? []).filter((e) => e.keyword !== "oneOf").map(describe))];
    throw new InputError(problems.length ? problems : ["input does not match the action's form"]);
  }
  return transform(schema, input as Json, "input", context);
}

async function transform(schema: Json, value: Json, where: string, context: PrepareContext): Promise<Json> {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return value;
  const s = schema as Record<string, Json>;
  if (s.format === "player" && typeof value === "string") {
    if (!context.players.some((p) => p.id === value)) {
      throw new InputError([`${where}: "${value}" is not a player in this game (players: ${context.players.map((p) => p.id).join(", ")})`]);
    }
    return value;
  }
  if (s.format === "rule-code" && typeof value === "string") {
    try {
      return (await context.compileCode(value)) as unknown as Json;
    } catch (err) {
      // The compiler's words say where in the code; the field's path would be the engine's words.
      throw new InputError([(err as Error).message]);
    }
  }
  if (Array.isArray(s.oneOf) && value && typeof value === "object" && !Array.isArray(value)) {
    const variant = s.oneOf.find((v) => {
      const kind = (v as Record<string, Json>)?.properties as Record<string, Record<string, Json>> | undefined;
      const k = kind?.kind;
      return k && (k.const === value.kind || (Array.isArray(k.enum) && k.enum.includes(value.kind as Json)));
    });
    return variant ? transform(variant, value, where, context) : value;
  }
  if (s.type === "object" && value && typeof value === "object" && !Array.isArray(value)) {
    const props = (s.properties ?? {}) as Record<string, Json>;
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = props[k] ? await transform(props[k], v, `${where}.${k}`, context) : v;
    return out;
  }
  if (s.type === "array" && Array.isArray(value)) {
    const out: Json[] = [];
    // One at a time: the type-checker is one worker, and the first error is the one reported.
    for (const [i, v] of value.entries()) out.push(await transform(s.items as Json, v, `${where}[${i}]`, context));
    return out;
  }
  return value;
}
