/** What an invitation is for, in a sentence: shown to the invited friend before and after signing in. */
import { useEffect, useState } from "preact/hooks";
import { get } from "./api.js";
import type { InviteAbout } from "./types.js";

/** The invitation code in the page's address, if it is an invitation's page. */
export const inviteCodeInPath = (): string | null => {
  const match = location.pathname.match(/^\/invite\/([^/]+)/);
  return match ? decodeURIComponent(match[1]!) : null;
};

/** `onAbout` hears what the invitation is for, once read (whether the game takes newcomers). */
export function Invitation({ code, named = true, onAbout }: { code: string; named?: boolean; onAbout?(about: InviteAbout): void }) {
  const [about, setAbout] = useState<InviteAbout | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<InviteAbout>(`/api/invites/${encodeURIComponent(code)}/about`).then(
      (a) => {
        setAbout(a);
        onAbout?.(a);
      },
      (e: Error) => setError(e.message),
    );
  }, [code]);
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!about) return <p>Reading the invitation…</p>;
  return (
    <section class="invitation" aria-label="Invitation">
      {named && <h2>{about.game}</h2>}
      <p>
        <strong>{about.invitedBy}</strong> invites you to play <strong>{about.game}</strong>, a game of {about.ruleset}.
      </p>
      {about.joining === "approval" && <p>{about.invitedBy} approves each newcomer: ask to join, and you join as soon as they approve.</p>}
      {about.joining === "closed" && (
        <p role="status">
          {about.game} takes no new players just now: {about.invitedBy} has closed its invitation. Ask them to open it, then open this link again.
        </p>
      )}
    </section>
  );
}
