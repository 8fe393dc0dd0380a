/** What a game is made with, what an act comes to, and what a new game is made from (src/kernel/game.ts). */
import type { GameStore } from "./game-store.js";
import type { SandboxFactory } from "./sandbox.js";
import type { Act, ArchivedRuleSpec, GameInfo, GameState, RuleCode, RuleSpec } from "./types.js";

/**
 * What a game is made with. The kernel owns these contracts and is handed their
 * implementations (src/engine.ts wires the usual ones): it depends on nothing above it.
 */
export interface EngineOptions {
  store: GameStore;
  sandbox: SandboxFactory;
  /** Type-checks rule code a player submits and strips its types; throws with what to fix. */
  /** `who`: the player whose act it is, so that one person's checks wait behind another's in turn, not all of them (src/authoring/type-checker.ts). */
  compile: (source: string, who?: string) => Promise<RuleCode>;
  /** A throwaway store holding a copy of a game, for forks (dry runs). */
  scratchStore: (info: GameInfo, state: GameState) => GameStore;
  /** The engine's clock, in ms since 1970 UTC. Tests and simulations pass their own. */
  clock?: () => number;
  /** For a replay: the rules the log says were stopped in an act, stopped from the start. */
  stopped?: (seq: number) => Act["stopped"];
  /** A snapshot is saved every this many acts. */
  snapshotEvery?: number;
  /**
   * Set by a caller that waits for the store's `durable` itself before telling anyone of an
   * act (the server's hub). Otherwise each change resolves only once the disk has it.
   */
  durableByCaller?: boolean;
}

export interface ActOutcome {
  act: Act;
  /** Set when the rule handling the action failed: the failure is recorded, the action had no effect. */
  failed: { rule: number; error: string } | null;
}

export interface NewGame {
  name: string;
  preset: string | null;
  rules: RuleSpec[];
  /** Rules an imported ruleset lists as no longer in effect, kept for the record. */
  archived?: ArchivedRuleSpec[];
  /** A practice game, whose players may move its clock forward. */
  practice?: boolean;
  /** Fixes the random source, for reproducible games; random by default. */
  seed?: string;
  id?: string;
}
