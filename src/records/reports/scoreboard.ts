/**
 * The scoreboard (the Scorekeepor's report): every per-player state the rules declare
 * (points, Groks...), each current player's value, and every change to it traced to the
 * act, the rule that made it and why. Nothing is typed by hand: a score a player disputes
 * can be followed back, line by line, to the log.
 */
import type { Act, GameState, Json, StateDecl } from "../../kernel/types.js";
import { canSee, visibleEffects, visibleInput } from "../../kernel/visibility.js";
import { actHeading } from "../../present/format-log.js";
import { namer, type ReportOptions } from "./names.js";
import { own } from "../../kernel/own.js";

export interface ScoreValue {
  player: string;
  name: string;
  value: Json;
}

export interface ScoreState {
  name: string;
  describe: string | null;
  /** The rule whose declaration is in force. */
  rule: number;
  /** The declared starting value; given only when the viewer may see some value of it. */
  initial?: Json;
  /** The current players' values the viewer may see, in joining order. */
  values: ScoreValue[];
  /** Players who have left: their last values the viewer may see. */
  departed: ScoreValue[];
}

export interface ScoreChange {
  seq: number;
  time: number;
  /** The state changed, e.g. "points". */
  state: string;
  player: string;
  name: string;
  from: Json;
  to: Json;
  /** to - from, when both are numbers. */
  difference: number | null;
  /** The rule that set it (for a correction: the rule it cites). */
  rule: number;
  /** The act, in a line: "Ada Lovelace: vote {...}", "The host records a correction (Rule 202): ...". */
  cause: string;
  /** What the same rule said of it in that act, where the viewer may read it. */
  messages: string[];
}

export interface Scoreboard {
  report: "scoreboard";
  game: string;
  seq: number;
  time: number;
  viewer: string | null;
  /** The viewer's name, for the heading. */
  viewerName: string | null;
  states: ScoreState[];
  /** Every traced change the viewer may see, oldest first. */
  changes: ScoreChange[];
}

function current(state: GameState, decl: StateDecl, player: string): Json {
  return own(own(state.values.player, decl.name), player) ?? decl.initial;
}

export function scoreboard(acts: Act[], state: GameState, viewer: string | null, options: ReportOptions = {}): Scoreboard {
  const name = options.name ?? namer(state);
  const decls = Object.values(state.decls).filter((d) => d.scope === "player");
  const states = decls.map((decl): ScoreState => {
    const seen = (players: { id: string }[]) =>
      players.filter((p) => canSee(state, decl, p.id, viewer)).map((p) => ({ player: p.id, name: name(p.id), value: current(state, decl, p.id) }));
    const out: ScoreState = { name: decl.name, describe: decl.describe, rule: decl.rule, values: seen(state.players), departed: seen(state.departed) };
    if (out.values.length || out.departed.length) out.initial = decl.initial;
    return out;
  });

  // Replay the player values from the log: each change's "from" is the value before it,
  // starting at the initial value declared when it was first set.
  const traced = new Set(decls.map((d) => d.name));
  const values = new Map<string, Json>();
  let declared: GameState["decls"] = {};
  const changes: ScoreChange[] = [];
  for (const act of acts) {
    const visible = visibleEffects(state, act, viewer);
    for (const effect of act.effects) if (effect.e === "state.declared") declared = effect.decls;
    for (const effect of visible) {
      if (effect.e !== "state.set" || effect.player === undefined || !traced.has(effect.name)) continue;
      const key = `${effect.name}\u0000${effect.player}`;
      const from = values.get(key) ?? own(declared, effect.name)?.initial ?? own(state.decls, effect.name)!.initial;
      values.set(key, effect.value);
      const messages = visible.flatMap((e) => (e.e === "message" && e.rule === effect.rule ? [e.text] : []));
      changes.push({
        seq: act.seq,
        time: act.time,
        state: effect.name,
        player: effect.player,
        name: name(effect.player),
        from,
        to: effect.value,
        difference: typeof from === "number" && typeof effect.value === "number" ? effect.value - from : null,
        rule: effect.rule,
        cause: actHeading(visibleInput(state, act.input, viewer), name),
        messages,
      });
    }
  }
  return {
    report: "scoreboard",
    game: state.name,
    seq: state.seq,
    time: state.time,
    viewer,
    viewerName: viewer === null ? null : name(viewer),
    states,
    changes,
  };
}
