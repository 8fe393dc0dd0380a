/**
 * Local time in an IANA time zone, for `game.calendar` (the sandbox has no time-zone data,
 * so the host answers; each answer is recorded in the act, and a replay reads it back).
 *
 * A local time that does not exist (the hour skipped when clocks go forward) is read as the
 * same time on the clock before the change, so it falls that much later: 02:30 on the day
 * Chicago springs forward is 03:30 CDT. A local time that happens twice (the hour repeated
 * when clocks go back) is the first of the two. (Temporal's "compatible" reading.)
 */

export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  weekday: Weekday;
  hour: number;
  minute: number;
}

/** A question `game.calendar` asks the host, as recorded. */
export type CalendarAsk = { next: { weekday: string; time: string; zone: string; after: number } } | { local: { at: number; zone: string } };

const day = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (f) return f;
  try {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    throw new Error(`unknown time zone "${String(zone).slice(0, 60)}": name an IANA time zone, such as "America/Chicago", "Europe/Paris" or "UTC"`);
  }
  if (formats.size > 200) formats.clear();
  formats.set(zone, f);
  return f;
}

/** The wall clock in `zone` at `at`, as if it were UTC (ms), to the second. */
function wallAsUtc(at: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of format(zone).formatToParts(at)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far `zone`'s clocks are ahead of UTC at `at` (ms). */
function offset(at: number, zone: string): number {
  const whole = Math.floor(at / 1000) * 1000;
  return wallAsUtc(whole, zone) - whole;
}

/** The instant the wall clock in `zone` reads `wall` (a wall time written as UTC ms); see the top for gaps and overlaps. */
export function instantOf(wall: number, zone: string): number {
  const before = offset(wall - day, zone);
  const after = offset(wall + day, zone);
  const fits = [wall - before, wall - after].filter((t) => offset(t, zone) === wall - t).sort((a, b) => a - b);
  return fits[0] ?? wall - before;
}

/** A date reaches 8.64e15 ms either side of 1970; a week's search and a day's offset either side must stay within it. */
function inRange(at: number): void {
  if (Math.abs(at) > 8.64e15 - 9 * day) throw new Error(`calendar: ${at} is not a time between the years -271821 and 275760 (ms since 1970 UTC)`);
}

export function localTime(at: number, zone: string): LocalTime {
  if (!Number.isFinite(at)) throw new Error("calendar.local needs a time in ms since 1970 UTC");
  inRange(at);
  const wall = new Date(wallAsUtc(at, zone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: weekdays[(wall.getUTCDay() + 6) % 7]!,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The first moment strictly after `after` when it is `weekday` at `time` ("HH:MM") in `zone`. */
export function nextLocal(spec: { weekday: string; time: string; zone: string; after: number }): number {
  const wanted = weekdays.indexOf(spec.weekday as Weekday);
  if (wanted < 0) throw new Error(`calendar.next: "${String(spec.weekday).slice(0, 40)}" is not a day of the week; say one of ${weekdays.join(", ")}`);
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(String(spec.time));
  if (!m) throw new Error(`calendar.next: "${String(spec.time).slice(0, 40)}" is not a time of day; write it as HH:MM on a 24-hour clock, such as "22:00"`);
  if (!Number.isFinite(spec.after)) throw new Error("calendar.next: `after` must be a time in ms since 1970 UTC");
  inRange(spec.after);
  const today = localTime(spec.after, spec.zone);
  for (let i = 0; i <= 8; i++) {
    const wall = Date.UTC(today.year, today.month - 1, today.day + i, Number(m[1]), Number(m[2]));
    if ((new Date(wall).getUTCDay() + 6) % 7 !== wanted) continue;
    const at = instantOf(wall, spec.zone);
    if (at > spec.after) return at;
  }
  throw new Error("calendar.next found no such moment in the next week"); // cannot happen: some day of a week matches
}

/** Answers a question the guest asked, as JSON text: `{ value }` or `{ error }` (the rule's code then throws it). */
export function answerCalendar(askJson: string): string {
  try {
    const ask = JSON.parse(askJson) as CalendarAsk;
    if ("next" in ask) return JSON.stringify({ value: nextLocal(ask.next) });
    if ("local" in ask) return JSON.stringify({ value: localTime(ask.local.at, ask.local.zone) });
    return JSON.stringify({ error: "the calendar was asked something it does not answer" });
  } catch (err) {
    return JSON.stringify({ error: (err as Error).message });
  }
}
