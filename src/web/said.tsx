/** What came of a form, shown under it: the server's words when done (a status), or why it refused (an alert). */
import { useState } from "preact/hooks";

export type Outcome = { ok: boolean; text: string } | null;

export function Said({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p class={outcome.ok ? "ok" : "error"} role={outcome.ok ? "status" : "alert"}>
      {outcome.text}
    </p>
  );
}

/** An outcome from a failure: its message, already in words (api.ts). */
export const failed = (err: unknown): Outcome => ({ ok: false, text: (err as Error).message });

/**
 * An action's run: busy while `work` runs, then its words (a status) or the server's refusal (an
 * alert). `run(work)` gives a handler; `work` returns what to say once done.
 */
export function useAction() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      setOutcome({ ok: true, text: await work() });
    } catch (err) {
      setOutcome(failed(err));
    } finally {
      setBusy(false);
    }
  };
  return { outcome, busy, run };
}

/** A form's submission, as {@link useAction} runs it: `work` is given the form. */
export function useSubmit(work: (form: HTMLFormElement) => Promise<string>) {
  const { outcome, busy, run } = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    return run(() => work(event.target as HTMLFormElement));
  };
  return { outcome, busy, submit };
}
