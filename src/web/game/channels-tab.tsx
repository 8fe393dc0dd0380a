/**
 * The game's channels: where people talk, and where the rules may hear what is said (a vote
 * is a message in its channel). The list says how many messages each holds; the chosen one's
 * messages stay live, with a box to post in while it is open. A private channel is listed
 * only to its readers: the server sends no other.
 */
import { useState } from "preact/hooks";
import { post } from "../api.js";
import { when } from "../format.js";
import { navigate } from "../router.js";
import type { Channel, GamePage, LogEntry, Message, Rule } from "../types.js";
import { ChannelMessage } from "./channel-message.js";
import { namer } from "./names.js";
import { ActionCard } from "./play-tab.js";
import { ActMessage, useMessage } from "./use-act.js";

/** A channel's own address, so that the banner, a card or a bookmark can open it. */
export const channelPath = (gameId: string, channel: string) => `/games/${encodeURIComponent(gameId)}/channels/${encodeURIComponent(channel)}`;

/** An action taken in the channel (ActionOptions.channel), among its messages. */
function ActLine({ entry, name }: { entry: LogEntry; name: (id: string) => string }) {
  return (
    <li class="act-in-channel">
      <div class="muted">
        <strong>{name(entry.input.actor)}</strong> · {when(entry.time)} · {entry.input.name} (act {entry.seq})
      </div>
    </li>
  );
}

/** The forms of the actions the rules place in this channel, open to you now. */
function ChannelActions({ page, rules, channel, onActed }: { page: GamePage; rules: Rule[]; channel: string; onActed(): Promise<void> }) {
  const [message, announce] = useMessage();
  const here = page.actions.filter((a) => a.channel === channel && a.refused === null);
  if (!here.length) return null;
  return (
    <div class="channel-actions">
      {here.map((a) => (
        <ActionCard key={a.name} page={page} rules={rules} action={a} prompted={false} onActed={onActed} announce={announce} />
      ))}
      <ActMessage message={message} />
    </div>
  );
}

function PostBox({ gameId, channel, onPosted }: { gameId: string; channel: Channel; onPosted(): Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const send = async (event: Event) => {
    event.preventDefault();
    try {
      await post(`/api/games/${gameId}/messages`, { channel: channel.id, text: draft });
      setDraft("");
      setError(null);
      await onPosted();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form onSubmit={send}>
      <label>
        Say something
        <textarea name="text" rows={3} value={draft} onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)} required maxLength={10000} />
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit">Post</button>
    </form>
  );
}

export function ChannelsTab({
  page,
  chosen = "general",
  rules,
  log,
  channels,
  messages,
  onChanged,
  onActed,
}: {
  page: GamePage;
  /** The channel the address names; General where it names none. */
  chosen?: string;
  rules: Rule[];
  log: LogEntry[];
  channels: Channel[];
  messages: Message[];
  onChanged(): Promise<void>;
  onActed(): Promise<void>;
}) {
  const gameId = page.id;
  // Your person id in the game: your messages are the ones you may edit or delete.
  const me = page.me;
  const channel = channels.find((c) => c.id === chosen) ?? channels[0];
  if (!channel) return <p class="muted">Loading the channels…</p>;
  // Its messages, and the acts of the actions its rules place here, in the order they happened.
  const placed = new Set(page.actions.filter((a) => a.channel === channel.id).map((a) => a.name));
  const acts = log.filter((e) => e.input.kind === "action" && placed.has(e.input.name));
  const shown = [...messages.filter((m) => m.channel === channel.id).map((m) => ({ at: m.at, m })), ...acts.map((e) => ({ at: e.time, e }))].sort(
    (a, b) => a.at - b.at,
  );
  const name = namer(page.view);
  return (
    <div class="forum channels">
      <nav aria-label="Channels">
        <ul class="channel-list">
          {channels.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                class={c.id === channel.id ? "channel active" : "channel"}
                aria-current={c.id === channel.id ? "true" : undefined}
                onClick={() => navigate(channelPath(gameId, c.id))}
              >
                {c.title} <span class="count">({c.messages})</span>
                {c.private && <span class="muted"> · private</span>}
                {!c.open && <span class="muted"> · closed</span>}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section class="channel-view" aria-label={channel.title}>
        <h2>{channel.title}</h2>
        {channel.describe && <p class="muted">{channel.describe}</p>}
        {channel.private && <p class="muted">Private: only its readers see this channel.</p>}
        {shown.length === 0 && <p class="muted">No messages yet.</p>}
        <ol class="posts">
          {shown.map((item) =>
            "m" in item ? (
              <ChannelMessage key={`m${item.m.id}`} gameId={gameId} message={item.m} mine={item.m.author === me} onChanged={onChanged} />
            ) : (
              <ActLine key={`a${item.e.seq}`} entry={item.e} name={name} />
            ),
          )}
        </ol>
        <ChannelActions page={page} rules={rules} channel={channel.id} onActed={onActed} />
        {channel.open ? (
          <PostBox key={channel.id} gameId={gameId} channel={channel} onPosted={onChanged} />
        ) : (
          <p class="muted">This channel is closed: no more posts; its history stays.</p>
        )}
      </section>
    </div>
  );
}
