/**
 * What one viewer may see of a game. Every interface (CLI, API, web) shows players this
 * view, never the raw state: secret state is filtered here, before anything leaves the
 * engine. A viewer is a player's id, or null for someone who is not playing.
 */
import type { Act, Effect, GameState, Json, PlayerRecord, RuleRecord, StateDecl } from "./types.js";

export interface StateView {
  name: string;
  scope: "game" | "player";
  describe: string | null;
  rule: number;
  /** Game state: the value, if visible. */
  value?: Json;
  /** Player state: the values this viewer may see, by player id. */
  values?: Record<string, Json>;
}

export interface GameView {
  name: string;
  preset: string | null;
  seq: number;
  time: number;
  status: GameState["status"];
  result: GameState["result"];
  viewer: string | null;
  players: PlayerRecord[];
  rules: RuleRecord[];
  state: StateView[];
  failures: GameState["failures"];
}

function seenBy(state: GameState, holderVar: string, viewer: string | null): boolean {
  if (viewer === null) return false;
  const holders = state.values.game[holderVar] ?? state.decls[holderVar]?.initial;
  return holders === viewer || (Array.isArray(holders) && holders.includes(viewer));
}

/** May `viewer` see the value `owner` holds of this state (owner null for game state)? */
export function canSee(state: GameState, decl: StateDecl, owner: string | null, viewer: string | null): boolean {
  const v = decl.visibility;
  if (v === "public") return true;
  if (v === "hidden") return false;
  if (typeof v === "object") return seenBy(state, v.seenBy, viewer);
  if (owner === null || viewer === null) return false;
  return v === "owner" ? owner === viewer : owner !== viewer;
}

export function viewFor(state: GameState, viewer: string | null): GameView {
  const views: StateView[] = [];
  for (const decl of Object.values(state.decls)) {
    const base = { name: decl.name, scope: decl.scope, describe: decl.describe, rule: decl.rule };
    if (decl.scope === "game") {
      views.push(canSee(state, decl, null, viewer) ? { ...base, value: state.values.game[decl.name] ?? decl.initial } : base);
    } else {
      const values: Record<string, Json> = {};
      for (const p of state.players) {
        if (canSee(state, decl, p.id, viewer)) values[p.id] = state.values.player[decl.name]?.[p.id] ?? decl.initial;
      }
      views.push({ ...base, values });
    }
  }
  return {
    name: state.name,
    preset: state.preset,
    seq: state.seq,
    time: state.time,
    status: state.status,
    result: state.result,
    viewer,
    players: state.players,
    rules: Object.values(state.rules).sort((a, b) => a.number - b.number),
    state: views,
    failures: state.failures,
  };
}

/**
 * The effects of an act that a viewer may read: state changes they may not see, random
 * draws (which could reveal secrets) and messages addressed to others are left out.
 */
export function visibleEffects(state: GameState, act: Act, viewer: string | null): Effect[] {
  return act.effects.filter((effect) => {
    if (effect.e === "state.set" || effect.e === "state.deleted") {
      const decl = state.decls[effect.name];
      return decl ? canSee(state, decl, effect.e === "state.set" ? (effect.player ?? null) : null, viewer) : false;
    }
    if (effect.e === "message") return effect.to === null || (viewer !== null && effect.to.includes(viewer));
    if (effect.e === "random") return false;
    return true;
  });
}
