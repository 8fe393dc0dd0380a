/**
 * "As of": every record as it stood at a past moment, after an act (by its number) or at a
 * date and time in the viewer's own time zone; and the way back to now.
 */
import { useState } from "preact/hooks";
import { when } from "../../format.js";
import type { Moment } from "./types.js";

export function AsOf({
  moment,
  latest,
  shown,
  onChange,
}: {
  moment: Moment;
  latest: number;
  shown: { seq: number; time: number } | null;
  onChange(moment: Moment): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const act = String(data.get("act") ?? "").trim();
    const at = String(data.get("at") ?? "").trim();
    if (act) {
      const seq = Number(act);
      if (!Number.isInteger(seq) || seq < 1) return setError("An act number is a whole number from 1.");
      setError(null);
      return onChange({ seq });
    }
    if (at) {
      const time = new Date(at);
      if (Number.isNaN(time.getTime())) return setError("That is not a date and time.");
      setError(null);
      return onChange({ time: time.toISOString() });
    }
    setError("Give an act number or a date and time.");
  };
  return (
    <section class="as-of" aria-label="As of">
      <form class="inline" onSubmit={submit}>
        <label>
          As of act <input type="number" name="act" min={1} max={latest} inputMode="numeric" placeholder={`1–${latest}`} />
        </label>
        <label>
          or as they stood at <input type="datetime-local" name="at" />
        </label>
        <button type="submit">Show</button>
        {moment && (
          <button type="button" class="secondary" onClick={() => onChange(null)}>
            Back to now
          </button>
        )}
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {moment && shown && (
        <p class="banner" role="status">
          The records as they stood after act {shown.seq}, {when(shown.time)}.
        </p>
      )}
    </section>
  );
}
