/**
 * Moving a piece by tapping the board: the squares the rules say the viewer may move to now
 * ("board.moves"), a mark on each, and an inline confirmation before the move is taken by
 * the same act path as the Play tab's forms. A square the player cannot afford says why and
 * does nothing.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { fileOn, type GridBoard } from "../../present/board.js";
import { capitalise } from "../../present/display.js";
import type { BoardMove, GamePage, Json } from "../types.js";
import { ActMessage, useAct, useMessage } from "./use-act.js";

const squareKey = (x: number, y: number) => `${x},${y}`;
const at = (m: BoardMove) => `(${m.x},${m.y})`;
/** "costs 12 coins" → "Costs 12 coins.", to follow a question. */
const sentence = (note: string) => `${capitalise(note)}${/[.!?]$/.test(note) ? "" : "."}`;

/** The words a marked square is read by, and the move's sentence when it is chosen. */
export const moveLabel = (m: BoardMove) => (m.affordable ? `Move to ${at(m)}: ${m.note}` : `Cannot move to ${at(m)}: ${m.note}`);

export interface BoardMoving {
  /** The move onto square (x, y) as drawn, if the rules offer one. */
  moveAt(x: number, y: number): BoardMove | undefined;
  /** The rows of the squares offered, so that the board draws them. */
  rows: number[];
  chosen: BoardMove | null;
  tap(move: BoardMove): void;
  /** The confirmation, the refusal and the outcome, in words, drawn under the board. */
  panel: preact.JSX.Element;
}

export function useBoardMoves(page: GamePage, board: GridBoard, onActed: () => Promise<void>): BoardMoving {
  const { busy, message, act } = useAct(page.id, onActed);
  const [why, showWhy] = useMessage();
  const [chosen, choose] = useState<BoardMove | null>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const byKey = new Map<string, BoardMove>();
  for (const m of page.boardMoves ?? []) byKey.set(squareKey(fileOn(board, m.x), m.y), m);
  // A move no longer offered (the page was read again after an act) is no longer chosen.
  const current = chosen && byKey.get(squareKey(fileOn(board, chosen.x), chosen.y));
  useEffect(() => {
    if (current) confirm.current?.focus();
  }, [current]);

  const tap = (move: BoardMove) => {
    showWhy(null);
    if (!move.affordable) {
      choose(null);
      showWhy({ ok: false, text: `You cannot move to ${at(move)}: ${move.note}.` });
      return;
    }
    choose(move);
  };
  const take = async (move: BoardMove) => {
    if (await act(move.action, move.input as Json, `You moved to ${at(move)}`)) choose(null);
  };
  const panel = (
    <div class="board-moving">
      {current && (
        // biome-ignore lint/a11y/useSemanticElements: a group of two buttons with the question they answer, not a form of fields.
        <div class="board-confirm" role="group" aria-label={`Confirm the move to ${at(current)}`}>
          <p>
            <strong>Move to {at(current)}?</strong> {sentence(current.note)}
          </p>
          <button type="button" ref={confirm} disabled={busy} onClick={() => take(current)}>
            Confirm
          </button>{" "}
          <button type="button" class="secondary" disabled={busy} onClick={() => choose(null)}>
            Cancel
          </button>
        </div>
      )}
      <ActMessage message={why} />
      <ActMessage message={message} />
    </div>
  );
  return { moveAt: (x, y) => byKey.get(squareKey(x, y)), rows: [...new Set([...byKey.values()].map((m) => m.y))], chosen: current ?? null, tap, panel };
}

/** The mark on a square the piece may move to: a button covering the square, read by what the move costs. */
export function MoveMark({ move, chosen, tap }: { move: BoardMove; chosen: boolean; tap(move: BoardMove): void }) {
  const kind = move.affordable ? "move-mark" : "move-mark unaffordable";
  return (
    <button
      type="button"
      class={chosen ? `${kind} chosen` : kind}
      aria-label={moveLabel(move)}
      title={moveLabel(move)}
      aria-pressed={chosen}
      onClick={() => tap(move)}
    >
      <span aria-hidden="true">{move.affordable ? "●" : "×"}</span>
    </button>
  );
}
