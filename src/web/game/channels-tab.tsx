/**
 * The game's channels: where people talk, and where the rules may hear what is said (a vote
 * is a message in its channel). The list says how many messages each holds; the chosen one's
 * messages stay live, with a box to post in while it is open. A private channel is listed
 * only to its readers: the server sends no other.
 */
import { useState } from "preact/hooks";
import { post } from "../api.js";
import type { Channel, Message } from "../types.js";
import { ChannelMessage } from "./channel-message.js";

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
  gameId,
  me,
  channels,
  messages,
  onChanged,
}: {
  gameId: string;
  /** Your person id in the game: your messages are the ones you may edit or delete. */
  me: string;
  channels: Channel[];
  messages: Message[];
  onChanged(): Promise<void>;
}) {
  const [chosen, setChosen] = useState("general");
  const channel = channels.find((c) => c.id === chosen) ?? channels[0];
  if (!channel) return <p class="muted">Loading the channels…</p>;
  const shown = messages.filter((m) => m.channel === channel.id);
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
                onClick={() => setChosen(c.id)}
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
          {shown.map((m) => (
            <ChannelMessage key={m.id} gameId={gameId} message={m} mine={m.author === me} onChanged={onChanged} />
          ))}
        </ol>
        {channel.open ? (
          <PostBox gameId={gameId} channel={channel} onPosted={onChanged} />
        ) : (
          <p class="muted">This channel is closed: no more posts; its history stays.</p>
        )}
      </section>
    </div>
  );
}
