/**
 * The rule-code editor inside a form: highlighting, completion, and the server's type errors,
 * marked in the code and listed under it in words. CodeMirror is most of the web's code and
 * most players never write code, so it is fetched only when a player first opens a code field
 * (focuses it); until it arrives the field is a plain text box holding the code, which keeps
 * working, with what was typed carried into the editor, and stays if the editor cannot load. The errors
 * of the code as it stands keep the form from being sent ("at line 5: Expression expected"), as
 * a field's unreadable value does; the server refuses such code too, in the same words.
 */
import { useContext, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { post } from "../api.js";
import { Form } from "./form/context.js";

type EditorModule = typeof import("../code-editor.js");

interface Problem {
  line: number;
  severity: "error" | "warning";
  message: string;
}

/**
 * Fetched once per page, for every code field. A failed fetch is not tried again: the browser
 * keeps a failed module for the page's life, so only a reload can fetch it anew.
 */
let loaded: EditorModule | null = null;
let loading: Promise<EditorModule> | null = null;

function loadEditor(): Promise<EditorModule> {
  loading ??= import("../code-editor.js").then((module) => (loaded = module));
  return loading;
}

export function CodeField({ path, value, onChange }: { path: string; value: string; onChange(source: string): void }) {
  const form = useContext(Form);
  const formRef = useRef(form);
  formRef.current = form;
  // A field taken away has nothing left to hold the form back.
  useEffect(() => () => formRef.current.unread(path, null), [path]);
  const host = useRef<HTMLDivElement>(null);
  const plain = useRef<HTMLTextAreaElement>(null);
  // The code as it stands, typed in either box; and where the text box's cursor was, if it had focus.
  const source = useRef(value);
  const handover = useRef<{ cursor: number } | null>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const [editor, setEditor] = useState<EditorModule | null>(loaded);
  const [status, setStatus] = useState<"plain" | "loading" | "failed">("plain");
  const [problems, setProblems] = useState<Problem[]>([]);

  const open = () => {
    if (editor || status !== "plain") return;
    setStatus("loading");
    loadEditor().then(
      (module) => {
        const box = plain.current;
        handover.current = box && document.activeElement === box ? { cursor: box.selectionStart } : null;
        setEditor(module);
      },
      () => setStatus("failed"),
    );
  };

  // Mounted as the text box goes, in the same task, so no keystroke falls between them.
  useLayoutEffect(() => {
    if (!editor) return;
    const view = editor.mountCodeEditor(host.current!, {
      initial: source.current,
      ...(handover.current ? { cursor: handover.current.cursor } : {}),
      onChange: (code) => {
        source.current = code;
        change.current(code);
        // What held the form back was in the code before this change; the next check says anew.
        formRef.current.unread(path, null);
      },
      check: async (code) => (await post<{ diagnostics: any[] }>("/api/code/check", { source: code })).diagnostics,
      complete: (code, offset) => post("/api/code/complete", { source: code, offset }),
      onProblems: (found) => {
        setProblems(found);
        const errors = found.filter((p) => p.severity === "error");
        formRef.current.unread(path, errors.length ? `the code has ${errors.map((p) => `at line ${p.line}: ${p.message}`).join("; ")}` : null);
      },
    });
    if (handover.current) view.focus();
    return () => view.destroy();
  }, [editor]);

  if (!editor)
    return (
      <>
        <textarea
          ref={plain}
          class="code-plain"
          aria-label="Rule code"
          spellcheck={false}
          defaultValue={value}
          onFocus={open}
          onInput={(e) => {
            source.current = (e.target as HTMLTextAreaElement).value;
            change.current(source.current);
          }}
        />
        {status === "loading" && (
          <p class="muted" role="status">
            Loading the code editor…
          </p>
        )}
        {status === "failed" && (
          <p class="error" role="alert">
            The code editor could not be loaded (the connection failed, or Nomos was updated since this page opened): reload the page to try again. You can
            still write the code in this box; it is checked when you preview or propose.
          </p>
        )}
      </>
    );
  return (
    <>
      <div class="code-editor" ref={host} />
      {problems.length > 0 && (
        <ul class="code-problems" aria-label="Problems in the code">
          {problems.map((p, i) => (
            <li key={i}>
              Line {p.line}: {p.severity === "warning" ? "(warning) " : ""}
              {p.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
