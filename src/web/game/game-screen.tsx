/** A game: its status line, then the tabs (play, rules, records, log, forum), all kept live. */
import { useState } from "preact/hooks";
import { patch } from "../api.js";
import { zones } from "../format.js";
import { follow } from "../router.js";
import type { User } from "../types.js";
import { ForumTab } from "./forum-tab.js";
import { LogTab } from "./log-tab.js";
import { PlayTab } from "./play-tab.js";
import { RecordsTab } from "./records-tab.js";
import { RulesTab } from "./rules-tab.js";
import { StatusLine } from "./status-line.js";
import { useGame } from "./use-game.js";

/** The game's creator may change the time zone its deadlines are announced in. */
function Settings({ id, timeZone, onSaved }: { id: string; timeZone: string; onSaved(): Promise<void> }) {
  const [message, setMessage] = useState<string | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      await patch(`/api/games/${id}/settings`, { timeZone: String(new FormData(event.target as HTMLFormElement).get("timeZone")) });
      setMessage("Saved.");
      await onSaved();
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  return (
    <details class="settings">
      <summary>Settings</summary>
      <form class="inline" onSubmit={save}>
        <label>
          Game time zone
          <select name="timeZone" defaultValue={timeZone}>
            {zones.map((z) => (
              <option key={z} value={z} selected={z === timeZone}>
                {z}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Save</button>
        {message && <span role="status">{message}</span>}
      </form>
    </details>
  );
}

const tabs = [
  ["play", "Play"],
  ["rules", "Rules"],
  ["records", "Records"],
  ["log", "Log"],
  ["forum", "Forum"],
] as const;

export function GameScreen({ id, tab, user }: { id: string; tab: string; user: User }) {
  const live = useGame(id);
  const { page, error } = live;
  if (!page)
    return error ? (
      <p class="error" role="alert">
        {error}
      </p>
    ) : (
      <p>Loading…</p>
    );
  const invite = page.invite ? `${location.origin}/invite/${page.invite}` : null;
  return (
    <div class="game">
      <header class="game-head">
        <h1>{page.view.name}</h1>
        <span class="muted">
          {page.view.preset ?? "custom ruleset"} · {page.view.players.length} players ·{" "}
          <span class={live.connected ? "live on" : "live"}>{live.connected ? "live" : "reconnecting…"}</span>
        </span>
        {page.owner === user.id && <Settings id={id} timeZone={page.timeZone} onSaved={live.refresh} />}
        {invite && (
          <p class="invite">
            Invite friends: <input readOnly value={invite} aria-label="Invitation link" onFocus={(e) => (e.target as HTMLInputElement).select()} />
          </p>
        )}
      </header>
      <StatusLine page={page} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <nav class="tabs">
        {tabs.map(([key, label]) => (
          <a key={key} href={`/games/${id}/${key}`} onClick={follow} class={tab === key ? "active" : ""} aria-current={tab === key ? "page" : undefined}>
            {label}
          </a>
        ))}
      </nav>
      {tab === "rules" ? (
        <RulesTab page={page} rules={live.rules} />
      ) : tab === "records" ? (
        <RecordsTab page={page} user={user} onChanged={live.refresh} />
      ) : tab === "log" ? (
        <LogTab page={page} log={live.log} />
      ) : tab === "forum" ? (
        <ForumTab id={id} posts={live.posts} user={user} />
      ) : (
        <PlayTab page={page} rules={live.rules} onActed={live.refresh} />
      )}
    </div>
  );
}
