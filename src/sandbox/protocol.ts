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
  /**
   * Rules stopped earlier in this act (out of fuel, memory or time), with the reason and
   * what the rule was doing ("load" when its top level was running); they take no further part.
   */
  disabled: Record<string, string | { error: string; during: string }>;
  /** Report each change of the running rule to the host (\`__nomosHost.running\`), so it can name the rule that did the work. */
  diagnose?: boolean;
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
