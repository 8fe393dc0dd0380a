/**
 * Tells the server which act the player has seen (POST .../seen), so that their next visit, on
 * any device, says what is new since. Seen means shown while the tab is in view: on load, as
 * acts arrive, and on coming back to a tab left in the background; never what came while it was hidden.
 */
import { useEffect, useRef } from "preact/hooks";
import { post } from "../api.js";

export function useMarkSeen(id: string, seq: number | undefined): void {
  // The last act told, per game: each act is told once, and never an older one after it.
  const told = useRef<{ id: string; seq: number }>({ id, seq: -1 });
  useEffect(() => {
    if (seq === undefined) return;
    const mark = () => {
      if (document.visibilityState !== "visible") return;
      if (told.current.id === id && told.current.seq >= seq) return;
      told.current = { id, seq };
      // A mark that fails is told again with the next act, or the next look at the page.
      post(`/api/games/${id}/seen`, { seq }).catch(() => {
        if (told.current.id === id && told.current.seq === seq) told.current = { id, seq: -1 };
      });
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [id, seq]);
}
