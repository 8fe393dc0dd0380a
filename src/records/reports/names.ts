/** Players' names for reports: the current name of anyone who ever played, else the id. */
import type { GameState } from "../../kernel/types.js";

export type Namer = (playerId: string) => string;

export function namer(state: GameState): Namer {
  const names = new Map<string, string>();
  for (const p of [...state.departed, ...state.players]) names.set(p.id, p.name);
  return (id) => names.get(id) ?? id;
}

export interface ReportOptions {
  /** A player's name by id; the names the game knows by default. */
  name?: Namer;
}

/** An act of the log a report points to: its number and time. */
export interface ActRef {
  seq: number;
  time: number;
}
