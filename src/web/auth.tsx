/** Sign in, or sign up: one form, two buttons' worth of difference. */
import { useState } from "preact/hooks";
import { post, setCsrf } from "./api.js";
import { viewerZone } from "./format.js";
import { Invitation, inviteCodeInPath } from "./invitation.js";
import { follow, navigate } from "./router.js";
import type { GameSummary, Session } from "./types.js";

/** The browser's "Please match the requested format" replaced by what a username may hold. */
function explainUsername(event: Event) {
  const input = event.target as HTMLInputElement;
  input.setCustomValidity("");
  if (input.validity.patternMismatch) input.setCustomValidity("A username may use only letters, digits and the signs _ . - (no spaces).");
}

/** `mail`: whether this server sends mail, and so can reset a forgotten password. */
export function AuthPage({ mail, onSignedIn }: { mail: boolean; onSignedIn(session: Session): void }) {
  const invite = inviteCodeInPath();
  const [mode, setMode] = useState<"signin" | "signup">(invite ? "signup" : "signin");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const body: Record<string, string> = { username: String(data.get("username")), password: String(data.get("password")) };
    if (mode === "signup") {
      body.displayName = String(data.get("displayName") || body.username);
      body.timeZone = viewerZone;
    }
    setBusy(true);
    setError(null);
    try {
      const session = await post<Session>(`/api/auth/${mode}`, body);
      // Invited: signing in joins the game, and the page opens on it.
      // If joining is refused (the game is over), the invitation's page says why.
      if (invite) {
        setCsrf(session.csrf);
        await post<GameSummary>(`/api/invites/${encodeURIComponent(invite)}/join`).then(
          // A request that waits (for the creator's approval, or the rules') keeps the invitation's page, which says so.
          (joined) => (joined.awaits === undefined ? navigate(`/games/${joined.id}`) : undefined),
          () => undefined,
        );
      }
      onSignedIn(session);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="auth">
      <h1>Nomos</h1>
      <p class="tagline">Play Nomic, the game in which changing the rules is a move.</p>
      {invite && <Invitation code={invite} />}
      <form onSubmit={submit} class="card">
        <h2>{mode === "signin" ? "Sign in" : "Create an account"}</h2>
        <label>
          Username
          <input
            name="username"
            autocomplete="username"
            required
            minLength={2}
            maxLength={32}
            pattern="[A-Za-z0-9_.\-]+"
            aria-describedby="username-rule"
            onInput={explainUsername}
            onInvalid={explainUsername}
          />
        </label>
        <span id="username-rule" class="field-note">
          2 to 32 letters, digits or the signs _ . - (no spaces)
        </span>
        {mode === "signup" && (
          <label>
            Your name, as players will see it
            <input name="displayName" autocomplete="name" maxLength={100} />
          </label>
        )}
        <label>
          Password
          <input
            name="password"
            type="password"
            autocomplete={mode === "signin" ? "current-password" : "new-password"}
            required
            minLength={mode === "signup" ? 8 : 1}
            aria-describedby={mode === "signup" ? "password-rule" : undefined}
          />
        </label>
        {mode === "signup" && (
          <p id="password-rule" class="muted field-note">
            At least 8 characters; a phrase of a few words is easy to remember and hard to guess.
          </p>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {mode === "signin" ? "Sign in" : "Sign up"}
        </button>
        {mode === "signin" && mail && (
          <p>
            <a href="/reset-password" onClick={follow}>
              Forgot your password?
            </a>
          </p>
        )}
        <p>
          {mode === "signin" ? "New here? " : "Have an account? "}
          <button type="button" class="link" onClick={() => setMode(mode === "signin" ? "signup" : "signin")}>
            {mode === "signin" ? "Create an account" : "Sign in"}
          </button>
        </p>
      </form>
    </main>
  );
}
