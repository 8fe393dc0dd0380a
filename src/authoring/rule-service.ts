/**
 * The TypeScript language service that checks and completes rule code against the
 * published rule API (src/rule-api/rule-api.d.ts). One per process: the library files are
 * parsed once, and each new rule text reuses the previous program's structure.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname } from "node:path";
import type * as TypeScript from "typescript";
import { packagePath } from "../sandbox/package-root.js";

/** The rule API's declaration files, in order: read as one text (see {@link ruleApiText}). */
const ruleApiParts = ["rule-api.d.ts", "events.d.ts", "visibility.d.ts", "ruleset.d.ts", "conventions.d.ts", "messages.d.ts"].map((file) =>
  packagePath("src", "rule-api", file),
);
let apiText: string | undefined;
/** The published rule API as one declaration text: what rule code is checked against and what the API serves. */
export function ruleApiText(): string {
  apiText ??= ruleApiParts.map((file) => readFileSync(file, "utf8")).join("\n");
  return apiText;
}
export const ruleFile = "/rule/rule.ts";
const apiFile = "/rule/rule-api.d.ts";
export const maxSourceLength = 100_000;

// TypeScript takes over a second to load: only commands that check rule code pay for it.
let loaded: typeof TypeScript | undefined;
export function typescript(): typeof TypeScript {
  loaded ??= createRequire(import.meta.url)("typescript") as typeof TypeScript;
  return loaded;
}

export interface RuleService {
  readonly ts: typeof TypeScript;
  readonly service: TypeScript.LanguageService;
}

interface State extends RuleService {
  source: string;
  version: number;
}
let state: State | undefined;

/** The language service with `source` as the rule file's text. */
export function ruleService(source: string): RuleService {
  state ??= createState();
  if (state.source !== source) {
    state.source = source;
    state.version++;
  }
  return state;
}

/** Makes the next call build a fresh program (and type checker), after one failed midway. */
export function discardRuleProgram(): void {
  if (state) state.version++;
}

function createState(): State {
  const ts = typescript();
  const options: TypeScript.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    strict: true,
    noEmit: true,
    types: [],
    skipDefaultLibCheck: true,
  };
  // Only the rule API and TypeScript's own libraries are readable: a rule's `/// <reference>`
  // or import must not open the server's files. Their texts never change while the process runs.
  const libDir = dirname(ts.getDefaultLibFilePath(options));
  const libraries = new Map<string, string>();
  const libraryText = (fileName: string): string | undefined => {
    let content = libraries.get(fileName);
    if (content !== undefined) return content;
    if (fileName === apiFile) content = ruleApiText();
    else if (dirname(fileName) === libDir && /^lib\.[\w.]+\.d\.ts$/.test(basename(fileName)) && ts.sys.fileExists(fileName))
      content = readFileSync(fileName, "utf8");
    if (content !== undefined) libraries.set(fileName, content);
    return content;
  };
  const text = (fileName: string): string | undefined => (fileName === ruleFile ? created.source : libraryText(fileName));
  const host: TypeScript.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [ruleFile, apiFile],
    getScriptVersion: (fileName) => (fileName === ruleFile ? String(created.version) : "0"),
    getScriptSnapshot: (fileName) => {
      const content = text(fileName);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => "/rule",
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (fileName) => text(fileName) !== undefined,
    readFile: text,
  };
  const created: State = { ts, service: ts.createLanguageService(host, ts.createDocumentRegistry()), source: "", version: 0 };
  return created;
}
