/**
 * Every state the rules declare, as its rule says it reads (its display; src/present/display.ts
 * makes the blocks): per-player values as a scoreboard, a board (the GridBoard convention) as a
 * grid, sentences, lists, and records as tables with their columns. A state that says nothing
 * is read from its shape. A rule enacted mid-game brings its state onto the page without new UI code.
 */
import { useState } from "preact/hooks";
import { isGridBoard } from "../../present/board.js";
import { type Block, durationWords, type Part, presentScoreboard, presentState, type Row } from "../../present/display.js";
import { citing, entryMoves, isEntry, isOpen, movesFor, moveWords } from "../../present/records.js";
import { post } from "../api.js";
import { when } from "../format.js";
import type { GamePage, Json, PageView, StateView as StateEntry } from "../types.js";
import { Board } from "./board.js";

/** Records of these kinds are drawn elsewhere on the page (a proposal as a card, proposal-card.tsx). */
export const drawnAsCards: readonly string[] = ["proposal"];

/** Parts of a sentence or a cell: players by name (you as "you"), times in your zone. */
export function Parts({ parts, viewer }: { parts: readonly Part[]; viewer: string | null }) {
  return (
    <>
      {parts.map((p, i) => {
        switch (p.kind) {
          case "text":
            return p.text;
          case "player":
            return (
              <span key={i} class="who" title={p.id === viewer ? "you" : undefined}>
                {p.name}
              </span>
            );
          case "time":
            return (
              <time key={i} dateTime={new Date(p.ms).toISOString()}>
                {when(p.ms)}
              </time>
            );
          case "duration":
            return durationWords(p.ms);
          default:
            return `Rule ${p.number}`;
        }
      })}
    </>
  );
}

function Scoreboard({ view }: { view: PageView }) {
  const board = presentScoreboard(view.state, view.players);
  if (!board.columns.length) return null;
  // Rules may declare many per-player states: the table scrolls rather than widen the page.
  return (
    // Focusable and named, so a keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it.
    // biome-ignore lint/a11y/useSemanticElements: a scrolling box around the table, not a section of the page.
    <div class="table-scroll" tabIndex={0} role="region" aria-label="Players">
      <table class="scoreboard">
        <caption>Players</caption>
        <thead>
          <tr>
            <th>Player</th>
            {board.columns.map((c) => (
              <th key={c.name} title={`${c.describe ?? c.label} (Rule ${c.rule})`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {board.rows.map(({ player, cells }) => (
            <tr key={player.id} class={player.id === view.viewer ? "me" : ""}>
              <th>
                {player.name}
                {player.id === view.viewer ? " (you)" : ""}
              </th>
              {cells.map((cell, i) => (
                <td key={board.columns[i]!.name} data-state={board.columns[i]!.name}>
                  {cell ? (
                    <Parts parts={cell} viewer={view.viewer} />
                  ) : (
                    <span class="muted" title="hidden from you by the rules">
                      hidden
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The moves an open entry offers (vote on case N...), as buttons on its row. */
function RowMoves({ page, state, row, act }: { page: GamePage; state: StateEntry; row: Row; act(action: string, input: Json): void }) {
  if (!state.record || !isEntry(row.entry) || !isOpen(state.record, row.entry)) return null;
  const moves = movesFor(row.entry, entryMoves(page.actions, state.record.citedAs));
  return (
    <>
      {moves.flatMap((m) =>
        (m.choice ? m.choice.values : [null]).map((value) => (
          <button
            type="button"
            class="secondary"
            key={`${m.action}.${String(value)}`}
            onClick={() => act(m.action, { [m.field]: citing(m, row.key, undefined), ...(m.choice ? { [m.choice.name]: value } : {}) })}
          >
            {moveWords(m, value)}
          </button>
        )),
      )}
    </>
  );
}

function Table({
  page,
  state,
  block,
  onActed,
}: {
  page: GamePage;
  state: StateEntry;
  block: Extract<Block, { kind: "table" }>;
  onActed(seq?: number): Promise<void>;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const act = async (action: string, input: Json) => {
    try {
      const { seq } = await post<{ seq: number }>(`/api/games/${page.id}/act`, { action, input });
      setMessage(null);
      await onActed(seq);
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  const moves = entryMoves(page.actions, state.record?.citedAs);
  const viewer = page.view.viewer;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it.
    // biome-ignore lint/a11y/useSemanticElements: a scrolling box around the table, not a section of the page.
    <div class="table-scroll" tabIndex={0} role="region" aria-label={block.label}>
      <table class="records" data-state={state.name}>
        <caption title={block.describe ?? undefined}>
          {block.label} <span class="muted">(Rule {block.rule})</span>
        </caption>
        <thead>
          <tr>
            {block.columns.map((c) => (
              <th key={c}>{c}</th>
            ))}
            {moves.length > 0 && <th>Moves</th>}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={block.columns[i]}>
                  <Parts parts={cell} viewer={viewer} />
                </td>
              ))}
              {moves.length > 0 && (
                <td class="quick">
                  <RowMoves page={page} state={state} row={row} act={act} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/** A sentence, a list, or a secret, under the state's label. */
function Fact({ block, viewer }: { block: Exclude<Block, { kind: "table" }>; viewer: string | null }) {
  return (
    <div data-state={block.name}>
      <dt title={block.describe ?? undefined}>
        {block.label} <span class="muted">(Rule {block.rule})</span>
      </dt>
      <dd>
        {block.kind === "sentence" && <Parts parts={block.parts} viewer={viewer} />}
        {block.kind === "secret" && <span class="muted">hidden from you</span>}
        {block.kind === "list" && (
          <ol class="display-list">
            {block.items.map((item, i) => (
              <li key={i}>
                <Parts parts={item} viewer={viewer} />
              </li>
            ))}
          </ol>
        )}
      </dd>
    </div>
  );
}

export function StateView({ page, onActed, leaveOut = drawnAsCards }: { page: GamePage; onActed(seq?: number): Promise<void>; leaveOut?: readonly string[] }) {
  const view = page.view;
  const game = view.state.filter((s) => s.scope === "game" && !(s.record && leaveOut.includes(s.record.kind)));
  const boards = game.filter((s) => isGridBoard(s.value) && s.display?.as !== "hidden");
  const blocks = game
    .filter((s) => !boards.includes(s))
    .flatMap((s) => {
      const block = presentState(s, view.players);
      return block ? [{ state: s, block }] : [];
    });
  const facts = blocks.filter((b) => b.block.kind !== "table");
  return (
    <section class="state">
      <Scoreboard view={view} />
      {view.applicants?.length ? (
        <p class="applicants">
          Asking to join: {view.applicants.map((a) => a.name).join(", ")} <span class="muted">(the rules say how a request is granted)</span>
        </p>
      ) : null}
      {boards.map((s) => isGridBoard(s.value) && <Board key={s.name} page={page} state={s} board={s.value} onActed={onActed} />)}
      {facts.length > 0 && (
        <dl class="values">{facts.map(({ block }) => block.kind !== "table" && <Fact key={block.name} block={block} viewer={view.viewer} />)}</dl>
      )}
      {blocks.map(({ state, block }) => block.kind === "table" && <Table key={state.name} page={page} state={state} block={block} onActed={onActed} />)}
    </section>
  );
}
