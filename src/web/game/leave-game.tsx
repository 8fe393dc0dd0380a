/** "Leave the game", asked twice: a player who leaves is no longer one (the rules may refuse it, saying why). */
import { useState } from "preact/hooks";
import { post } from "../api.js";
import type { GamePage } from "../types.js";

export function LeaveGame({ page, onLeft }: { page: GamePage; onLeft(): Promise<void> }) {
  const [asked, setAsked] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const playing = page.view.status !== "over" && page.view.players.some((p) => p.id === page.me);
  // The live update that says the player left may come before the answer: the message outlives the control.
  if (!playing)
    return message ? (
      <div class="leave-game">
        <span role="status"> {message}</span>
      </div>
    ) : null;
  const leave = async () => {
    try {
      await post(`/api/games/${page.id}/leave`);
      setMessage("You left the game; you can still read it.");
      setAsked(false);
      await onLeft();
    } catch (err) {
      setMessage((err as Error).message);
      setAsked(false);
    }
  };
  return (
    <div class="leave-game">
      {asked ? (
        <fieldset>
          <legend>Leave the game?</legend>
          Leave {page.view.name}? You will no longer be one of its players.{" "}
          <button type="button" onClick={leave}>
            Yes, leave the game
          </button>{" "}
          <button type="button" class="secondary" onClick={() => setAsked(false)}>
            Stay
          </button>
        </fieldset>
      ) : (
        <button type="button" class="secondary" onClick={() => setAsked(true)}>
          Leave the game
        </button>
      )}
      {message && <span role="status"> {message}</span>}
    </div>
  );
}
