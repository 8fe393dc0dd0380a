/** The rule-code editor inside a form: highlighting, completion, and the server's type errors, marked in the code and listed under it in words. */
import { useEffect, useRef, useState } from "preact/hooks";
import { post } from "../api.js";
import { mountCodeEditor } from "../code-editor.js";

interface Problem {
  line: number;
  severity: "error" | "warning";
  message: string;
}

export function CodeField({ value, onChange }: { value: string; onChange(source: string): void }) {
  const host = useRef<HTMLDivElement>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const [problems, setProblems] = useState<Problem[]>([]);
  useEffect(() => {
    const editor = mountCodeEditor(host.current!, {
      initial: value,
      onChange: (source) => change.current(source),
      check: async (source) => (await post<{ diagnostics: any[] }>("/api/code/check", { source })).diagnostics,
      complete: (source, offset) => post("/api/code/complete", { source, offset }),
      onProblems: setProblems,
    });
    return () => editor.destroy();
  }, []);
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
