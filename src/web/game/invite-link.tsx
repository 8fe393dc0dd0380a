/**
 * The game's invitation link, in its header: every member may copy it; the game's creator may
 * close it to newcomers, open it again, or make a new link (the old one then admits no one).
 */
import { useState } from "preact/hooks";
import { patch, post } from "../api.js";
import type { GamePage } from "../types.js";

export function InviteLink({ page, owner, onChanged }: { page: GamePage; owner: boolean; onChanged(): Promise<void> }) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!page.invite || page.view.status === "over") return null;
  const closed = page.joining === "closed";
  const change = (does: () => Promise<unknown>, done: string) => async () => {
    setBusy(true);
    try {
      await does();
      await onChanged();
      setMessage(done);
    } catch (err) {
      setMessage((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const link = `${location.origin}/invite/${page.invite}`;
  return (
    <div class="invite">
      {closed ? (
        <span>Closed to newcomers: the invitation link admits no one{owner ? "" : " until the game's creator opens it"}.</span>
      ) : (
        <span>
          Invite friends: <input readOnly value={link} aria-label="Invitation link" onFocus={(e) => (e.target as HTMLInputElement).select()} />
        </span>
      )}
      {owner && (
        <span class="invite-controls">
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={change(
              () => patch(`/api/games/${page.id}/settings`, { joining: closed ? "open" : "closed" }),
              closed ? "Newcomers may join by the link again." : "Closed: the link admits no one new.",
            )}
          >
            {closed ? "Open to newcomers" : "Close to newcomers"}
          </button>{" "}
          {!closed && (
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={change(() => post(`/api/games/${page.id}/settings/new-invite`), "A new link: the old one no longer admits anyone.")}
            >
              New link
            </button>
          )}
        </span>
      )}
      {message && <span role="status">{message}</span>}
    </div>
  );
}
