/**
 * A board (the GridBoard convention): a grid of squares with each player's piece on it,
 * read from the player state the board names. Its rows run over all whole numbers, so the
 * rows drawn are those around the pieces, the rows the rules label or mark, and the rows
 * the viewer's piece may move to. Its box opens scrolled to the viewer's own piece (on a
 * phone, the top rows are seldom where the player is).
 */
import { useLayoutEffect, useRef } from "preact/hooks";
import { initials, layBoard, type GridBoard } from "../../present/board.js";
import { humanise } from "../../present/display.js";
import type { GamePage, StateView } from "../types.js";
import { MoveMark, useBoardMoves } from "./board-moves.js";
import { namer } from "./names.js";

function Piece({ name, mine }: { name: string; mine: boolean }) {
  const who = mine ? `${name} (you)` : name;
  return (
    <span class={mine ? "piece me" : "piece"} role="img" aria-label={who} title={who}>
      {initials(name)}
    </span>
  );
}

/** Scrolls a box (not the page) so that `target` is in its middle, as far as the box can. */
function centreIn(box: HTMLElement, target: Element): void {
  const outer = box.getBoundingClientRect();
  const inner = target.getBoundingClientRect();
  box.scrollLeft += inner.left + inner.width / 2 - (outer.left + outer.width / 2);
  box.scrollTop += inner.top + inner.height / 2 - (outer.top + outer.height / 2);
}

export function Board({ page, state, board, onActed }: { page: GamePage; state: StateView; board: GridBoard; onActed(): Promise<void> }) {
  const view = page.view;
  const positions = view.state.find((s) => s.scope === "player" && s.name === board.positions);
  const moving = useBoardMoves(page, board, onActed);
  const { rows, off } = layBoard(
    board,
    positions?.values ?? {},
    view.players.map((p) => p.id),
    moving.rows,
  );
  const scroller = useRef<HTMLDivElement>(null);
  const mine = JSON.stringify(positions?.values?.[view.viewer ?? ""] ?? null);
  // On load, and when the viewer's piece has moved: the piece in view, whatever the screen's width.
  useLayoutEffect(() => {
    const piece = scroller.current?.querySelector(".piece.me");
    if (scroller.current && piece) centreIn(scroller.current, piece);
  }, [mine]);
  const name = namer(view);
  const label = state.display?.label ?? humanise(state.name);
  const files = Array.from({ length: board.files }, (_, x) => x);
  // A board may start empty and grow files as players join.
  if (board.files === 0) {
    return (
      <section class="board-box" data-state={state.name}>
        <p>
          <strong>{label}</strong> <span class="muted">(Rule {state.rule})</span>: the board has no files yet.
        </p>
        {off.length > 0 && <p class="board-note">Off the board: {off.map(name).join(", ")}</p>}
      </section>
    );
  }
  return (
    <section class="board-box" data-state={state.name}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/useSemanticElements: the region is a scrolling box inside the board's own section. */}
      <div class="board-scroll" ref={scroller} role="region" aria-label={`${label}, scrollable`} tabIndex={0}>
        <table class="board">
          <caption>
            {label} <span class="muted">(Rule {state.rule})</span>
            {state.describe && <span class="muted"> — {state.describe}</span>}
          </caption>
          <thead>
            <tr>
              <td class="corner" />
              {files.map((x) => (
                <th key={x} scope="col" class="file">
                  {x}
                </th>
              ))}
              <td class="row-note" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) =>
              "gap" in row ? (
                <tr key={`gap${row.gap.from}`} class="gap">
                  <th scope="row" class="rank">
                    ⋮
                  </th>
                  <td colSpan={board.files + 1} class="row-note">
                    rows {row.gap.from} to {row.gap.to}: nothing there
                  </td>
                </tr>
              ) : (
                <tr key={row.y} data-row={row.y} class={row.mark !== null ? "marked" : undefined}>
                  <th scope="row" class="rank">
                    {row.y}
                  </th>
                  {row.squares.map((players, x) => {
                    const move = moving.moveAt(x, row.y);
                    const shade = (x + row.y) % 2 === 0 ? "square" : "square dark";
                    return (
                      <td key={x} data-file={x} class={move ? `${shade} reachable${move.affordable ? "" : " unaffordable"}` : shade}>
                        {players.map((p) => (
                          <Piece key={p} name={name(p)} mine={p === view.viewer} />
                        ))}
                        {move && <MoveMark move={move} chosen={moving.chosen === move} tap={moving.tap} />}
                      </td>
                    );
                  })}
                  <td class="row-note">
                    {(row.label !== null || row.mark !== null) && (
                      <div>
                        {row.label !== null && <span class="row-label">{row.label}</span>}
                        {row.mark !== null && <span class="row-mark">{row.mark}</span>}
                      </div>
                    )}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {moving.panel}
      {board.wraps && <p class="muted board-note">↔ The board wraps: file {board.files - 1} is next to file 0.</p>}
      {!positions && <p class="muted board-note">No pieces shown: there is no player state "{board.positions}" you may see.</p>}
      {off.length > 0 && <p class="board-note">Off the board: {off.map(name).join(", ")}</p>}
      <details class="board-data">
        <summary>The board as data</summary>
        <pre>{JSON.stringify(state.value, null, 2)}</pre>
      </details>
    </section>
  );
}
