/**
 * What crosses between the host and the guest runtime (src/guest/runtime.ts): one JSON
 * request per act, one JSON result back.
 */
import type { Effect, Input, Json, PlayerRecord, RuleRecord, TimerRecord } from "../kernel/types.js";

/** What the guest needs to rebuild its mirror of a game. */
export interface BootSnapshot {
  rules: RuleRecord[];
  players: PlayerRecord[];
  values: { game: Record<string, Json>; player: Record<string, Record<string, Json>> };
  timers: TimerRecord[];
  status: "active" | "over";
  /** Rules whose code is known to fail when it loads: marked failed without running again. */
  skip: Record<string, string>;
}

export interface GuestRequest {
  seq: number;
  time: number;
  seed: string;
  input: Input;
  /** Rules that ran out of fuel or memory earlier in this act, with the reason. */
  disabled: Record<string, string>;
}

export type GuestResult =
  | { ok: true; effects: Effect[] }
  | { ok: false; refused: string; rule: number | null }
  | { ok: false; error: string };

/** The rule that was running when the host stopped an act. */
export interface Culprit {
  rule: number;
  during: string;
}
