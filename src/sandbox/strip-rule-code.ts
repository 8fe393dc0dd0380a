/**
 * Rule code stripped of its types (sucrase), without checking them: for presets (which the test
 * suite type-checks), and for code a rule puts into effect, which the sandbox's thread compiles
 * from its source so that what runs is always what voters read (`compiledOnHost`). Kept apart
 * from the type-checker, so that a sandbox's thread never loads TypeScript.
 */
import { createRequire } from "node:module";
import type { RuleCode } from "../kernel/types.js";

/** sucrase, loaded when first needed: most `nomos` commands compile no rule code, and it costs their start-up ~90 ms. */
let sucrase: typeof import("sucrase") | undefined;

/** Strips types without checking them. */
export function stripRuleCode(source: string): RuleCode {
  sucrase ??= createRequire(import.meta.url)("sucrase") as typeof import("sucrase");
  const js = sucrase.transform(source, { transforms: ["typescript"], disableESTransforms: true }).code;
  return { source, js };
}

/** `__nomosHost.compile(source)`: JSON text, `{ js }` or `{ error }` in words. */
export function compiledOnHost(source: string): string {
  try {
    return JSON.stringify({ js: stripRuleCode(source).js });
  } catch (err) {
    return JSON.stringify({ error: `its code does not compile: ${String((err as Error)?.message ?? err).slice(0, 500)}` });
  }
}
