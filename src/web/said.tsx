/** What came of a form, shown under it: the server's words when done (a status), or why it refused (an alert). */

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
