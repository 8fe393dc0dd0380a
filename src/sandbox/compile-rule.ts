/**
 * Turns a player's TypeScript into rule code the sandbox can run: type-checked against
 * the published rule API (src/rule-api/rule-api.d.ts), then stripped of its types.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as TypeScript from "typescript";
import { transform } from "sucrase";
import type { RuleCode } from "../kernel/types.js";
import { packagePath } from "./package-root.js";

export const ruleApiPath = packagePath("src", "rule-api", "rule-api.d.ts");
const ruleFile = "/rule/rule.ts";
const apiFile = "/rule/rule-api.d.ts";
const maxSourceLength = 100_000;

// TypeScript takes over a second to load: only commands that check rule code pay for it.
let loaded: typeof TypeScript | undefined;
function typescript(): typeof TypeScript {
  loaded ??= createRequire(import.meta.url)("typescript") as typeof TypeScript;
  return loaded;
}

function compilerOptions(ts: typeof TypeScript): TypeScript.CompilerOptions {
  return { target: ts.ScriptTarget.ES2022, lib: ["lib.es2022.d.ts"], strict: true, noEmit: true, types: [], skipDefaultLibCheck: true };
}

export class RuleCodeError extends Error {
  constructor(readonly problems: string[]) {
    super(`the rule's code does not compile:\n${problems.map((p) => `  ${p}`).join("\n")}\nFix these and propose it again; the rule API is described in src/rule-api/rule-api.d.ts.`);
    this.name = "RuleCodeError";
  }
}

// Library files are parsed once per process; only the rule itself is parsed per check.
const sourceFiles = new Map<string, TypeScript.SourceFile>();
let previous: TypeScript.Program | undefined;

function libSource(ts: typeof TypeScript, fileName: string): TypeScript.SourceFile | undefined {
  let file = sourceFiles.get(fileName);
  if (!file) {
    const path = fileName === apiFile ? ruleApiPath : fileName;
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
    file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
    sourceFiles.set(fileName, file);
  }
  return file;
}

/** Type-checks rule code; returns the problems as "line:column message" strings. */
export function checkRuleCode(source: string): string[] {
  if (source.length > maxSourceLength) return [`the code is ${source.length} characters long; the limit is ${maxSourceLength}`];
  const ts = typescript();
  const options = compilerOptions(ts);
  const rule = ts.createSourceFile(ruleFile, source, ts.ScriptTarget.ES2022, true);
  const defaultHost = ts.createCompilerHost(options);
  const host: TypeScript.CompilerHost = {
    ...defaultHost,
    getSourceFile: (fileName) => (fileName === ruleFile ? rule : libSource(ts, fileName)),
    fileExists: (fileName) => fileName === ruleFile || fileName === apiFile || defaultHost.fileExists(fileName),
    readFile: (fileName) => (fileName === ruleFile ? source : defaultHost.readFile(fileName)),
    writeFile: () => {},
  };
  const program = ts.createProgram({ rootNames: [ruleFile, apiFile], options, host, oldProgram: previous });
  previous = program;
  const problems: string[] = [];
  if (ts.isExternalModule(rule)) {
    problems.push("1:1 rule code is a script: remove import and export statements (the rule API's names are global)");
  }
  const diagnostics = [...program.getSyntacticDiagnostics(rule), ...program.getSemanticDiagnostics(rule)];
  for (const d of diagnostics) {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (d.file && d.start !== undefined) {
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      problems.push(`${line + 1}:${character + 1} ${message}`);
    } else {
      problems.push(message);
    }
  }
  return problems;
}

/** Strips types without checking them (for presets, which the test suite type-checks). */
export function stripRuleCode(source: string): RuleCode {
  const js = transform(source, { transforms: ["typescript"], disableESTransforms: true }).code;
  return { source, js };
}

/** Checks and strips a player's rule code; throws {@link RuleCodeError} listing every problem. */
export function compileRuleCode(source: string): RuleCode {
  const problems = checkRuleCode(source);
  if (problems.length) throw new RuleCodeError(problems);
  return stripRuleCode(source);
}
