/** Type-checks rule code against the rule API and says where each problem is, for editors and for proposals. */
import type * as TypeScript from "typescript";
import { discardRuleProgram, maxSourceLength, ruleFile, ruleService } from "./rule-service.js";

export interface RuleDiagnostic {
  /** Character offsets in the source: the problem spans [from, to). */
  from: number;
  to: number;
  /** 1-based. */
  line: number;
  column: number;
  severity: "error" | "warning";
  message: string;
}

/** Why the source is too long to check, or undefined. Checked before TypeScript is loaded. */
export function lengthProblem(source: string): string | undefined {
  return source.length > maxSourceLength ? `the code is ${source.length} characters long; the limit is ${maxSourceLength}` : undefined;
}

/** Every problem TypeScript finds in the rule code (syntax first, then types). */
export function diagnoseRuleCode(source: string): RuleDiagnostic[] {
  const tooLong = lengthProblem(source);
  if (tooLong) return [diagnostic(lineAndColumn(source, maxSourceLength), maxSourceLength, source.length, "error", tooLong)];
  const { ts, service } = ruleService(source);
  const result: RuleDiagnostic[] = [];
  try {
    const rule = service.getProgram()?.getSourceFile(ruleFile);
    if (!rule) throw new Error("the rule file is missing from the program");
    const at = (offset: number) => {
      const { line, character } = rule.getLineAndCharacterOfPosition(offset);
      return { line: line + 1, column: character + 1 };
    };
    if (ts.isExternalModule(rule)) {
      const firstLineEnd = source.search(/[\r\n\u2028\u2029]|$/);
      result.push(diagnostic(at(0), 0, firstLineEnd, "error", "rule code is a script: remove import and export statements (the rule API's names are global)"));
    }
    for (const node of asyncNodes(ts, rule)) result.push(diagnostic(at(node.getStart(rule)), node.getStart(rule), node.getEnd(), "error", noAsync));
    for (const d of [...service.getSyntacticDiagnostics(ruleFile), ...service.getSemanticDiagnostics(ruleFile)]) {
      const from = Math.min(d.start ?? 0, source.length);
      const to = Math.min(from + (d.length ?? 0), source.length);
      const severity = d.category === ts.DiagnosticCategory.Error ? "error" : "warning";
      result.push(diagnostic(at(from), from, to, severity, ts.flattenDiagnosticMessageText(d.messageText, "\n")));
    }
  } catch (error) {
    // Deeply nested code can overflow the checker's stack. Code that cannot be checked is
    // refused, never passed; and the half-used checker is not trusted with the next check.
    discardRuleProgram();
    return [diagnostic({ line: 1, column: 1 }, 0, 0, "error", `TypeScript could not check this code (${String(error)}); simplify it`)];
  }
  return result;
}

/**
 * Rule code runs within one act, synchronously: the sandbox has no promises, so an async function
 * is not even callable there. TypeScript's library declares them, so it would pass such code.
 */
const noAsync =
  "rule code runs synchronously, within one act: async functions and await are not available; remove async (and await) and call the function directly";

/** The async keywords (of functions, methods and arrows) and the awaits in a rule's code. */
function asyncNodes(ts: typeof TypeScript, file: TypeScript.SourceFile): TypeScript.Node[] {
  const found: TypeScript.Node[] = [];
  const visit = (node: TypeScript.Node): void => {
    if (node.kind === ts.SyntaxKind.AsyncKeyword || ts.isAwaitExpression(node)) found.push(node);
    else if (ts.isForOfStatement(node) && node.awaitModifier) found.push(node.awaitModifier);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function diagnostic(
  { line, column }: { line: number; column: number },
  from: number,
  to: number,
  severity: RuleDiagnostic["severity"],
  message: string,
): RuleDiagnostic {
  return { from, to, line, column, severity, message };
}

/** 1-based line and column of an offset, with TypeScript's line breaks. */
function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  const lines = source.slice(0, offset).split(/\r\n?|[\n\u2028\u2029]/);
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}
