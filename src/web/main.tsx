/** The web UI: signs you in, then the lobby, invitations, your account and the game pages. */
import { render, type JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { AccountPage } from "./account.js";
import { get, post, setCsrf } from "./api.js";
import { AuthPage } from "./auth.js";
import { GameScreen } from "./game/game-screen.js";
import { InvitePage } from "./invite.js";
import { LobbyPage } from "./lobby.js";
import { UnsubscribePage, VerifyPage } from "./mail-links.js";
import { renewPush } from "./browser-push.js";
import { ResetPasswordPage } from "./reset-password.js";
import { follow, navigate, usePath } from "./router.js";
import type { Session, User } from "./types.js";

/** The pages a mail's links open, for whoever opens them, signed in or not: a reset link is for one who cannot sign in. */
function mailedPage(path: string, mail: boolean, onSignedIn: (s: Session) => void, onVerified: () => void): JSX.Element | null {
  const unsubscribe = path.match(/^\/unsubscribe\/([^/]+)/);
  if (unsubscribe) return <UnsubscribePage token={decodeURIComponent(unsubscribe[1]!)} />;
  if (path === "/account/verify") return <VerifyPage onVerified={onVerified} />;
  if (path === "/reset-password") return <ResetPasswordPage mail={mail} onSignedIn={onSignedIn} />;
  return null;
}

/** The pages of one signed in: a game, an invitation, the account, else the lobby. */
/** `mail`: whether the server sends mail; `push`: whether it notifies browsers. */
function ownPage(path: string, user: User, { mail, push }: { mail: boolean; push: boolean }, onUser: (u: User) => void): JSX.Element {
  const game = path.match(/^\/games\/([^/]+)(?:\/([a-z]+)(?:\/([^/]+))?)?/);
  const invite = path.match(/^\/invite\/([^/]+)/);
  if (game)
    return (
      <GameScreen
        id={decodeURIComponent(game[1]!)}
        tab={game[2] ?? "play"}
        channel={game[3] && decodeURIComponent(game[3])}
        user={user}
        mail={mail}
        push={push}
      />
    );
  if (invite) return <InvitePage code={decodeURIComponent(invite[1]!)} />;
  if (path === "/account") return <AccountPage user={user} mail={mail} onUser={onUser} />;
  return <LobbyPage user={user} onUser={onUser} />;
}

function App() {
  const path = usePath();
  const [session, setSession] = useState<Session | null>(null);
  const signedIn = (s: Session) => {
    setCsrf(s.csrf);
    setSession(s);
    // This browser's notifications follow whoever signs in to it (the server ends them with a session).
    if (s.user && s.push) void renewPush(s.user.id);
  };
  // Read again after a verification, so that the account page says so; a failure leaves what is known.
  const reload = () => get<Session>("/api/session").then(signedIn, () => setSession((s) => s ?? { user: null, csrf: null, mail: false, push: false }));
  useEffect(() => {
    reload();
  }, []);

  if (!session) return <p class="loading">Loading…</p>;
  const user = session.user;
  const mailed = mailedPage(path, session.mail, signedIn, reload);
  if (!user && !mailed) return <AuthPage mail={session.mail} onSignedIn={signedIn} />;

  const signOut = async () => {
    await post("/api/auth/signout");
    setCsrf(null);
    setSession({ user: null, csrf: null, mail: session.mail, push: session.push });
    navigate("/");
  };
  const page = mailed ?? (user && ownPage(path, user, session, (u) => setSession({ ...session, user: u })));

  return (
    <>
      <header class="top">
        <a href="/" onClick={follow} class="brand">
          Nomos
        </a>
        {user && (
          <>
            <span class="who">
              Signed in as <strong>{user.displayName}</strong>
            </span>
            <a href="/account" onClick={follow} class="account-link" aria-current={path === "/account" ? "page" : undefined}>
              Account
            </a>
            <button type="button" class="link" onClick={signOut}>
              Sign out
            </button>
          </>
        )}
      </header>
      <main class={user ? undefined : "auth"}>{page}</main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
