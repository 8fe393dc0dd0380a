/**
 * Import a game file (as exported from a Nomos server, or by `nomos export`): read the
 * JSON, say which game it is and who plays it, ask which player you are, send it, and open
 * the new game. The server checks the file before it writes anything.
 */
import { useState } from "preact/hooks";
import { post } from "./api.js";
import { navigate } from "./router.js";
import type { Effect, User } from "./types.js";

interface Archive {
  format?: unknown;
  game?: { name?: unknown };
  acts?: { effects?: Effect[] }[];
}
interface Chosen {
  fileName: string;
  archive: Archive;
  name: string;
  acts: number;
  players: { id: string; name: string }[];
}

/** The players still in the game at its end, with their last names, folded from the acts' effects. */
function playersOf(archive: Archive): { id: string; name: string }[] {
  const players = new Map<string, string>();
  for (const act of archive.acts ?? []) {
    for (const e of act.effects ?? []) {
      if (e.e === "player.joined" && e.player && typeof e.player.id === "string") players.set(e.player.id, String(e.player.name ?? e.player.id));
      else if (e.e === "player.renamed" && players.has(e.id)) players.set(e.id, String(e.name));
      else if (e.e === "player.left") players.delete(e.id);
    }
  }
  return [...players].map(([id, name]) => ({ id, name }));
}

export function GameImport({ user }: { user: User }) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const read = async (event: Event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    setChosen(null);
    setError(null);
    if (!file) return;
    let archive: Archive;
    try {
      archive = JSON.parse(await file.text()) as Archive;
    } catch {
      return setError(`${file.name} is not a game file: it is not JSON.`);
    }
    if (!archive || typeof archive !== "object" || archive.format !== "nomos-game" || !Array.isArray(archive.acts)) {
      return setError(`${file.name} is not a Nomos game file (exported from a game's Records tab, or by nomos export).`);
    }
    setChosen({
      fileName: file.name,
      archive,
      name: typeof archive.game?.name === "string" ? archive.game.name : "a game",
      acts: archive.acts.length,
      players: playersOf(archive),
    });
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!chosen) return setError("Pick a game file first.");
    const as = String(new FormData(event.target as HTMLFormElement).get("as") ?? "");
    setBusy(true);
    try {
      const game = await post<{ id: string }>("/api/games/import", { archive: chosen.archive, as });
      navigate(`/games/${game.id}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const mine = chosen?.players.find((p) => p.name === user.displayName)?.id;
  return (
    <section class="card" aria-labelledby="import-heading">
      <h2 id="import-heading">Import a game file</h2>
      <form onSubmit={submit}>
        <label>
          Game file (JSON, as exported)
          <input type="file" name="file" accept=".json,application/json" required onChange={read} />
        </label>
        {chosen && (
          <>
            <p role="status">
              {chosen.fileName}: “{chosen.name}”, {chosen.acts} acts, {chosen.players.length} players.
            </p>
            <div class="field">
              <label for="import-as">You play as</label>
              <select id="import-as" name="as" required key={chosen.fileName} defaultValue={mine ?? ""}>
                <option value="">Choose…</option>
                {chosen.players.map((p) => (
                  <option key={p.id} value={p.id} selected={p.id === mine}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <button type="submit" disabled={busy || !chosen}>
          Import the game
        </button>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
