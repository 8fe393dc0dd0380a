/**
 * A forgotten password: asked for by username or address, a link is mailed (the answer is the
 * same whether or not the account exists); the link opens this page again with its token after
 * "#", where a new password is chosen, and you are signed in.
 */
import { useState } from "preact/hooks";
import { post } from "./api.js";
import { forgetHash, useHashToken } from "./mail-links.js";
import { follow, navigate } from "./router.js";
import { failed, type Outcome, Said, useSubmit } from "./said.js";
import { useTitle } from "./title.js";
import type { Notice, Session } from "./types.js";

function AskForLink({ mail }: { mail: boolean }) {
  const { outcome, busy, submit } = useSubmit(async (form) => {
    const account = String(new FormData(form).get("account")).trim();
    return (await post<Notice>("/api/auth/password-reset", { account })).message;
  });
  if (!mail) return <p>This server sends no mail, so it cannot send you a link to reset your password: ask the person who runs it.</p>;
  return (
    <form onSubmit={submit}>
      <p>We mail a link to your account's verified address; it lets you choose a new password.</p>
      <label>
        Your username or e-mail address
        <input name="account" autocomplete="username" required maxLength={254} />
      </label>
      <Said outcome={outcome} />
      <button type="submit" disabled={busy}>
        Mail me a link
      </button>
    </form>
  );
}

function NewPassword({ token, onSignedIn }: { token: string; onSignedIn(session: Session): void }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const password = String(new FormData(event.target as HTMLFormElement).get("password"));
      const session = await post<Session>("/api/auth/password-reset/confirm", { token, password });
      forgetHash();
      navigate("/");
      onSignedIn(session);
    } catch (err) {
      setOutcome(failed(err));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={choose}>
      <label>
        New password
        <input name="password" type="password" autocomplete="new-password" required minLength={8} />
      </label>
      <Said outcome={outcome} />
      <button type="submit" disabled={busy}>
        Set the new password and sign in
      </button>
    </form>
  );
}

export function ResetPasswordPage({ mail, onSignedIn }: { mail: boolean; onSignedIn(session: Session): void }) {
  useTitle("Reset your password");
  // Kept after the address bar loses it (when it is used).
  const token = useHashToken();
  return (
    <section class="card">
      <h1>Reset your password</h1>
      {token ? <NewPassword token={token} onSignedIn={onSignedIn} /> : <AskForLink mail={mail} />}
      <p>
        <a href="/" onClick={follow}>
          Back to the start
        </a>
      </p>
    </section>
  );
}
