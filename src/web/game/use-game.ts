/**
 * A game's data on the page, kept live (game-feed.ts says what is read when): the page, the
 * rules, the log and the channels, refetched as the server says something happened.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Channel, GamePage, LogEntry, Message, Rule } from "../types.js";
import { GameFeed, type Since } from "./game-feed.js";

export interface LiveGame {
  page: GamePage | null;
  /** The rules in effect, fetched again only when the page's rulesVersion changes. */
  rules: Rule[];
  log: LogEntry[];
  /** What was new to the player when the page loaded; null on their first visit (or until read). */
  since: Since | null;
  /** Whether an action or a timer has been played; null until the log has been read. */
  started: boolean | null;
  /** The channels you may read, and their messages, oldest first (read on the Channels tab). */
  channels: Channel[];
  messages: Message[];
  loadMessages(): Promise<void>;
  error: string | null;
  connected: boolean;
  /** Reads the page again: after act `seq` (an act's reply says it), or anew. */
  refresh(seq?: number): Promise<void>;
}

export function useGame(id: string, tab: string): LiveGame {
  const [page, setPage] = useState<GamePage | null>(null);
  const [rules, setRules] = useState<Rule[]>([]);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [since, setSince] = useState<Since | null>(null);
  const [channels, setChannels] = useState<Channel[]>([]);
  const [messages, setMessages] = useState<Message[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const feed = useRef<GameFeed | null>(null);

  useEffect(() => {
    setPage(null);
    setLog([]);
    setSince(null);
    setChannels([]);
    setMessages([]);
    const live = new GameFeed(id, {
      page: setPage,
      rules: setRules,
      log: setLog,
      since: setSince,
      channels: setChannels,
      messages: setMessages,
      error: setError,
      connected: setConnected,
    });
    feed.current = live;
    live.start(tab);
    return () => live.close();
  }, [id]);
  useEffect(() => feed.current?.show(tab), [tab]);

  const current = feed.current;
  return {
    page,
    rules,
    log,
    since,
    started: current?.started ?? null,
    channels,
    messages,
    loadMessages: () => current?.readMessages() ?? Promise.resolve(),
    error,
    connected,
    refresh: (seq) => current?.refresh(seq) ?? Promise.resolve(),
  };
}
