/**
 * How one record's entries changed, act by act, read from the log: the acts that opened,
 * voted on, ruled on and closed each entry. Only effects the viewer may see are read
 * (`visibleEffects`), so a report never learns from the log what its reader may not.
 */
import type { Act, GameState, Json } from "../../kernel/types.js";
import { visibleEffects } from "../../kernel/visibility.js";
import { isObject } from "./conventions.js";
import type { ActRef } from "./names.js";
import { own } from "../../kernel/own.js";

/** One change to an entry: the act, and the entry before and after (undefined: absent). */
export interface EntryChange {
  act: ActRef;
  before: Json | undefined;
  after: Json | undefined;
}

/** Every change to each entry of the record `name`, by entry key, oldest first. */
export function entryTimelines(acts: Act[], state: GameState, viewer: string | null, name: string): Map<string, EntryChange[]> {
  const current = new Map<string, Json>();
  const timelines = new Map<string, EntryChange[]>();
  const change = (act: Act, key: string, after: Json | undefined) => {
    const before = current.get(key);
    if (after === undefined) current.delete(key);
    else current.set(key, after);
    const list = timelines.get(key) ?? [];
    list.push({ act: { seq: act.seq, time: act.time }, before, after });
    timelines.set(key, list);
  };
  for (const act of acts) {
    for (const effect of visibleEffects(state, act, viewer)) {
      if (effect.e === "state.deleted" && effect.name === name) change(act, effect.key, undefined);
      if (effect.e !== "state.set" || effect.name !== name || effect.player !== undefined) continue;
      if (effect.key !== undefined) {
        change(act, effect.key, effect.value);
      } else if (isObject(effect.value)) {
        // The whole record set at once: every entry that differs changed.
        const next = effect.value;
        for (const key of new Set([...current.keys(), ...Object.keys(next)])) {
          const after = own(next, key);
          if (JSON.stringify(current.get(key)) !== JSON.stringify(after)) change(act, key, after);
        }
      }
    }
  }
  return timelines;
}

/** The first act after which `holds` is true of the entry and was not before; the last such if `last`. */
export function whenBecame(timeline: EntryChange[] | undefined, holds: (entry: Json | undefined) => boolean, last = false): ActRef | null {
  let found: ActRef | null = null;
  for (const c of timeline ?? []) {
    if (holds(c.after) && !holds(c.before)) {
      found = c.act;
      if (!last) return found;
    }
  }
  return found;
}
