/**
 * What crosses between the host and the guest runtime (src/guest/, bundled into one script): one JSON
 * request per act, one JSON result back.
 */
import type { ChannelRecord, DecisionRecord, Effect, Input, Json, PlayerRecord, RuleRecord, TimerRecord } from "./types.js";

/** The rule API as rule code sees it: the parameters its code is compiled with, in order (src/guest/loaded.ts). */
export const ruleApiNames = ["gameState", "playerState", "recordState", "t", "action", "forbid", "on", "answer", "game", "ruleProperty", "channel"] as const;

/** What the guest needs to rebuild its mirror of a game. */
export interface BootSnapshot {
  rules: RuleRecord[];
  players: PlayerRecord[];
  values: { game: Record<string, Json>; player: Record<string, Record<string, Json>> };
  timers: TimerRecord[];
  /** Channels other than "general" (GameState.channels). */
  channels?: ChannelRecord[];
  decisions: DecisionRecord[];
  status: "active" | "over";
  /** People whose request to join awaits the rules (src/kernel/membership.ts). */
  applicants?: { id: string; name: string; at: number; reason: string }[];
  /** People taking part without playing, and the founder (src/kernel/participants.ts). */
  observers?: { id: string; name: string; since: number }[];
  founder?: string | null;
  /** Rules whose code is known to fail when it loads: marked failed without running again. */
  skip: Record<string, string>;
  /** Rules not in effect (GameState.suspended), and those whose status a correction set. */
  suspended?: Record<string, { rule: number | null; reason: string }>;
  statusCorrected?: Record<string, true>;
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
  /**
   * Asks the guest runtime to report, through `__nomosHost.running(rule)`, every change of
   * the rule whose code runs (0 for the engine's own), so the host can blame the rule that
   * did the work when the act is interrupted. Costs a host call per change: only for reruns.
   */
  diagnose?: boolean;
  /** For a replay: the calendar answers the log recorded in this act, given back instead of asked again (src/guest/calendar.ts). */
  calendar?: { ask: Json; value: Json }[];
  /** For a message act: what the log does not hold (its text, for the rules to hear while the act runs) and what the host knows of it. */
  message?: MessageFacts;
}

export interface MessageFacts {
  channel: string;
  author: string;
  /** The text posted or the new text of an edit; absent for a deletion or redaction, and in a replay. */
  text?: string;
  /** Whether the person acting is the game's host (redaction's default). */
  host: boolean;
}

export type GuestResult = { ok: true; effects: Effect[] } | { ok: false; refused: string; rule: number | null } | { ok: false; error: string };

/** The rule the host blames for an interrupted act: the one that did the work. */
export interface Culprit {
  rule: number;
  during: string;
}

/**
 * A question about the game as it stands, answered read-only (nothing the rules do while
 * answering is kept): which actions the rules would refuse `actor` now whatever the input,
 * what play awaits, and where each player's piece may move. One call answers every action for several players, so the pages of
 * a table cost one crossing per act.
 */
export interface GuestQuery {
  /** The act the answers are about: the last one recorded. */
  seq: number;
  time: number;
  seed: string;
  /** The players whose actions to check. */
  actors: string[];
  /** Whether to ask the rules what play awaits. */
  awaits: boolean;
  /** Rules whose code is not run for this question: one ran past its limit answering it since the last act (src/kernel/availability.ts). */
  disabled?: GuestRequest["disabled"];
  /** Run to learn which rule's code ran past its limit (as an act's diagnose run). */
  diagnose?: true;
}

export interface QueryRefusal {
  reason: string;
  rule: number | null;
}

/** Untrusted until the kernel has checked it (src/kernel/availability.ts). */
export interface GuestQueryResult {
  /** By player asked for, then by action offered: why the rules refuse it now, or null. */
  refused: Record<string, Record<string, QueryRefusal | null>>;
  /** Every rule's answer to "play.awaits", as given. */
  awaits: { rule: number; value: Json }[];
  /** Rules whose code failed while answering what play awaits. */
  failures: { rule: number; during: string; error: string }[];
  /** By player asked for: every rule's answer to "board.moves", as given, and the rules that failed giving it. */
  moves?: Record<string, { answers: { rule: number; value: Json }[]; failures: { rule: number; during: string; error: string }[] }>;
}
