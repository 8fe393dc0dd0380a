/**
 * Whose turn it is, what waits on whom, and deadlines in the viewer's time zone. Read from
 * whatever the rules declare: any game state naming a player (a turn's mover, a Judge, a
 * player awaited) is shown by its name, and a "waiting" field in the rule's words.
 */
import { relative, viewerZone, when } from "../format.js";
import type { GamePage, Json } from "../types.js";
import { namer } from "./names.js";

export function StatusLine({ page }: { page: GamePage }) {
  const { view } = page;
  const name = namer(view);
  const ids = new Set(view.players.map((p) => p.id));
  const facts: string[] = [];
  for (const s of view.state) {
    if (s.scope !== "game" || !s.value || typeof s.value !== "object" || Array.isArray(s.value)) continue;
    for (const [key, v] of Object.entries(s.value as Record<string, Json>)) {
      if (typeof v === "string" && ids.has(v)) facts.push(`${s.name} ${key}: ${name(v)}`);
      // What play waits on, in the rule's own words ("consent to Judgment 1").
      else if (key === "waiting" && typeof v === "string" && v) facts.push(`waiting: ${v}`);
    }
  }
  if (view.status === "over") {
    const winners = view.result?.winners?.map(name).join(", ");
    return (
      <p class="status over" role="status">
        The game is over{winners ? `: ${winners} won` : ""}
        {view.result?.reason ? ` (${view.result.reason})` : ""}.
      </p>
    );
  }
  return (
    <div class="status" role="status">
      {facts.length ? (
        facts.map((f) => (
          <span key={f} class="fact">
            {f}
          </span>
        ))
      ) : (
        <span class="fact">In play</span>
      )}
      {page.timers.map((t) => (
        <span key={t.id} class="fact deadline" title={`${when(t.at, page.timeZone)} in the game's time zone (${page.timeZone})`}>
          {t.name} (Rule {t.rule}): {when(t.at)} {viewerZone}, {relative(t.at)}
        </span>
      ))}
    </div>
  );
}
