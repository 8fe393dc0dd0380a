/**
 * The proposals on the table, read from every record the rules declare of kind "proposal":
 * each open one as a card with its rule-changes in words, the full text and code proposed
 * (a voter reads the code they vote on), a diff against the rule it amends, who has voted
 * how where the rules let the votes be seen, your own vote, and large buttons to vote.
 * Those decided since you last looked keep a card, with their outcome (decided-cards.tsx);
 * every decided proposal is listed, folded away, below.
 */
import { changeLine, describeChange } from "../../records/reports/describe-change.js";
import { capitalise } from "../../present/display.js";
import {
  choiceWords as said,
  citing,
  declaredRecords,
  entryMoves,
  type KeyedEntry,
  movesFor,
  moveWords,
  recordKeyedEntries,
  type Entry,
  type EntryMove,
} from "../../present/records.js";
import { relative, when } from "../format.js";
import type { GamePage, Json, Rule } from "../types.js";
import { listNames } from "./banner.js";
import { namer } from "./names.js";
import { gameNow } from "./practice-clock.js";
import { Preview } from "./preview.js";
import { CodeDiff, mostlyRewritten, TextDiff } from "./text-diff.js";
import { MessageVoteButtons, votesInOf } from "./message-votes.js";
import { ActMessage, type Message, useAct } from "./use-act.js";
import type { ComponentChildren } from "preact";

export const labelOf = (entry: Entry) => (typeof entry.label === "string" && entry.label ? entry.label : `Proposal ${String(entry.number)}`);

/** The code a change puts in: as recorded (compiled, with its source) or as typed. */
export function codeOf(change: Json): string | null {
  if (!change || typeof change !== "object" || Array.isArray(change)) return null;
  const code = change.code;
  if (typeof code === "string") return code || null;
  if (code && typeof code === "object" && !Array.isArray(code) && typeof code.source === "string") return code.source;
  return null;
}

/** A proposal's rule-changes as stored: a list (`changes`) or one (`change`). */
export function changesOf(entry: Entry): Json[] {
  if (Array.isArray(entry.changes)) return entry.changes;
  return entry.change === undefined ? [] : [entry.change];
}

/** One rule-change: in words, then its text and code, as a diff where it amends a rule in effect. */
function Change({ change, rules }: { change: Json; rules: Rule[] }) {
  const words = describeChange(change);
  const code = codeOf(change);
  const amends = words.kind === "amend" && words.rule !== null ? rules.find((r) => r.number === words.rule) : undefined;
  return (
    <div class="change">
      <p class="change-summary">{words.summary}</p>
      {words.text !== null &&
        (amends && !mostlyRewritten(amends.text, words.text) ? (
          <div>
            <span class="field-label">Text, changes to Rule {amends.number} marked</span>
            <TextDiff before={amends.text} after={words.text} />
          </div>
        ) : (
          <>
            <blockquote class="rule-text">{words.text}</blockquote>
            {amends && (
              <details>
                <summary>The text of Rule {amends.number} it replaces</summary>
                <blockquote class="rule-text">{amends.text}</blockquote>
              </details>
            )}
          </>
        ))}
      {code !== null &&
        (amends?.code ? (
          <div class="proposed-code">
            <span class="field-label">Changes to Rule {amends.number}'s code</span>
            <CodeDiff before={amends.code.source} after={code} />
            <details>
              <summary>The whole code as proposed</summary>
              <pre class="code proposed">{code}</pre>
            </details>
          </div>
        ) : (
          <div class="proposed-code">
            <span class="field-label">Code</span>
            <pre class="code proposed">{code}</pre>
          </div>
        ))}
    </div>
  );
}

/** Who has voted how, by name, where the rules let the viewer see the votes. */
export function Votes({ votes, page }: { votes: Json | undefined; page: GamePage }) {
  const name = namer(page.view);
  if (!votes || typeof votes !== "object" || Array.isArray(votes)) return <p class="muted">The votes are not shown to you.</p>;
  const entries = Object.entries(votes);
  if (!entries.length) return <p class="muted">No votes yet.</p>;
  const byChoice = new Map<string, string[]>();
  for (const [player, choice] of entries) byChoice.set(String(choice), [...(byChoice.get(String(choice)) ?? []), player === page.me ? "you" : name(player)]);
  return (
    <ul class="votes" aria-label="Votes">
      {[...byChoice].map(([choice, who]) => (
        <li key={choice}>
          <strong>{choice}</strong> ({who.length}): {listNames(who)}
        </li>
      ))}
    </ul>
  );
}

/** Who endorses (seconds, supports) it, where the rules keep that (the convention's `endorsers`). */
function Endorsers({ entry, page }: { entry: Entry; page: GamePage }) {
  const name = namer(page.view);
  if (!Array.isArray(entry.endorsers)) return null;
  const ids = entry.endorsers.filter((p): p is string => typeof p === "string");
  const who = [...ids.filter((p) => p === page.me).map(() => "you"), ...ids.filter((p) => p !== page.me).map(name)];
  return <p class="endorsers">{who.length ? `Endorsed by ${listNames(who)} (${who.length})` : "Endorsed by no one yet"}</p>;
}

/** An action's name as a button's words: "final-form" reads "Final form". */
const words = (action: string) => capitalise(action.replace(/[-_]+/g, " "));

interface Props {
  page: GamePage;
  rules: Rule[];
  onActed(): Promise<void>;
  /** Says what a move did where it outlives the card: the last vote decides the proposal, and its card goes. */
  announce(message: Message | null): void;
}

