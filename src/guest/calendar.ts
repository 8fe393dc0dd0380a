/**
 * `game.calendar`: local time in a time zone. The sandbox has no time-zone data, so the host
 * answers (src/sandbox/calendar.ts); each answer is recorded as a "calendar" effect, as a
 * random draw is, and a replay hands the recorded answers back instead of asking again, so
 * it never depends on the replaying machine's time-zone data.
 */
import type { GuestRequest } from "../kernel/guest-protocol.js";
import type { Json } from "../kernel/types.js";
import { askHostCalendar, cur, emitEffect } from "./act.js";

/** The replayed act whose recorded answers are being handed back, and how many were used. */
let replaying: GuestRequest | null = null;
let used = 0;

function answer(rule: number, ask: Json): Json {
  const askJson = JSON.stringify(ask);
  let value: Json | undefined;
  const recorded = cur.request?.calendar;
  if (recorded) {
    if (replaying !== cur.request) [replaying, used] = [cur.request, 0];
    const next = recorded[used];
    if (next && JSON.stringify(next.ask) === askJson) {
      used++;
      value = next.value;
    }
  }
  if (value === undefined) {
    const reply = JSON.parse(askHostCalendar(askJson)) as { value?: Json; error?: string };
    if (reply.error !== undefined || reply.value === undefined) throw new Error(`Rule ${rule}: ${reply.error ?? "the calendar gave no answer"}`);
    value = reply.value;
  }
  emitEffect({ e: "calendar", ask, value });
  return value;
}

const zoneOf = (rule: number, zone: unknown): string => {
  if (typeof zone !== "string" || zone === "") throw new Error(`Rule ${rule}: the calendar needs a time zone by its IANA name, such as "America/Chicago"`);
  return zone.slice(0, 100);
};

/** `game.calendar` for one rule. */
export function calendar(rule: number) {
  return Object.freeze({
    next: (spec: { weekday: unknown; time: unknown; zone: unknown; after?: unknown }) => {
      const after = spec?.after === undefined ? (cur.request?.time ?? 0) : Number(spec.after);
      const ask = { next: { weekday: String(spec?.weekday).slice(0, 20), time: String(spec?.time).slice(0, 20), zone: zoneOf(rule, spec?.zone), after } };
      return answer(rule, ask) as number;
    },
    local: (at: unknown, zone: unknown) => {
      const local = answer(rule, { local: { at: Number(at), zone: zoneOf(rule, zone) } });
      return Object.freeze(local as Record<string, Json>);
    },
  });
}
