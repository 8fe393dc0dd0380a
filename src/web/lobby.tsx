/** The lobby: your games, a new game (from a preset or a published ruleset's text), a game file to import, and your name. */
import { useEffect, useState } from "preact/hooks";
import { defaultPreset } from "../rulesets/default.js";
import { get, patch, post } from "./api.js";
import { viewerZone, zones } from "./format.js";
import { GameImport } from "./game-import.js";
import { follow, navigate } from "./router.js";
import { RulesetImport, rulesetRequest, type Preset } from "./ruleset-import.js";
import { useTitle } from "./title.js";
import type { GameSummary, User } from "./types.js";

export function LobbyPage({ user, onUser }: { user: User; onUser(user: User): void }) {
  useTitle("Your games");
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [presets, setPresets] = useState<Preset[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [source, setSource] = useState<"preset" | "text">("preset");
  const [chosen, setChosen] = useState(defaultPreset);
  const titleOf = (name: string | null) => (name === null ? "a custom ruleset" : (presets.find((p) => p.name === name)?.title ?? name));

  useEffect(() => {
    get<GameSummary[]>("/api/games").then(setGames, (e: Error) => setError(e.message));
    // The default preset first, then the rest as the server lists them.
    get<Preset[]>("/api/presets").then(
      (list) => setPresets([...list].sort((a, b) => Number(b.name === defaultPreset) - Number(a.name === defaultPreset))),
      () => undefined,
    );
  }, []);

  const create = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    try {
      const start = source === "preset" ? { preset: String(data.get("preset")) } : { ruleset: rulesetRequest(data) };
      const practice = data.get("practice") ? { practice: true } : {};
      const game = await post<GameSummary>("/api/games", { name: String(data.get("name")), ...start, timeZone: String(data.get("timeZone")), ...practice });
      navigate(`/games/${game.id}`);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const rename = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    try {
      onUser(await patch<User>("/api/me", { displayName: String(data.get("displayName")) }));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <div class="lobby">
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <section>
        <h1>Your games</h1>
        {games === null ? (
          <p>Loading…</p>
        ) : games.length === 0 ? (
          <p>You are not in any game yet. Start one below, or open an invitation link a friend sent you.</p>
        ) : (
          <ul class="games">
            {games.map((g) => (
              <li key={g.id}>
                <a href={`/games/${g.id}`} onClick={follow}>
                  {g.name}
                </a>
                <span class="muted">
                  {" "}
                  · {titleOf(g.preset)} · {g.players.length} {g.players.length === 1 ? "player" : "players"} · {g.status === "over" ? "over" : "in play"}
                  {g.awaits !== undefined && ` · your request to join awaits: ${g.awaits}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section class="card">
        <h2>New game</h2>
        <form onSubmit={create}>
          <label>
            Name
            <input name="name" required maxLength={100} placeholder="Friday Nomic" />
          </label>
          <div class="field">
            <label for="new-game-source">Start from</label>
            <select
              id="new-game-source"
              name="source"
              value={source}
              onChange={(e) => setSource((e.target as HTMLSelectElement).value === "text" ? "text" : "preset")}
            >
              <option value="preset">a preset</option>
              <option value="text">a published ruleset's text</option>
            </select>
          </div>
          {source === "preset" ? (
            <>
              <label>
                Ruleset
                <select name="preset" value={chosen} aria-describedby="preset-description" onChange={(e) => setChosen((e.target as HTMLSelectElement).value)}>
                  {presets.map((p) => (
                    <option value={p.name} key={p.name}>
                      {p.title}
                    </option>
                  ))}
                </select>
              </label>
              <p id="preset-description" class="muted">
                {presets.find((p) => p.name === chosen)?.description}
              </p>
            </>
          ) : (
            <RulesetImport presets={presets} />
          )}
          <label>
            Time zone for deadlines
            <select name="timeZone" defaultValue={user.timeZone ?? viewerZone}>
              {zones.map((z) => (
                <option key={z} value={z} selected={z === (user.timeZone ?? viewerZone)}>
                  {z}
                </option>
              ))}
            </select>
          </label>
          <label class="check">
            <input type="checkbox" name="practice" /> Practice game: the group can move its clock forward
          </label>
          <button type="submit">Create game</button>
        </form>
      </section>
      <GameImport user={user} />
      <section class="card">
        <h2>Your name</h2>
        <form onSubmit={rename} class="inline">
          <input name="displayName" aria-label="Display name" defaultValue={user.displayName} maxLength={100} required />
          <button type="submit">Rename</button>
        </form>
        <p class="muted">Renaming changes your name in every game; your moves stay yours.</p>
      </section>
    </div>
  );
}
