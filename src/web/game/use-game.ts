/**
 * A game's data on the page, kept live: the page, the log and the forum are fetched, then
 * refetched whenever the server says something happened. EventSource reconnects by itself
 * and sends the last act it saw; on reconnect the page fetches everything again.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { get } from "../api.js";
import type { GamePage, LogEntry, Post, Rule } from "../types.js";

export interface LiveGame {
  page: GamePage | null;
  /** The rules in effect, fetched again only when the page's rulesVersion changes. */
  rules: Rule[];
  log: LogEntry[];
  posts: Post[];
  error: string | null;
  connected: boolean;
  refresh(): Promise<void>;
}

export function useGame(id: string): LiveGame {
  const [page, setPage] = useState<GamePage | null>(null);
  const [rules, setRules] = useState<Rule[]>([]);
  const rulesVersion = useRef(-1);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [posts, setPosts] = useState<Post[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const lastLogged = useRef(0);

  const loadLog = useCallback(async () => {
    const reply = await get<{ entries: LogEntry[] }>(`/api/games/${id}/log?after=${lastLogged.current}`);
    if (reply.entries.length) {
      lastLogged.current = reply.entries.at(-1)!.seq;
      setLog((old) => [...old.filter((e) => e.seq < reply.entries[0]!.seq), ...reply.entries]);
    }
  }, [id]);

  const refresh = useCallback(async () => {
    try {
      const next = await get<GamePage>(`/api/games/${id}`);
      if (next.rulesVersion !== rulesVersion.current) {
        setRules((await get<{ rules: Rule[] }>(`/api/games/${id}/rules`)).rules);
        rulesVersion.current = next.rulesVersion;
      }
      setPage(next);
      await loadLog();
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [id, loadLog]);

  const loadPosts = useCallback(async () => {
    setPosts(await get<Post[]>(`/api/games/${id}/posts`));
  }, [id]);

  useEffect(() => {
    lastLogged.current = 0;
    rulesVersion.current = -1;
    setLog([]);
    void refresh();
    void loadPosts().catch(() => undefined);
    const source = new EventSource(`/api/games/${id}/live`);
    source.addEventListener("open", () => {
      setConnected(true);
      void refresh();
    });
    source.addEventListener("error", () => setConnected(false));
    source.addEventListener("act", () => void refresh());
    source.addEventListener("post", () => void loadPosts().catch(() => undefined));
    return () => source.close();
  }, [id]);

  return { page, rules, log, posts, error, connected, refresh };
}
