/** Your account: the e-mail address games mail you at, your password, notifications in this browser, what you are told, your sessions; closing it. */
import { useEffect, useState } from "preact/hooks";
import { get, patch, post, put } from "./api.js";
import { CloseAccount, Sessions } from "./account-sessions.js";
import { BrowserPush, usePushKey } from "./browser-push.js";
import { MailChoices } from "./mail-choices.js";
import { failed, type Outcome, Said, useSubmit } from "./said.js";
import { useTitle } from "./title.js";
import type { Notice, NotificationSettings, User } from "./types.js";

/** Where the address stands, and what to do about it. */
const statusWords = {
  unverified: "Not verified yet: open the link we mailed you.",
  verified: "Verified.",
  bouncing: "Mail to it bounced: save it again to verify it.",
} as const;

function Address({ user, onUser }: { user: User; onUser(user: User): void }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    const email = String(new FormData(event.target as HTMLFormElement).get("email")).trim() || null;
    try {
      const saved = await patch<User>("/api/me", { email });
      onUser(saved);
      const text =
        saved.email === null
          ? "Your address is removed: no game will mail you."
          : saved.emailStatus === "verified"
            ? "Saved."
            : `We mailed a link to ${saved.email}: open it to verify the address.`;
      setOutcome({ ok: true, text });
    } catch (err) {
      setOutcome(failed(err));
    }
  };
  return (
    <form onSubmit={save}>
      <label>
        E-mail address
        <input name="email" type="email" autocomplete="email" maxLength={254} defaultValue={user.email ?? ""} aria-describedby="email-status" />
      </label>
      <p id="email-status" class="field-note">
        {user.emailStatus ? statusWords[user.emailStatus] : "None given: no game mails you, and a forgotten password cannot be reset."}
      </p>
      <Said outcome={outcome} />
      <button type="submit">Save the address</button>
    </form>
  );
}

function Password() {
  const { outcome, busy, submit } = useSubmit(async (form) => {
    const data = new FormData(form);
    const { message } = await post<Notice>("/api/me/password", {
      currentPassword: String(data.get("currentPassword")),
      password: String(data.get("password")),
    });
    form.reset();
    return message;
  });
  return (
    <form onSubmit={submit}>
      <label>
        Current password
        <input name="currentPassword" type="password" autocomplete="current-password" required />
      </label>
      <label>
        New password
        <input name="password" type="password" autocomplete="new-password" required minLength={8} />
      </label>
      <Said outcome={outcome} />
      <button type="submit" disabled={busy}>
        Change the password
      </button>
    </form>
  );
}

/** The account's defaults, saved as each box is ticked; a game's own choice (on its page) goes before them. */
function Notifications() {
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    get<NotificationSettings>("/api/me/notifications").then(setSettings, (e: Error) => setOutcome(failed(e)));
  }, []);
  if (!settings) return <Said outcome={outcome} />;
  // The boxes show the choice at once, and again as it was if it is refused.
  const save = async (chosen: NotificationSettings) => {
    const before = settings;
    setSettings(chosen);
    setBusy(true);
    try {
      setSettings(await put<NotificationSettings>("/api/me/notifications", chosen));
      setOutcome({ ok: true, text: "Saved." });
    } catch (err) {
      setSettings(before);
      setOutcome(failed(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset>
      <legend>Tell me</legend>
      <MailChoices settings={settings} inGame={false} disabled={busy} onChange={save} />
      <Said outcome={outcome} />
    </fieldset>
  );
}

export function AccountPage({ user, mail, onUser }: { user: User; mail: boolean; onUser(user: User): void }) {
  useTitle("Account");
  const pushKey = usePushKey();
  return (
    <div class="account-page">
      <h1>Account</h1>
      <p class="muted">
        Your username: <strong>{user.username}</strong> (you sign in with it).
      </p>
      <section class="card">
        <h2>Your e-mail address</h2>
        {mail ? (
          <Address user={user} onUser={onUser} />
        ) : (
          <p>This server sends no mail, so it needs no address: it cannot tell you of your games or reset a forgotten password.</p>
        )}
      </section>
      <section class="card">
        <h2>Change your password</h2>
        <Password />
      </section>
      {pushKey && (
        <section class="card" aria-labelledby="browser-push-heading">
          <h2 id="browser-push-heading">Notifications in this browser</h2>
          <BrowserPush publicKey={pushKey} userId={user.id} />
        </section>
      )}
      {(mail || pushKey) && (
        <section class="card">
          <h2>What you are told</h2>
          <p class="muted">
            {mail ? "By mail to a verified address, and in" : "In"} the browsers you turned notifications on in. Each game can choose otherwise on its page.
          </p>
          <Notifications />
        </section>
      )}
      <section class="card">
        <h2>Where you are signed in</h2>
        <Sessions />
      </section>
      <section class="card">
        <h2>Close your account</h2>
        <CloseAccount />
      </section>
    </div>
  );
}
