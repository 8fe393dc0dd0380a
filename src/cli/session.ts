/**
 * One game, as a command sees it, whichever way it is reached: a game file on this machine
 * (local-session.ts, acting as the player --as names) or a server (remote-session.ts,
 * acting as the signed-in user's player). Every game command is written once against this
 * interface; the two transports differ only in how they answer it.
 */
import type { RuleSuspension } from "../present/rule-status.js";
import type { Awaited, Refused } from "../kernel/availability.js";
import type { ActionDecl, Correction, DecisionRecord, Effect, GameState, Input, RuleRecord } from "../kernel/types.js";
import type { ClockMove } from "../kernel/practice-clock.js";
import type { GameView, LogEntry } from "../kernel/visibility.js";
import type { Permissions } from "../present/permissions.js";
import type { RecordDocument, RecordKind } from "../records/documents.js";

/** What came of one act, as its actor may see it. */
export interface ActOutcome {
  seq: number;
  /** Who acted: the player --as named, or the signed-in user's player. */
  actor: string | null;
  failed: { rule: number; error: string } | null;
  /** The act's effects the actor may see. */
  effects: Effect[];
}

/** An open decision as its holders and the other players see it (its rule's data stays with the rule). */
export type OpenDecision = Omit<DecisionRecord, "data">;

/** A rule in effect, with what its code may do (where it has code). */
export type RuleWithPermissions = RuleRecord & { permissions?: Permissions | null; inEffect?: boolean; suspended?: RuleSuspension | null };

export interface RuleBook {
  /** The rules in effect, by number. */
  current: RuleWithPermissions[];
  /** The rules repealed so far, oldest first. */
  repealed: RuleRecord[];
}

/** An action the rules offer, and why they would refuse it to the session's player now (null: open to them). */
export type OfferedAction = ActionDecl & { refused: Refused | null };

/** A moment of the game's past: after act `seq`, or at `time` (ISO 8601). Neither: now. */
export interface Moment {
  seq?: number;
  time?: string;
}

/** A correction as recorded, and the game's status after it. */
export interface CorrectionOutcome {
  seq: number;
  /** The correction's input, as its recorder may see it. */
  correction: Input;
  /** The game's status after it (null: a server recorded it but could not be asked after). */
  status: GameView["status"] | null;
  result: GameView["result"];
}

/** A practice game's clock, moved: the act, how far it moved and is ahead now, and the timers it made fire. */
export interface ClockOutcome {
  seq: number;
  forwardMs: number;
  aheadMs: number;
  fired: number;
}

export interface GameSession {
  /** The game's id. */
  readonly game: string;
  /** Takes an action as the session's player. */
  act(action: string, input: unknown): Promise<ActOutcome>;
  /** The game now, as the session's viewer may see it. */
  view(): Promise<GameView>;
  /** The players who have left the game. */
  departed(): Promise<GameState["departed"]>;
  /** Names of players, present or departed, by id. */
  names(): Promise<(id: string) => string>;
  /** The game's time zone, where a server keeps one; a game file's times read in UTC. */
  timeZone?(): Promise<string>;
  /** The actions the rules in effect offer, with their input forms and whether they are open to the session's player now. */
  actions(): Promise<OfferedAction[]>;
  /** What play awaits now, from whom, as the rules say. */
  awaits(): Promise<Awaited[]>;
  rules(): Promise<RuleBook>;
  /** The log as the viewer may read it, oldest first; with `limit`, only the last acts. */
  log(limit?: number): Promise<LogEntry[]>;
  /** One of the game's records as its JSON document, as the viewer may see it. */
  record(kind: RecordKind, moment: Moment): Promise<RecordDocument>;
  /** Records a correction as the session's player, or as the game's host. */
  correct(correction: Correction, asHost: boolean): Promise<CorrectionOutcome>;
  /** The decisions rules opened for office holders, open now, oldest first. */
  decisions(): Promise<OpenDecision[]>;
  /** Makes an open decision as the session's player. */
  decide(id: string, input: unknown): Promise<ActOutcome>;
  /** Moves a practice game's clock forward as the session's player. */
  moveClock(move: ClockMove): Promise<ClockOutcome>;
  /** The session's player leaves the game, unless a rule refuses it; returns the act's number. */
  leave(): Promise<number>;
}
