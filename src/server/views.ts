/**
 * What the API sends a player about a game: always built from the engine's per-viewer
 * view, so secret state is filtered before anything leaves the server.
 */
import { actionTitle } from "../present/action-words.js";
import type { Game } from "../kernel/game.js";
import { openDecisions } from "../kernel/decisions.js";
import { fold, emptyState } from "../kernel/fold.js";
import type { Act, GameState, Json } from "../kernel/types.js";
import { logEntryFor, timerDataFor, viewFor, type LogEntry } from "../kernel/visibility.js";
import type { GameSettings } from "./accounts.js";
import { badRequest } from "./errors.js";
import { MomentError, momentOf } from "../records/moment.js";

/**
 * The ruleset's version: the last act that changed a rule. Rules are the same for every
 * player and change far less often than state, so they are served apart (GET .../rules),
 * cached, and fetched again only when this changes.
 */
export function rulesVersion(state: GameState): number {
  let version = 0;
  for (const rule of Object.values(state.rules)) for (const h of rule.history) version = Math.max(version, h.seq);
  for (const rule of state.repealed) for (const h of rule.history) version = Math.max(version, h.seq);
  return Math.max(version, state.statusSeq ?? 0);
}

/**
 * A player's page of a game: everything but the rules' texts and code (see {@link rulesVersion}),
 * with the actions the rules would refuse this player now and what play awaits, from whom; and
 * the last act they had seen (src/server/seen.ts), so the page can say what is new to them.
 */
export async function gamePage(game: Game, settings: GameSettings | undefined, me: string, lastSeen: number | null = null) {
  const standing = await game.standing(me);
  const { rules: _rules, ...view } = viewFor(game.state, me);
  // A rule's malformed or failing answer about what play awaits is noted with its failures.
  if (standing.failures.length) view.failures = [...view.failures, ...standing.failures];
  return {
    id: game.id,
    rulesVersion: rulesVersion(game.state),
    timeZone: settings?.timeZone ?? "UTC",
    invite: settings?.inviteCode ?? null,
    joining: settings?.joining ?? "open",
    owner: settings?.ownerId ?? null,
    me,
    view,
    actions: game.actions().map((a) => ({
      name: a.name,
      title: actionTitle(a),
      describe: a.describe,
      ...(a.confirm !== undefined ? { confirm: a.confirm } : {}),
      input: a.input,
      changesRules: a.changesRules,
      rule: a.rule,
      ...(a.channel !== undefined ? { channel: a.channel } : {}),
      refused: standing.refused[a.name] ?? null,
    })),
    timers: Object.values(game.state.timers).map((t) => ({ id: t.id, name: t.name, at: t.at, rule: t.rule, ...timerWords(timerDataFor(game.state, t, me)) })),
    awaits: standing.awaits,
    boardMoves: standing.moves,
    decisions: openDecisions(game.state).map(({ data: _data, ...d }) => d),
    practice: game.state.practice ? { aheadMs: game.state.practice.aheadMs } : null,
    lastSeen,
  };
}

/** A timer's words for players, where its rule gave them (data.describe) and lets this player read them; the rest of its data stays with the rules. */
function timerWords(data: Json): { describe?: string } {
  const words = data && typeof data === "object" && !Array.isArray(data) ? data.describe : undefined;
  return typeof words === "string" && words.trim() ? { describe: words.trim().slice(0, 200) } : {};
}

/** One act as a viewer may read it: the input and the effects, without what they may not see. */
export function logEntry(state: GameState, act: Act, viewer: string): LogEntry {
  return logEntryFor(state, act, viewer);
}

/** {@link momentOf} for the API: a moment that cannot be read is a 400 saying how to name one. */
export function momentFor(acts: Act[], query: { seq?: number; time?: string }, latest: number): number {
  try {
    return momentOf(acts, query, latest);
  } catch (err) {
    if (err instanceof MomentError) throw badRequest(err.message);
    throw err;
  }
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
