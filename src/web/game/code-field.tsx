/** The rule-code editor inside a form: highlighting, completion and type errors from the server. */
import { useEffect, useRef } from "preact/hooks";
import { post } from "../api.js";
import { mountCodeEditor } from "../code-editor.js";

export function CodeField({ value, onChange }: { value: string; onChange(source: string): void }) {
  const host = useRef<HTMLDivElement>(null);
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    const editor = mountCodeEditor(host.current!, {
      initial: value,
      onChange: (source) => change.current(source),
      check: async (source) => (await post<{ diagnostics: any[] }>("/api/code/check", { source })).diagnostics,
      complete: (source, offset) => post("/api/code/complete", { source, offset }),
    });
    return () => editor.destroy();
  }, []);
  return <div class="code-editor" ref={host} />;
}
