/**
 * The pages a mail's links open, signed in or not: an address verified, a game's mail stopped.
 * The verifying token is in the address's fragment (#…), which no mail scanner sends, so it is
 * used on load; an unsubscribe link's token is in its path, which scanners do fetch, so that
 * page asks first and stops the mail only when the button is pressed.
 */
import { useEffect, useState } from "preact/hooks";
import { post } from "./api.js";
import { follow } from "./router.js";
import { failed, type Outcome, Said } from "./said.js";
import { useTitle } from "./title.js";
import type { Notice } from "./types.js";

/** The token a mailed link carries after its "#", read again when a link is opened over the page (only the "#…" changes). */
export function useHashToken(): string {
  const [token, setToken] = useState(() => location.hash.slice(1));
  useEffect(() => {
    const read = () => location.hash.length > 1 && setToken(location.hash.slice(1));
    addEventListener("hashchange", read);
    return () => removeEventListener("hashchange", read);
  }, []);
  return token;
}

/** Takes the token out of the address bar once used, so that a reload or a shared address does not show it. */
export const forgetHash = (): void => history.replaceState(null, "", location.pathname);

function Onward() {
  return (
    <p>
      <a href="/account" onClick={follow}>
        Your account
      </a>{" "}
      ·{" "}
      <a href="/" onClick={follow}>
        Your games
      </a>
    </p>
  );
}

export function VerifyPage({ onVerified }: { onVerified(): void }) {
  useTitle("Verify your address");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const token = useHashToken();
  useEffect(() => {
    setOutcome(null);
    if (!token) {
      setOutcome({ ok: false, text: "This link lacks its code: open the whole link from the mail again." });
      return;
    }
    post<Notice>("/api/auth/verify-email", { token }).then(
      ({ message }) => {
        forgetHash();
        setOutcome({ ok: true, text: message });
        onVerified();
      },
      (e: Error) => setOutcome(failed(e)),
    );
  }, [token]);
  return (
    <section class="card">
      <h1>Your e-mail address</h1>
      {outcome ? <Said outcome={outcome} /> : <p>Verifying your address…</p>}
      <Onward />
    </section>
  );
}

export function UnsubscribePage({ token }: { token: string }) {
  useTitle("Stop mail");
  // A digest's link (its token starts "d."), which spans every game, or one game's.
  const digest = token.startsWith("d.");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const stop = async () => {
    setBusy(true);
    try {
      setOutcome({ ok: true, text: (await post<Notice>("/api/unsubscribe", { token })).message });
    } catch (err) {
      setOutcome(failed(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card">
      <h1>{digest ? "Stop all mail from your games?" : "Stop all mail from this game?"}</h1>
      {outcome?.ok ? (
        <Said outcome={outcome} />
      ) : (
        <>
          <p>
            {digest
              ? "None of your games will tell you anything more, by mail or in your browsers, and no digest comes again."
              : "You will no longer be mailed about this game: not when it waits for you, nor when it ends. Your other games still mail you."}
          </p>
          <Said outcome={outcome} />
          <button type="button" onClick={stop} disabled={busy}>
            {digest ? "Stop all my games' mail" : "Stop this game's mail"}
          </button>
        </>
      )}
      <p class="muted">You can choose what each game mails you on its page, and for all your games on your account page.</p>
      <Onward />
    </section>
  );
}
