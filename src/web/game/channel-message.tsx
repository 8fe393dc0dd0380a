/**
 * One message in a channel: who said it and when, its text (as text, never markup), or what
 * stands in its place (deleted; redacted, by whom and why). Its author may edit or delete it,
 * asked first; whoever the rules allow may redact it, giving a reason.
 */
import { useState } from "preact/hooks";
import { api } from "../api.js";
import { when } from "../format.js";
import type { Message } from "../types.js";

type Asking = null | "edit" | "delete" | "redact";

export function ChannelMessage({ gameId, message: m, mine, onChanged }: { gameId: string; message: Message; mine: boolean; onChanged(): Promise<void> }) {
  const [asking, setAsking] = useState<Asking>(null);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const path = `/api/games/${gameId}/messages/${m.id}`;
  const gone = m.deleted || m.redacted !== null;
  const ask = (what: Asking) => {
    setError(null);
    setDraft(what === "edit" ? (m.text ?? "") : "");
    setAsking(what);
  };
  const send = async (method: string, to: string, body?: unknown) => {
    try {
      await api(method, to, body);
      setAsking(null);
      setError(null);
      await onChanged();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const submit = (event: Event) => {
    event.preventDefault();
    if (asking === "edit") void send("PATCH", path, { text: draft });
    else if (asking === "redact") void send("POST", `${path}/redact`, { reason: draft });
  };
  return (
    <li class={mine ? "mine" : ""} data-message-id={String(m.id)}>
      <div class="muted">
        <strong>{m.authorName}</strong> · {when(m.at)}
        {m.editedAt !== null && !gone && <> · edited</>}
      </div>
      {m.redacted ? (
        <p class="post-body gone">
          Redacted by {m.redacted.byName}: {m.redacted.reason}
        </p>
      ) : m.deleted || m.text === null ? (
        <p class="post-body gone">Deleted</p>
      ) : (
        <p class="post-body">{m.text}</p>
      )}
      {asking === null && !gone && (
        <div class="message-moves">
          {mine && (
            <>
              <button type="button" class="secondary" onClick={() => ask("edit")}>
                Edit
              </button>
              <button type="button" class="secondary" onClick={() => ask("delete")}>
                Delete
              </button>
            </>
          )}
          {m.mayRedact && (
            <button type="button" class="secondary" onClick={() => ask("redact")}>
              Redact
            </button>
          )}
        </div>
      )}
      {asking === "delete" && (
        <fieldset>
          <legend>Delete this message?</legend>
          Everyone will see that a message was deleted here, not what it said.{" "}
          <button type="button" onClick={() => void send("DELETE", path)}>
            Yes, delete it
          </button>{" "}
          <button type="button" class="secondary" onClick={() => setAsking(null)}>
            Keep it
          </button>
        </fieldset>
      )}
      {(asking === "edit" || asking === "redact") && (
        <form onSubmit={submit}>
          <label>
            {asking === "edit" ? "New text" : "Why redact it (everyone reads this in its place)"}
            <textarea
              rows={asking === "edit" ? 3 : 2}
              value={draft}
              onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)}
              required
              maxLength={asking === "edit" ? 10000 : 1000}
            />
          </label>
          <button type="submit">{asking === "edit" ? "Save the edit" : "Redact it for good"}</button>{" "}
          <button type="button" class="secondary" onClick={() => setAsking(null)}>
            Cancel
          </button>
        </form>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
