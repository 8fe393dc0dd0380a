/**
 * The rule code editor (CodeMirror 6): TypeScript highlighting, line numbers, the server's
 * type-check as lint diagnostics and its completions. The server does the TypeScript work,
 * against the same rule API it checks proposals with, so the browser never loads TypeScript.
 * Most of the web's code is CodeMirror: only game/code-field.tsx imports this module, with
 * import(), so the build puts it in a file of its own that a page fetches when a player opens a code field.
 */
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { javascript } from "@codemirror/lang-javascript";
// @codemirror/language comes with @codemirror/lang-javascript; highlighting needs a style from it.
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { linter, lintKeymap, type Diagnostic } from "@codemirror/lint";
import { Annotation, EditorState } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  tooltips,
} from "@codemirror/view";
import type { RuleDiagnostic } from "../authoring/diagnostics.js";

export interface RuleCompletionList {
  from: number;
  options: { label: string; kind: string; detail?: string }[];
}

export interface CodeEditorOptions {
  initial: string;
  /** Where the cursor starts (the offset a plain text box had it at), if not at the start. */
  cursor?: number;
  /** Called on every edit by the user (not on setValue). */
  onChange(source: string): void;
  check(source: string): Promise<RuleDiagnostic[]>;
  complete(source: string, offset: number): Promise<RuleCompletionList>;
  /** Called with the problems of each check, in words with their line, to list under the editor. */
  onProblems?(problems: { line: number; severity: "error" | "warning"; message: string }[]): void;
}

export interface CodeEditor {
  getValue(): string;
  setValue(source: string): void;
  focus(): void;
  destroy(): void;
}

/** The server sends at most this many options; a full list may be missing some, so it is not reused as the user types. */
const maxServerOptions = 200;
const lintDelay = 400;

// Marks the changes setValue makes, which are not the user's edits.
const replaced = Annotation.define<boolean>();

export function mountCodeEditor(parent: HTMLElement, options: CodeEditorOptions): CodeEditor {
  const lint = linter(
    async (view): Promise<Diagnostic[]> => {
      const source = view.state.doc.toString();
      let found: RuleDiagnostic[];
      try {
        found = await options.check(source);
      } catch {
        return []; // the server is unreachable or refused: say nothing rather than something stale
      }
      // The linter drops the answer if the document changed meanwhile; clamp for safety anyway.
      const clamp = (n: number) => Math.min(Math.max(0, n), source.length);
      if (view.state.doc.toString() === source) options.onProblems?.(found.map((d) => ({ line: d.line, severity: d.severity, message: d.message })));
      return found.map((d) => ({ from: clamp(d.from), to: clamp(Math.max(d.from, d.to)), severity: d.severity, message: d.message, source: "TypeScript" }));
    },
    { delay: lintDelay },
  );

  const complete = async (context: CompletionContext): Promise<CompletionResult | null> => {
    const word = context.matchBefore(/[\p{ID_Continue}$]*/u);
    const before = context.state.sliceDoc(Math.max(0, context.pos - 1), context.pos);
    if (!context.explicit && (!word || word.from === word.to) && !/[.'"`]/.test(before)) return null;
    let list: RuleCompletionList;
    try {
      list = await options.complete(context.state.doc.toString(), context.pos);
    } catch {
      return null;
    }
    if (context.aborted || !list.options.length) return null;
    const result: CompletionResult = {
      from: Math.min(list.from, context.pos),
      // CodeMirror orders equally good matches by label; the boost keeps TypeScript's order (locals before globals).
      options: list.options.map(
        (o, i): Completion => ({ label: o.label, type: completionType(o.kind), boost: -Math.min(99, i), ...(o.detail ? { detail: o.detail } : {}) }),
      ),
    };
    if (list.options.length < maxServerOptions) result.validFor = /^[\p{ID_Continue}$]*$/u;
    return result;
  };

  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.initial,
      selection: { anchor: Math.min(options.cursor ?? 0, options.initial.length) },
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        javascript({ typescript: true }),
        lint,
        autocompletion({ override: [complete] }),
        // Tooltips (completions, problems) hang from the page, not the editor's box, so a scrolled or narrow form does not cut them off.
        tooltips({ parent: document.body }),
        history(),
        keymap.of([...closeBracketsKeymap, ...completionKeymap, ...lintKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": "Rule code" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((tr) => tr.annotation(replaced))) options.onChange(update.state.doc.toString());
        }),
        EditorView.theme({
          "&": { border: "1px solid #ccc", fontSize: "14px" },
          "&.cm-focused": { outline: "2px solid #4a7bd0" },
          ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", minHeight: "12em" },
          ".cm-tooltip": { maxWidth: "min(40rem, calc(100vw - 1rem))" },
        }),
      ],
    }),
  });

  return {
    getValue: () => view.state.doc.toString(),
    setValue: (source) => {
      if (source === view.state.doc.toString()) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: source }, annotations: replaced.of(true) });
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}

/** CodeMirror's completion icon for a TypeScript element kind. */
function completionType(kind: string): string {
  switch (kind) {
    case "method":
    case "construct":
    case "call":
      return "method";
    case "function":
    case "local function":
      return "function";
    case "property":
    case "getter":
    case "setter":
    case "accessor":
      return "property";
    case "const":
      return "constant";
    case "var":
    case "let":
    case "local var":
    case "parameter":
    case "using":
      return "variable";
    case "class":
    case "local class":
      return "class";
    case "interface":
      return "interface";
    case "type":
    case "type parameter":
    case "primitive type":
      return "type";
    case "enum":
    case "enum member":
      return "enum";
    case "module":
      return "namespace";
    case "keyword":
      return "keyword";
    default:
      return "text";
  }
}
