/**
 * Turns a player's TypeScript into rule code the sandbox can run: type-checked against
 * the published rule API (src/rule-api/rule-api.d.ts), then stripped of its types.
 * Requests use the asynchronous versions, which check in a worker with a deadline; the
 * synchronous ones run TypeScript on the calling thread (preset loading, tests).
 */
import { diagnoseRuleCode, lengthProblem, type RuleDiagnostic } from "../authoring/diagnostics.js";
import { diagnoseRuleCodeAsync, TypeCheckStopped } from "../authoring/type-checker.js";
import type { RuleCode } from "../kernel/types.js";
import { stripRuleCode } from "./strip-rule-code.js";

export { stripRuleCode };

export class RuleCodeError extends Error {
  constructor(readonly problems: string[]) {
    super(`the rule's code does not compile:\n${problems.map((p) => `  ${p}`).join("\n")}\nFix these and propose it again.`);
    this.name = "RuleCodeError";
  }
}

/** Type-checks rule code; returns the problems as "Line 5, column 15: Expression expected". */
export function checkRuleCode(source: string): string[] {
  const tooLong = lengthProblem(source);
  if (tooLong) return [tooLong];
  return diagnoseRuleCode(source).map(problem);
}

/** Type-checks rule code off the event loop, within the check's deadline and memory. */
export async function checkRuleCodeAsync(source: string, who?: string): Promise<string[]> {
  const tooLong = lengthProblem(source);
  if (tooLong) return [tooLong];
  try {
    return (await diagnoseRuleCodeAsync(source, who)).map(problem);
  } catch (err) {
    if (err instanceof TypeCheckStopped) return [err.message];
    throw err;
  }
}

function problem(d: RuleDiagnostic): string {
  return `Line ${d.line}, column ${d.column}: ${d.message}`;
}

/** Checks and strips a player's rule code; throws {@link RuleCodeError} listing every problem. */
export function compileRuleCode(source: string): RuleCode {
  const problems = checkRuleCode(source);
  if (problems.length) throw new RuleCodeError(problems);
  return stripRuleCode(source);
}

/** {@link compileRuleCode} off the event loop: what every request uses. */
export async function compileRuleCodeAsync(source: string, who?: string): Promise<RuleCode> {
  const problems = await checkRuleCodeAsync(source, who);
  if (problems.length) throw new RuleCodeError(problems);
  return stripRuleCode(source);
}
