/**
 * The proposals decided since the player last looked, or while they watched, keep a card, their
 * outcome first ("Adopted: ... 2 for", the rules it changed, linked), newest decided first,
 * rather than vanishing into "Decided: N" before the player could see what came of them. Until
 * the page is reloaded: by then they have seen it.
 */
import { describeChange } from "../../records/reports/describe-change.js";
import { capitalise } from "../../present/display.js";
import { declaredRecords, type KeyedEntry } from "../../present/records.js";
import { decidedIn } from "../../present/since.js";
import { follow } from "../router.js";
import type { GamePage, Json, Rule } from "../types.js";
import type { Since } from "./game-feed.js";
import { Byline, changesOf, labelOf, Votes } from "./proposal-card.js";

/** "2 for, 1 against": the votes counted by choice, where the player may see them. */
function tally(votes: Json | undefined): string | null {
  if (!votes || typeof votes !== "object" || Array.isArray(votes)) return null;
  // Votes the rules hide (a marker, not a choice) are not counted in the open.
  const choices = Object.values(votes);
  if (!choices.every((c) => typeof c === "string")) return null;
  const counts = new Map<string, number>();
  for (const choice of choices) counts.set(choice as string, (counts.get(choice as string) ?? 0) + 1);
  return counts.size ? [...counts].map(([choice, n]) => `${n} ${choice}`).join(", ") : null;
}

/** What the proposal's adoption did to the rules in effect, by their history ("Rule 303 enacted"), each linked to the rule. */
function RulesChanged({ page, rules, label }: { page: GamePage; rules: Rule[]; label: string }) {
  const changed = rules.flatMap((r) => r.history.filter((h) => h.cause === label).map((h) => ({ number: r.number, change: h.change })));
  if (!changed.length) return null;
  return (
    <p class="rules-changed">
      {changed.map((c, i) => (
        <span key={`${c.number}-${c.change}`}>
          {i > 0 && "; "}
          <a href={`/games/${page.id}/rules#rule-${c.number}`} onClick={follow}>
            Rule {c.number}
          </a>{" "}
          {c.change === "enacted" ? "is now in effect" : c.change}
        </span>
      ))}
    </p>
  );
}

function DecidedCard({ page, rules, keyed }: { page: GamePage; rules: Rule[]; keyed: KeyedEntry }) {
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
        {tally(entry.votes) !== null && !/\d+ for\b/.test(String(entry.reason ?? "")) ? ` (${tally(entry.votes)})` : ""}
      </p>
      {status === "adopted" && <RulesChanged page={page} rules={rules} label={label} />}
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

const closedAt = (k: KeyedEntry) => (typeof k.entry.closedAt === "number" ? k.entry.closedAt : 0);

/**
 * `decided`: the decided proposals; those the acts new on load decided get cards, and those
 * decided while the player watched (`watched`, by key), the newest decided first.
 */
export function DecidedCards({
  page,
  rules,
  decided,
  since,
  watched,
}: {
  page: GamePage;
  rules: Rule[];
  decided: KeyedEntry[];
  since: Since | null;
  watched: ReadonlySet<string>;
}) {
  const keys = since?.entries.length ? decidedIn(since.entries, declaredRecords(page.view.state, "proposal")) : new Set<string>();
  const recent = decided.filter((d) => keys.has(d.key) || watched.has(d.key)).sort((a, b) => closedAt(b) - closedAt(a));
  if (!recent.length) return null;
  return (
    <div class="decided-cards">
      <h3 class="decided-since">{recent.every((d) => watched.has(d.key)) ? "Just decided" : "Decided since you last looked"}</h3>
      {recent.map((keyed) => (
        <DecidedCard key={keyed.key} page={page} rules={rules} keyed={keyed} />
      ))}
    </div>
  );
}
