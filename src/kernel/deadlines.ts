/**
 * Deadlines that are never missed: which timer fires next, and when a game's next one is
 * due by the host's clock (for a store to find, without loading the game, the games whose
 * timers came due while no server ran).
 *
 * Timers due at the same instant fire in the order they were set. A timer's id is
 * `<seq>.<n>`: the act that set it, then its place among that act's timers, so the order
 * set is the ids' order read as numbers (as strings, "10.1" would come before "2.1").
 */
import { timerHeld } from "./rule-status.js";
import type { Act, GameState, TimerRecord } from "./types.js";

function setOrder(id: string): [number, number] {
  const [seq, n] = id.split(".");
  return [Number(seq), Number(n)];
}

/** Soonest first; at the same instant, first set first. */
export function byDeadline(a: TimerRecord, b: TimerRecord): number {
  if (a.at !== b.at) return a.at - b.at;
  const [sa, na] = setOrder(a.id);
  const [sb, nb] = setOrder(b.id);
  if (sa !== sb && !Number.isNaN(sa - sb)) return sa - sb;
  if (na !== nb && !Number.isNaN(na - nb)) return na - nb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The timer that fires next if due by `now` (none in a game that is over; a suspended rule's timers are held). */
export function nextDue(state: GameState, now: number): TimerRecord | undefined {
  if (state.status === "over") return undefined;
  let next: TimerRecord | undefined;
  for (const t of Object.values(state.timers)) if (t.at <= now && !timerHeld(state, t) && (!next || byDeadline(t, next) < 0)) next = t;
  return next;
}

/**
 * When the game's next timer that can fire is due, by the game's clock, or undefined if none
 * can (the game is over, or every timer is held: an alarm for a held one would fire nothing).
 */
export function nextTimer(state: Readonly<GameState>): number | undefined {
  if (state.status === "over") return undefined;
  const next = Math.min(...Object.values(state.timers).flatMap((t) => (timerHeld(state, t) ? [] : [t.at])));
  return Number.isFinite(next) ? next : undefined;
}

/**
 * When the game's next timer is due by the host's clock once `act` is folded onto `state`
 * (a practice game's timers come that much sooner as its clock runs ahead), or null if
 * none is set or the game is over. Worked out before the fold, so that the store writes it
 * with the act.
 */
export function hostDeadlineAfter(state: GameState, act: Act): number | null {
  const timers = new Map(Object.values(state.timers).map((t) => [t.id, t.at]));
  for (const e of act.effects) {
    if (e.e === "timer.set") timers.set(e.timer.id, e.timer.at);
    else if (e.e === "timer.cleared") timers.delete(e.id);
    else if (e.e === "game.ended") return null;
  }
  if (act.input.kind === "timer") timers.delete(act.input.id);
  if (state.status === "over" || timers.size === 0) return null;
  const ahead = act.input.kind === "clock" ? act.input.aheadMs : (state.practice?.aheadMs ?? 0);
  return Math.min(...timers.values()) - ahead;
}

/** When the game's next timer is due by the host's clock, or null if none is set or the game is over. */
export function hostDeadline(state: GameState): number | null {
  const times = Object.values(state.timers).map((t) => t.at);
  return state.status === "over" || times.length === 0 ? null : Math.min(...times) - (state.practice?.aheadMs ?? 0);
}
