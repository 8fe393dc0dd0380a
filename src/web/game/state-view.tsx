/**
 * Every state the rules declare, drawn from its shape: per-player values as a scoreboard,
 * a board (the GridBoard convention) as a grid, records (a map of objects, such as
 * proposals) as a table, anything else as a value.
 * A rule enacted mid-game brings its state onto the page without new UI code.
 */
import { useState } from "preact/hooks";
import { isGridBoard } from "../../present/board.js";
import { entryMoves, isOpen } from "../../present/records.js";
import { post } from "../api.js";
import { brief } from "../format.js";
import type { GamePage, Json, PageView, StateView as StateEntry } from "../types.js";
import { Board } from "./board.js";
import { namer, playerCheck } from "./names.js";

type Obj = Record<string, Json>;
const isObj = (v: Json | undefined): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

function Scoreboard({ view, states }: { view: PageView; states: StateEntry[] }) {
  if (!states.length) return null;
  // Rules may declare many per-player states: the table scrolls rather than widen the page.
  return (
    <div class="table-scroll">
      <table class="scoreboard">
        <caption>Players</caption>
        <thead>
          <tr>
            <th>Player</th>
            {states.map((s) => (
              <th key={s.name} title={`${s.describe ?? ""} (Rule ${s.rule})`}>
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.players.map((p) => (
            <tr key={p.id} class={p.id === view.viewer ? "me" : ""}>
              <th>
                {p.name}
                {p.id === view.viewer ? " (you)" : ""}
              </th>
              {states.map((s) => (
                <td key={s.name} data-state={s.name}>
                  {s.values && p.id in s.values ? (
                    brief(s.values[p.id], namer(view), playerCheck(view))
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

function RecordTable({ page, view, state, onActed }: { page: GamePage; view: PageView; state: StateEntry; onActed(): Promise<void> }) {
  const [message, setMessage] = useState<string | null>(null);
  const rows = Object.entries(state.value as Record<string, Obj>).reverse();
  // Moves on an entry (vote on proposal N: for / against) become buttons on each open entry's row.
  const moves = entryMoves(page.actions, state.record?.citedAs);
  const act = async (action: string, input: Json) => {
    try {
      await post(`/api/games/${page.id}/act`, { action, input });
      setMessage(null);
      await onActed();
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  const columns = [...new Set(rows.flatMap(([, r]) => Object.keys(r)))].filter((c) => c !== "changes");
  const name = namer(view);
  const isPlayer = playerCheck(view);
  return (
    <div class="table-scroll">
      <table class="records" data-state={state.name}>
        <caption>
          {state.name} <span class="muted">(Rule {state.rule})</span>
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{c}</th>
            ))}
            {moves.length > 0 && <th>moves</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, r]) => (
            <tr key={key}>
              {columns.map((c) => (
                <td key={c}>{brief(r[c], name, isPlayer)}</td>
              ))}
              {moves.length > 0 && (
                <td class="quick">
                  {state.record &&
                    isOpen(state.record, r) &&
                    moves.flatMap((m) =>
                      (m.choice ? m.choice.values : [null]).map((value) => (
                        <button
                          type="button"
                          class="secondary"
                          key={`${m.action}.${String(value)}`}
                          onClick={() => act(m.action, { [m.field]: Number(key), ...(m.choice ? { [m.choice.name]: value } : {}) })}
                        >
                          {m.action}
                          {value === null ? "" : ` ${String(value)}`}
                        </button>
                      )),
                    )}
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

export function StateView({ page, onActed }: { page: GamePage; onActed(): Promise<void> }) {
  const view = page.view;
  const players = view.state.filter((s) => s.scope === "player");
  const game = view.state.filter((s) => s.scope === "game");
  const boards = game.filter((s) => isGridBoard(s.value));
  const records = game.filter((s) => !boards.includes(s) && isObj(s.value) && Object.keys(s.value).length > 0 && Object.values(s.value).every(isObj));
  const values = game.filter((s) => !boards.includes(s) && !records.includes(s));
  const name = namer(view);
  const isPlayer = playerCheck(view);
  return (
    <section class="state">
      <Scoreboard view={view} states={players} />
      {boards.map((s) => isGridBoard(s.value) && <Board key={s.name} view={view} state={s} board={s.value} />)}
      {values.length > 0 && (
        <dl class="values">
          {values.map((s) => (
            <div key={s.name} data-state={s.name}>
              <dt title={s.describe ?? undefined}>
                {s.name} <span class="muted">(Rule {s.rule})</span>
              </dt>
              <dd>{"value" in s ? brief(s.value, name, isPlayer) : <span class="muted">hidden from you</span>}</dd>
            </div>
          ))}
        </dl>
      )}
      {records.map((s) => (
        <RecordTable key={s.name} page={page} view={view} state={s} onActed={onActed} />
      ))}
    </section>
  );
}
