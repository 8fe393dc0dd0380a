/** An invitation: what game it is for, and a button to join. */
import { useEffect, useState } from "preact/hooks";
import { get, post } from "./api.js";
import { Invitation } from "./invitation.js";
import { navigate } from "./router.js";
import { useTitle } from "./title.js";
import type { GameSummary, InviteAbout } from "./types.js";

export function InvitePage({ code }: { code: string }) {
  const [game, setGame] = useState<GameSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState<InviteAbout["joining"]>("open");
  const closed = joining === "closed";
  // Where the creator approves each newcomer, the buttons ask; the page then says what the request awaits.
  const asking = joining === "approval";
  useTitle(game ? `Invitation to ${game.name}` : "Invitation");
  useEffect(() => {
    get<GameSummary>(`/api/invites/${encodeURIComponent(code)}`).then(setGame, (e: Error) => setError(e.message));
  }, [code]);
  const join = async (as: "player" | "observer") => {
    try {
      const joined = await post<GameSummary>(`/api/invites/${encodeURIComponent(code)}/join`, { as });
      // A rule deferred the request: the person is not a player until the rules admit them.
      if (joined.awaits !== undefined) setGame(joined);
      else navigate(`/games/${joined.id}`);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!game) return <p>Loading…</p>;
  return (
    <section class="card">
      <h1>{game.name}</h1>
      <Invitation code={code} named={false} onAbout={(about) => setJoining(about.joining)} />
      <p>Players: {game.players.map((p) => p.name).join(", ")}.</p>
      {game.awaits !== undefined ? (
        <p role="status">Your request to join awaits: {game.awaits}</p>
      ) : game.left !== undefined ? (
        <p>
          You are no longer a player of this game: {game.left}. You may still read it.{" "}
          <button type="button" onClick={() => navigate(`/games/${game.id}`)}>
            Read the game
          </button>
        </p>
      ) : game.me ? (
        <p>
          {game.observes ? "You take part without playing. " : ""}
          <button type="button" onClick={() => navigate(`/games/${game.id}`)}>
            Open the game
          </button>{" "}
          {game.observes && !closed ? (
            <button type="button" onClick={() => join("player")}>
              {asking ? "Ask to join as a player" : "Join this game as a player"}
            </button>
          ) : null}
        </p>
      ) : closed ? null : (
        <p>
          <button type="button" onClick={() => join("player")}>
            {asking ? "Ask to join this game" : "Join this game"}
          </button>{" "}
          <button type="button" onClick={() => join("observer")}>
            {asking ? "Ask to take part without playing" : "Take part without playing"}
          </button>
        </p>
      )}
    </section>
  );
}
