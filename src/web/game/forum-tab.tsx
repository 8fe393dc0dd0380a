/** The forum: players talk here, outside the rules. Text is shown as text, never as markup. */
import { useState } from "preact/hooks";
import { post } from "../api.js";
import { when } from "../format.js";
import type { Post, User } from "../types.js";

export function ForumTab({ id, posts, user }: { id: string; posts: Post[]; user: User }) {
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const send = async (event: Event) => {
    event.preventDefault();
    try {
      await post(`/api/games/${id}/posts`, { body: draft });
      setDraft("");
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div class="forum">
      <ol class="posts">
        {posts.map((p) => (
          <li key={p.id} class={p.author.id === user.id ? "mine" : ""}>
            <div class="muted">
              <strong>{p.author.displayName}</strong> · {when(p.createdAt)}
            </div>
            <p class="post-body">{p.body}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={send}>
        <label>
          Say something
          <textarea name="body" rows={3} value={draft} onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)} required maxLength={10000} />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit">Post</button>
      </form>
    </div>
  );
}
