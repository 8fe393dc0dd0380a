/**
 * "Since you last looked": what happened in the game while the player was away, in the log's
 * words (players come back hours or days apart, across time zones). The acts that matter, most
 * recent last; the rest of the log is a tab away. Nothing on a first visit, or when nothing happened.
 */
import { sinceNews } from "../../present/since.js";
import { follow } from "../router.js";
import type { GamePage } from "../types.js";
import type { Since } from "./game-feed.js";
import { LogItem } from "./log-tab.js";
import { namer, playerCheck } from "./names.js";

/** At most this many acts are told; the Log has the others. */
const shownAtMost = 20;

export function SincePanel({ page, since }: { page: GamePage; since: Since | null }) {
  if (!since) return null;
  const { shown, more } = sinceNews(since.entries, shownAtMost);
  if (!shown.length) return null;
  const name = namer(page.view);
  const isPlayer = playerCheck(page.view);
  return (
    <section class="since card" aria-labelledby="since-heading">
      <h2 id="since-heading">Since you last looked</h2>
      <ol class="log">
        {shown.map((entry) => (
          <LogItem key={entry.seq} entry={entry} name={name} isPlayer={isPlayer} />
        ))}
      </ol>
      {more > 0 && (
        <p class="muted">
          And {more} more before these: see the{" "}
          <a href={`/games/${page.id}/log`} onClick={follow}>
            Log
          </a>
          .
        </p>
      )}
    </section>
  );
}
