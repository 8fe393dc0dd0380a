/**
 * Suber's extras for the command line: whose turn it is (the "turn" state Rules 201 and 202
 * keep, as do the games grown from Suber's) and a rule-change in Suber's words. The reader
 * checks the shape and returns nothing when the rules keep something else.
 */
import type { Json } from "../../../kernel/types.js";
import type { GameView } from "../../../kernel/visibility.js";

export interface TurnView {
  player: string | null;
  number: number;
  circuits?: number;
  proposed?: boolean;
  waiting?: string | null;
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The turn, and the name of the state it is kept in (so the generic display skips it). */
export function turnView(view: GameView): { state: string; turn: TurnView } | undefined {
  const t = view.state.find((s) => s.name === "turn" && s.scope === "game")?.value;
  return isObject(t) && "player" in t && typeof t.number === "number" ? { state: "turn", turn: t as unknown as TurnView } : undefined;
}