/** "by Ada · opened 2 hours ago": a proposal card's byline (open or decided), then `children`. */
export function Byline({ page, entry, event, at, children }: { page: GamePage; entry: Entry; event: string; at: number | null; children?: ComponentChildren }) {
  const name = namer(page.view);
  return (
    <span class="muted">
      by {typeof entry.proposer === "string" ? name(entry.proposer) : "someone"}
      {at !== null && (
        <>
          {` · ${event} `}
          <time dateTime={new Date(at).toISOString()} title={when(at)}>
            {relative(at, gameNow(page))}
          </time>
        </>
      )}
      {children}
    </span>
  );
}

function ProposalCard({ page, rules, keyed, moves: all, onActed, announce }: Props & { keyed: KeyedEntry; moves: EntryMove[] }) {
  const { key, entry } = keyed;
  // The moves its stage allows, as the entry says (a queued proposal is endorsed, not voted on).
  const moves = movesFor(entry, all);
  const { busy, message, act } = useAct(page.id, onActed, announce);
  const label = labelOf(entry);
  const votes = entry.votes && typeof entry.votes === "object" && !Array.isArray(entry.votes) ? entry.votes : null;
  const myVote = votes?.[page.me];
  const open = new Set(page.actions.filter((a) => a.refused === null).map((a) => a.name));
  const voting = moves.find((m) => m.choice !== null);
  // Where votes are messages, the vote buttons say the words there, not the voting action.
  const votesIn = votesInOf(entry);
  // The moves still open to you on this card: the banner's button for a move on a proposal comes here.
  const available = moves.filter((m) => open.has(m.action) && !(m === voting && myVote !== undefined)).map((m) => m.action);
  const opened = typeof entry.openedAt === "number" ? entry.openedAt : null;
  return (
    <article class="proposal-card card" data-proposal={String(entry.number)} data-key={key} data-moves={available.join(" ")} aria-label={label}>
      <header>
        <h3>{label}</h3>
        <Byline page={page} entry={entry} event="opened" at={opened}>
          {typeof entry.status === "string" && ` · ${entry.status}`}
        </Byline>
      </header>
      {changesOf(entry).map((change, i) => (
        <Change key={i} change={change} rules={rules} />
      ))}
      <Endorsers entry={entry} page={page} />
      <Votes votes={entry.votes} page={page} />
      {myVote !== undefined && <p class="my-vote">You voted {said(myVote)}.</p>}
      <div class="vote-buttons">
        {moves
          .filter((m) => open.has(m.action) && !(votesIn && m === voting))
          .flatMap((m) =>
            (m.choice ? m.choice.values : [null]).map((value) => (
              <button
                type="button"
                class="big"
                key={`${m.action}.${String(value)}`}
                disabled={busy || (m === voting && myVote !== undefined)}
                onClick={() =>
                  act(
                    m.action,
                    { [m.field]: citing(m, key, entry.number), ...(m.choice && value !== null ? { [m.choice.name]: value } : {}) },
                    m === voting ? `You voted ${said(value)} ${label.replace(/^P/, "p")}.` : `Done: ${words(m.action).toLowerCase()} on ${label}.`,
                  )
                }
              >
                {moveWords(m, value)}
              </button>
            )),
          )}
      </div>
      {votesIn && <MessageVoteButtons gameId={page.id} votesIn={votesIn} label={label} onVoted={onActed} />}
      <ActMessage message={message} />
      {voting && !votesIn && open.has(voting.action) && <Preview page={page} action={voting.action} input={{ [voting.field]: Number(entry.number) }} />}
    </article>
  );
}

/**
 * The proposals on the table: those open for votes, and those not yet closed (a proposal under
 * discussion, whose vote is still to come: `closedAt: null` in the ProposalRecord convention);
 * the others are decided.
 */
export function proposalsOnTable(page: GamePage): { open: KeyedEntry[]; decided: KeyedEntry[] } {
  const open = recordKeyedEntries(page.view.state, "proposal", "open");
  const notOpen = recordKeyedEntries(page.view.state, "proposal", "decided");
  const pending = notOpen.filter((e) => e.entry.closedAt === null);
  return {
    open: [...open, ...pending].sort((a, b) => Number(a.entry.number) - Number(b.entry.number)),
    decided: notOpen.filter((e) => !pending.includes(e)),
  };
}

/** The moves on entries of proposal records: the cards carry them, so "Your moves" need not. */
export function proposalMoves(page: GamePage): EntryMove[] {
  return declaredRecords(page.view.state, "proposal").flatMap((r) => entryMoves(page.actions, r.convention.citedAs));
}

/** `children`: drawn after the open proposals (those decided since the player last looked: decided-cards.tsx). */
export function ProposalCards({ page, rules, onActed, announce, children }: Props & { children?: ComponentChildren }) {
  const records = declaredRecords(page.view.state, "proposal");
  if (!records.length) return null;
  const { open, decided } = proposalsOnTable(page);
  const moves = proposalMoves(page);
  const name = namer(page.view);
  return (
    <section class="proposals" aria-label="Proposals">
      <h2>Proposals</h2>
      {open.length === 0 && <p class="muted">No proposal is open.</p>}
      {open.map((keyed) => (
        <ProposalCard key={keyed.key} page={page} rules={rules} keyed={keyed} moves={moves} onActed={onActed} announce={announce} />
      ))}
      {children}
      {decided.length > 0 && (
        <details class="decided">
          <summary>Decided: {decided.length}</summary>
          <ul>
            {[...decided].reverse().map(({ key, entry }) => (
              <li key={key} data-proposal={String(entry.number)}>
                <strong>{labelOf(entry)}</strong> by {typeof entry.proposer === "string" ? name(entry.proposer) : "someone"}: {String(entry.status)}
                {typeof entry.reason === "string" && entry.reason ? ` (${entry.reason})` : ""}
                <br />
                <span class="muted">
                  {changesOf(entry)
                    .map((c) => changeLine(c))
                    .join("; ")}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
