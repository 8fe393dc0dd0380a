/**
 * The proposals decided since the player last looked keep a card, their outcome first, rather
 * than vanishing into "Decided: N" before the player could see what came of them. Until the
 * page is reloaded; those decided while the player watches fold away, as they saw it happen.
 */
import { describeChange } from "../../records/reports/describe-change.js";
import { capitalise } from "../../present/display.js";
import { declaredRecords, type KeyedEntry } from "../../present/records.js";
import { decidedIn } from "../../present/since.js";
import type { GamePage } from "../types.js";
import type { Since } from "./game-feed.js";
import { Byline, changesOf, labelOf, Votes } from "./proposal-card.js";

function DecidedCard({ page, keyed }: { page: GamePage; keyed: KeyedEntry }) {
  const { entry } = keyed;
  const label = labelOf(entry);
  const status = typeof entry.status === "string" ? entry.status : "decided";
  const closed = typeof entry.closedAt === "number" ? entry.closedAt : null;
  return (
    <article class="decided-card card" data-proposal={String(entry.number)} data-status={status} aria-label={`${label}: ${status}`}>
      <header>
        <h4>{label}</h4>
        <Byline page={page} entry={entry} event="decided" at={closed} />
      </header>
      <p class="outcome">
        <strong>{capitalise(status)}</strong>
        {typeof entry.reason === "string" && entry.reason ? `: ${entry.reason}` : ""}
      </p>
      {changesOf(entry).map((change, i) => {
        const words = describeChange(change);
        return (
          <div class="change" key={i}>
            <p class="change-summary">{words.summary}</p>
            {words.text !== null && <blockquote class="rule-text">{words.text}</blockquote>}
          </div>
        );
      })}
      <Votes votes={entry.votes} page={page} />
    </article>
  );
}

/** `decided`: the decided proposals, in number order; those the acts new on load decided get cards. */
export function DecidedCards({ page, decided, since }: { page: GamePage; decided: KeyedEntry[]; since: Since | null }) {
  if (!since?.entries.length) return null;
  const keys = decidedIn(since.entries, declaredRecords(page.view.state, "proposal"));
  const recent = decided.filter((d) => keys.has(d.key));
  if (!recent.length) return null;
  return (
    <div class="decided-cards">
      <h3 class="decided-since">Decided since you last looked</h3>
      {recent.map((keyed) => (
        <DecidedCard key={keyed.key} page={page} keyed={keyed} />
      ))}
    </div>
  );
}
