/**
 * A game's data on the page, kept live: the page, the log and the channels are fetched, then
 * refetched whenever the server says something happened. EventSource reconnects by itself
 * and sends the last act it saw; on reconnect the page fetches everything again.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { get } from "../api.js";
import type { Channel, GamePage, LogEntry, Message, Rule } from "../types.js";

export interface LiveGame {
  page: GamePage | null;
  /** The rules in effect, fetched again only when the page's rulesVersion changes. */
  rules: Rule[];
  log: LogEntry[];
  /** The channels you may read, and their messages, oldest first. */
  channels: Channel[];
  messages: Message[];
  loadMessages(): Promise<void>;
  error: string | null;
  connected: boolean;
  refresh(): Promise<void>;
}

/**
 * Each message act's entry shows the message as it is now: an edit, deletion or redaction
 * arriving later changes what its earlier entries show (a redacted text stays nowhere).
 */
function withMessagesNow(log: LogEntry[]): LogEntry[] {
  const now = new Map<number, LogEntry["message"]>();
  for (const e of log) if (e.input.kind === "message" && e.message) now.set(e.input.message, e.message);
  return log.map((e) => (e.input.kind === "message" && e.message && now.get(e.input.message) !== e.message ? { ...e, message: now.get(e.input.message) } : e));
}

export function useGame(id: string): LiveGame {
  const [page, setPage] = useState<GamePage | null>(null);
  const [rules, setRules] = useState<Rule[]>([]);
  const rulesVersion = useRef(-1);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [channels, setChannels] = useState<Channel[]>([]);
  const [messages, setMessages] = useState<Message[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const lastLogged = useRef(0);

  const loadLog = useCallback(async () => {
    const reply = await get<{ entries: LogEntry[] }>(`/api/games/${id}/log?after=${lastLogged.current}`);
    if (reply.entries.length) {
      lastLogged.current = reply.entries.at(-1)!.seq;
      setLog((old) => withMessagesNow([...old.filter((e) => e.seq < reply.entries[0]!.seq), ...reply.entries]));
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

  const loadChannels = useCallback(async () => {
    setChannels(await get<Channel[]>(`/api/games/${id}/channels`));
  }, [id]);

  // Every message again, not only new ones: an edit, a deletion or a redaction changes an old one.
  const loadMessages = useCallback(async () => {
    const all: Message[] = [];
    for (;;) {
      const page = await get<Message[]>(`/api/games/${id}/messages?after=${all.at(-1)?.id ?? 0}`);
      if (!page.length) break;
      all.push(...page);
    }
    setMessages(all);
    await loadChannels();
  }, [id, loadChannels]);

  useEffect(() => {
    lastLogged.current = 0;
    rulesVersion.current = -1;
    setLog([]);
    void refresh();
    void loadMessages().catch(() => undefined);
    const source = new EventSource(`/api/games/${id}/live`);
    source.addEventListener("open", () => {
      setConnected(true);
      void refresh();
    });
    source.addEventListener("error", () => setConnected(false));
    // An act may open or close a channel; a message's news is its own event.
    source.addEventListener("act", () => {
      void refresh();
      void loadChannels().catch(() => undefined);
    });
    source.addEventListener("message", () => void loadMessages().catch(() => undefined));
    return () => source.close();
  }, [id]);

  return { page, rules, log, channels, messages, loadMessages, error, connected, refresh };
}
