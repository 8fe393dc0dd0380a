/** The tab's title says where you are, and in a game how many moves await you: "(1) Friday Nomic · Nomos". */
import { useEffect } from "preact/hooks";

const app = "Nomos";

/** Names the tab while the page shows; null (still loading) or a page without one: "Nomos" alone. */
export function useTitle(text: string | null): void {
  useEffect(() => {
    document.title = text ? `${text} · ${app}` : app;
    return () => {
      document.title = app;
    };
  }, [text]);
}
