/** Where you are signed in (each other device signed out with a click), and closing the account for good. */
import { useEffect, useState } from "preact/hooks";
import { del, get, post } from "./api.js";
import { failed, type Outcome, Said } from "./said.js";
import type { SessionInfo } from "./types.js";

const since = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function Sessions() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const load = () => get<SessionInfo[]>("/api/me/sessions").then(setSessions, (e: Error) => setOutcome(failed(e)));
  useEffect(() => {
    void load();
  }, []);
  const end = async (id: string) => {
    try {
      setOutcome({ ok: true, text: (await del<{ message: string }>(`/api/me/sessions/${encodeURIComponent(id)}`)).message });
      await load();
    } catch (err) {
      setOutcome(failed(err));
    }
  };
  if (!sessions) return <Said outcome={outcome} />;
  return (
    <>
      <ul class="sessions">
        {sessions.map((s) => (
          <li key={s.id}>
            {s.userAgent ?? "A browser or program that did not say which"} · signed in {since(s.createdAt)}
            {s.current ? (
              <strong> · this one</strong>
            ) : (
              <button type="button" class="link" onClick={() => end(s.id)}>
                Sign it out
              </button>
            )}
          </li>
        ))}
      </ul>
      <Said outcome={outcome} />
    </>
  );
}

export function CloseAccount() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const close = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      await post("/api/me/close", { password: String(new FormData(event.target as HTMLFormElement).get("password")) });
      location.assign("/"); // signed out: the sign-in page
    } catch (err) {
      setOutcome(failed(err));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={close}>
      <p>
        No one will sign in to it again and its address is forgotten. Your games keep your acts, and your player, under the name you had in them, as their logs
        require.
      </p>
      <label>
        Your password
        <input name="password" type="password" autocomplete="current-password" required />
      </label>
      <Said outcome={outcome} />
      <button type="submit" class="danger" disabled={busy}>
        Close my account for good
      </button>
    </form>
  );
}
