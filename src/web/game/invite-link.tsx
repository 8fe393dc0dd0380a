/**
 * The game's invitation link, in its header: every member may copy it; the game's creator says
 * who may join by it (anyone, those they approve, no one), approves or declines the requests
 * waiting, and may make a new link (the old one then admits no one).
 */
import { useEffect, useState } from "preact/hooks";
import type { Joining } from "../../api/game.js";
import { del, get, patch, post } from "../api.js";
import { Said, useAction } from "../said.js";
import type { GamePage } from "../types.js";

interface Request {
  user: string;
  name: string;
  as: "player" | "observer";
  requestedAt: number;
}

const joiningWords: Record<Joining, string> = {
  open: "Anyone with the link",
  approval: "Those I approve",
  closed: "No one new",
};
const savedWords: Record<Joining, string> = {
  open: "Saved: anyone with the link may join.",
  approval: "Saved: newcomers ask by the link, and you approve or decline each.",
  closed: "Saved: the link admits no one new.",
};

/** How often the creator's page looks for new requests while it is open. */
const requestsEveryMs = 20_000;

function JoinRequests({ page, onChanged }: { page: GamePage; onChanged(): Promise<void> }) {
  const [requests, setRequests] = useState<Request[]>([]);
  const { outcome, run } = useAction();
  const path = `/api/games/${page.id}/join-requests`;
  useEffect(() => {
    const look = () => get<Request[]>(path).then(setRequests, () => undefined);
    void look();
    const every = setInterval(look, requestsEveryMs);
    return () => clearInterval(every);
  }, [path, page.view.seq, page.joining]);
  if (!requests.length && !outcome) return null;
  const answer = (r: Request, approve: boolean) => () =>
    run(async () => {
      setRequests(await (approve ? post<Request[]>(`${path}/${encodeURIComponent(r.user)}/approve`) : del<Request[]>(`${path}/${encodeURIComponent(r.user)}`)));
      if (approve) await onChanged();
      return approve ? `${r.name} joined.` : `You declined ${r.name}'s request.`;
    });
  return (
    <section class="requests-to-join" aria-label="Requests to join">
      {requests.length > 0 && (
        <ul>
          {requests.map((r) => (
            <li key={r.user}>
              {r.name} asks to join {r.as === "player" ? "as a player" : "without playing"}.{" "}
              <button type="button" onClick={answer(r, true)}>
                Approve {r.name}
              </button>{" "}
              <button type="button" class="secondary" onClick={answer(r, false)}>
                Decline
              </button>
            </li>
          ))}
        </ul>
      )}
      <Said outcome={outcome} />
    </section>
  );
}

export function InviteLink({ page, owner, onChanged }: { page: GamePage; owner: boolean; onChanged(): Promise<void> }) {
  const { outcome, busy, run } = useAction();
  if (!page.invite || page.view.status === "over") return null;
  const change = (does: () => Promise<unknown>, done: string) => () =>
    run(async () => {
      await does();
      await onChanged();
      return done;
    });
  const link = `${location.origin}/invite/${page.invite}`;
  const closed = page.joining === "closed";
  return (
    <div class="invite">
      {closed ? (
        <span>Closed to newcomers: the invitation link admits no one{owner ? "" : " until the game's creator opens it"}.</span>
      ) : (
        <span>
          Invite friends: <input readOnly value={link} aria-label="Invitation link" onFocus={(e) => (e.target as HTMLInputElement).select()} />
          {page.joining === "approval" && <span class="muted"> (the game's creator approves each newcomer)</span>}
        </span>
      )}
      {owner && (
        <span class="invite-controls">
          <label>
            Who may join by the link{" "}
            <select
              value={page.joining}
              disabled={busy}
              onChange={(e) => {
                const joining = (e.target as HTMLSelectElement).value as Joining;
                void change(() => patch(`/api/games/${page.id}/settings`, { joining }), savedWords[joining])();
              }}
            >
              {(Object.keys(joiningWords) as Joining[]).map((j) => (
                <option key={j} value={j}>
                  {joiningWords[j]}
                </option>
              ))}
            </select>
          </label>{" "}
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
      <Said outcome={outcome} />
      {owner && <JoinRequests page={page} onChanged={onChanged} />}
    </div>
  );
}
