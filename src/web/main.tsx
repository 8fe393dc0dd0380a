/** The web UI: signs you in, then the lobby, invitations and the game pages. */
import { render, type JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { get, post, setCsrf } from "./api.js";
import { AuthPage } from "./auth.js";
import { GameScreen } from "./game/game-screen.js";
import { InvitePage } from "./invite.js";
import { LobbyPage } from "./lobby.js";
import { follow, navigate, usePath } from "./router.js";
import type { Session, User } from "./types.js";

function App() {
  const path = usePath();
  const [session, setSession] = useState<Session | null>(null);

  useEffect(() => {
    get<Session>("/api/session").then(
      (s) => {
        setCsrf(s.csrf);
        setSession(s);
      },
      () => setSession({ user: null, csrf: null }),
    );
  }, []);

  if (!session) return <p class="loading">Loading…</p>;
  const signedIn = (s: Session) => {
    setCsrf(s.csrf);
    setSession(s);
  };
  const user = session.user;
  if (!user) return <AuthPage onSignedIn={signedIn} />;

  const signOut = async () => {
    await post("/api/auth/signout");
    setCsrf(null);
    setSession({ user: null, csrf: null });
    navigate("/");
  };

  let page: JSX.Element;
  const game = path.match(/^\/games\/([^/]+)(?:\/([a-z]+)(?:\/([^/]+))?)?/);
  const invite = path.match(/^\/invite\/([^/]+)/);
  if (game) page = <GameScreen id={decodeURIComponent(game[1]!)} tab={game[2] ?? "play"} channel={game[3] && decodeURIComponent(game[3])} user={user} />;
  else if (invite) page = <InvitePage code={decodeURIComponent(invite[1]!)} />;
  else page = <LobbyPage user={user} onUser={(u: User) => setSession({ ...session, user: u })} />;

  return (
    <>
      <header class="top">
        <a href="/" onClick={follow} class="brand">
          Nomos
        </a>
        <span class="who">
          Signed in as <strong>{user.displayName}</strong>
        </span>
        <button type="button" class="link" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>{page}</main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
