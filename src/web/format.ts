/** Times and values as people read them, in the viewer's own time zone. */
import { isHiddenMark } from "../kernel/data-visibility.js";
import type { Json } from "./types.js";

export const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every IANA time zone the browser knows, for pickers. */
export const zones: string[] = (Intl as unknown as { supportedValuesOf?(key: string): string[] }).supportedValuesOf?.("timeZone") ?? [viewerZone];

export function when(ms: number, zone = viewerZone): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(ms);
}

/** "in 3 hours", "5 minutes ago". */
export function relative(ms: number, now = Date.now()): string {
  const diff = ms - now;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400_000],
    ["hour", 3_600_000],
    ["minute", 60_000],
    ["second", 1000],
  ];
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  for (const [unit, size] of units) if (Math.abs(diff) >= size || unit === "second") return format.format(Math.round(diff / size), unit);
  return "";
}

/** Strings with control characters are a rule's internal keys, not for people. */
export const internal = (v: Json | undefined) => typeof v === "string" && /[\u0000-\u001f]/.test(v);

/**
 * A value in a line: player ids as names, small objects as "key: value" pairs, and a map
 * from players to choices (such as votes) as its tally: "for 2 · against 1".
 */
export function brief(value: Json | undefined, names: (id: string) => string = (id) => id, isPlayer: (id: string) => boolean = () => false): string {
  if (value === undefined || value === null) return "—";
  // A value the rules hide from this player (an input, an event's data): the server sent a marker, never the value.
  if (isHiddenMark(value)) return "hidden";
  if (typeof value === "string") return names(value);
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) return value.map((v) => brief(v, names, isPlayer)).join(", ") || "none";
  const entries = Object.entries(value).filter(([, v]) => !internal(v));
  if (entries.length && entries.every(([k, v]) => isPlayer(k) && typeof v === "string")) {
    const tally = new Map<string, number>();
    for (const [, v] of entries) tally.set(v as string, (tally.get(v as string) ?? 0) + 1);
    return [...tally].map(([choice, n]) => `${choice} ${n}`).join(" · ");
  }
  if (!entries.length) return "none";
  return entries
    .map(
      ([k, v]) =>
        `${isPlayer(k) ? names(k) : k}: ${typeof v === "object" && v !== null && !isHiddenMark(v) ? `{ ${brief(v, names, isPlayer)} }` : brief(v, names, isPlayer)}`,
    )
    .join(", ");
}

/** A timer's name as words: "discussion-over" and "motion.closes" read "discussion over", "motion closes". */
export const timerWords = (name: string) => name.replace(/[-_.]+/g, " ");
