/**
 * What the API sends a player about a game: always built from the engine's per-viewer
 * view, so secret state is filtered before anything leaves the server.
 */
import type { Game } from "../kernel/game.js";
import { fold, emptyState } from "../kernel/fold.js";
import type { Act, GameState } from "../kernel/types.js";
import { viewFor, visibleEffects } from "../kernel/visibility.js";
import type { GameSettings } from "./directory.js";
import { badRequest } from "./errors.js";

/**
 * The ruleset's version: the last act that changed a rule. Rules are the same for every
 * player and change far less often than state, so they are served apart (GET .../rules),
 * cached, and fetched again only when this changes.
 */
export function rulesVersion(state: GameState): number {
  let version = 0;
  for (const rule of Object.values(state.rules)) for (const h of rule.history) version = Math.max(version, h.seq);
  for (const rule of state.repealed) for (const h of rule.history) version = Math.max(version, h.seq);
  return version;
}

/** A player's page of a game: everything but the rules' texts and code (see {@link rulesVersion}). */
export function gamePage(game: Game, settings: GameSettings | undefined, me: string) {
  const { rules: _rules, ...view } = viewFor(game.state, me);
  return {
    id: game.id,
    rulesVersion: rulesVersion(game.state),
    timeZone: settings?.timeZone ?? "UTC",
    invite: settings?.inviteCode ?? null,
    owner: settings?.ownerId ?? null,
    me,
    view,
    actions: game.actions().map((a) => ({ name: a.name, describe: a.describe, input: a.input, changesRules: a.changesRules, rule: a.rule })),
    timers: Object.values(game.state.timers).map((t) => ({ id: t.id, name: t.name, at: t.at, rule: t.rule })),
  };
}

/** One act as a viewer may read it: the input, and only the effects they may see. */
export function logEntry(state: GameState, act: Act, viewer: string) {
  return { seq: act.seq, time: act.time, input: act.input, effects: visibleEffects(state, act, viewer) };
}

/**
 * Which act a moment names: ?seq=<act> or ?time=<ISO 8601>; the latest act when neither is
 * given. Returns the act's number, or throws a 400 saying how to name a moment.
 */
export function momentOf(acts: Act[], query: { seq?: number; time?: string }, latest: number): number {
  let seq = query.seq;
  if (query.time !== undefined) {
    const time = Date.parse(query.time);
    if (Number.isNaN(time)) throw badRequest(`"${query.time}" is not a time; use ISO 8601, such as 2026-11-23T18:00:00Z`);
    seq = acts.filter((a) => a.time <= time).at(-1)?.seq ?? 0;
  }
  if (seq === undefined) return latest;
  if (seq < 1) throw badRequest("the game did not exist yet at that time");
  return Math.min(seq, latest);
}

/** The game as it stood after act `seq`, folded again from the log (Nomicron 213.1). */
export function stateAt(acts: Act[], game: Game, seq: number): GameState {
  const state = emptyState(game.info.name, game.info.preset);
  for (const act of acts) {
    if (act.seq > seq) break;
    fold(state, act);
  }
  return state;
}
