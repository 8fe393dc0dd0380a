/**
 * What the game waits for, first on the page and in the rules' words (the page's `awaits`):
 * your own moves, each with a button to the form that makes it; whom the others wait for;
 * the end of the game and its winners; and the deadlines, as times in the viewer's zone.
 */
import { relative, viewerZone, when } from "../format.js";
import type { Awaited, GamePage } from "../types.js";
import { namer } from "./names.js";

/** "Ada", "Ada and Grace", "Ada, Grace and Alan". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const capital = (words: string) => words.replace(/^./, (c) => c.toUpperCase());

/** Others' awaited moves, one line per thing to do, the players it waits for named together. */
function waitingLines(awaits: Awaited[], name: (id: string) => string): string[] {
  const byDoing = new Map<string, string[]>();
  for (const a of awaits) byDoing.set(a.does, [...(byDoing.get(a.does) ?? []), name(a.player)]);
  return [...byDoing].map(([does, players]) => `Waiting for ${listNames(players)} to ${does}`);
}

export function Banner({ page, started, onGo }: { page: GamePage; started: boolean; onGo(action: string): void }) {
  const { view } = page;
  const name = namer(view);
  if (view.status === "over") {
    const winners = view.result?.winners ?? [];
    return (
      <section class="banner over" role="status" aria-label="What the game waits for">
        <p class="banner-line">The game is over{winners.length ? `: ${listNames(winners.map((w) => (w === page.me ? "you" : name(w))))} won` : ""}.</p>
        {view.result?.reason && (
          <p class="muted">
            {capital(view.result.reason)} (Rule {view.result.rule})
          </p>
        )}
      </section>
    );
  }
  const mine = page.awaits.filter((a) => a.player === page.me);
  const others = page.awaits.filter((a) => a.player !== page.me);
  const open = new Set(page.actions.filter((a) => a.refused === null).map((a) => a.name));
  return (
    <section class={mine.length ? "banner yours" : "banner"} role="status" aria-label="What the game waits for">
      {mine.map((a) => (
        <div key={`${a.does}.${a.action}`} class="banner-line">
          <span>
            <strong>Your turn:</strong> {a.does} <span class="muted">(Rule {a.rule})</span>
          </span>
          {a.action !== null && open.has(a.action) && (
            <button type="button" class="banner-go" onClick={() => onGo(a.action!)}>
              {capital(a.does)}
            </button>
          )}
        </div>
      ))}
      {waitingLines(others, name).map((line) => (
        <p key={line} class="banner-line">
          {line}
        </p>
      ))}
      {page.awaits.length === 0 && (
        <p class="banner-line">{started ? "The rules name no one the game waits for just now." : `Waiting to start: ${players(view.players.length)} joined so far.`}</p>
      )}
      {page.timers.length > 0 && (
        <ul class="deadlines">
          {page.timers.map((t) => (
            <li key={t.id} title={`${when(t.at, page.timeZone)} in the game's time zone (${page.timeZone})`}>
              {t.name}: <time dateTime={new Date(t.at).toISOString()}>{when(t.at)}</time> ({viewerZone}), {relative(t.at)}{" "}
              <span class="muted">(Rule {t.rule})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "1 player", "3 players". */
export function players(count: number): string {
  return `${count} ${count === 1 ? "player" : "players"}`;
}
