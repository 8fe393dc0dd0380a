/**
 * The squares the rules say a player's piece may move to now ("board.moves", the BoardMove
 * convention), checked before a page shows them: a malformed answer is that rule's failure
 * and is ignored, so a rule's mistake can mark no square and break no page.
 */
import type { GuestQueryResult } from "./guest-protocol.js";
import type { GameState, Json, RuleFailure } from "./types.js";

/** One square a player may move to now, as a rule says it. */
export interface BoardMove {
  x: number;
  y: number;
  /** The action that moves there, and its input. */
  action: string;
  input: Json;
  /** What the move costs or means, in words: "costs 12 coins". */
  note: string;
  /** False when the move is possible but the player cannot take it now; `note` says why. */
  affordable: boolean;
  rule: number;
}

const question = "board.moves";
const maxMoves = 500;
const maxNote = 200;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isRule = (state: GameState, v: unknown): v is number => typeof v === "number" && Object.hasOwn(state.rules, String(v));

/** Every rule's answer to "board.moves" for one player, checked against the actions offered now. */
export function boardMovesOf(raw: unknown, state: GameState, actions: string[]): { moves: BoardMove[]; failures: RuleFailure[] } {
  const moves: BoardMove[] = [];
  const failures: RuleFailure[] = [];
  const fail = (rule: number, error: string) => failures.push({ rule, seq: state.seq, during: `answer ${question}`, error: error.slice(0, 2000) });
  const given = raw as NonNullable<GuestQueryResult["moves"]>[string] | null;
  if (!isObject(given)) return { moves, failures };
  for (const f of Array.isArray(given.failures) ? given.failures.slice(0, 20) : []) {
    if (isObject(f) && isRule(state, f.rule) && typeof f.error === "string") fail(f.rule, f.error);
  }
  for (const answer of Array.isArray(given.answers) ? given.answers : []) {
    if (!isObject(answer) || !isRule(state, answer.rule)) continue;
    const bad = movesProblem(answer.value, actions);
    if (bad) {
      fail(answer.rule, `its answer to "${question}" ${bad}; it is ignored`);
      continue;
    }
    for (const m of answer.value as Record<string, unknown>[]) {
      if (moves.length >= maxMoves) break;
      const { x, y, action, input, note, affordable } = m as Omit<BoardMove, "rule">;
      moves.push({ x, y, action, input, note: note.trim(), affordable, rule: answer.rule });
    }
  }
  return { moves, failures };
}

function movesProblem(items: unknown, actions: string[]): string | null {
  const shape = "must be a list of { x, y, action, input, note, affordable } (x, y: whole numbers; note: what the move costs, in words)";
  if (!Array.isArray(items)) return shape;
  for (const m of items) {
    if (!isObject(m) || !Number.isInteger(m.x) || !Number.isInteger(m.y) || typeof m.action !== "string" || !isObject(m.input)) return shape;
    if (typeof m.note !== "string" || !m.note.trim() || typeof m.affordable !== "boolean") return shape;
    if (m.note.length > maxNote) return `says what a move costs in more than ${maxNote} characters`;
    // A square that sends the player to an action no rule offers would be a button that cannot work.
    if (!actions.includes(m.action)) return `names the action "${m.action.slice(0, 40)}", which no rule offers now`;
  }
  return null;
}
