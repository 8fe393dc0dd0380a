/** Type-checks rule code against the rule API and says where each problem is, for editors and for proposals. */
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
