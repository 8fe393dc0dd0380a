/** Small pieces of the reports in words: acts, values and changes of value. */
import { brief, when } from "../../format.js";
import type { Json, PageView } from "../../types.js";
import { namer, playerCheck } from "../names.js";
import type { ActRef } from "./types.js";

/** "act 7, 23 Nov 2026, 12:50" in the viewer's time zone; "—" when the log does not say. */
export function actRef(ref: ActRef | null): string {
  return ref ? `act ${ref.seq}, ${when(ref.time)}` : "—";
}

/** A value as people read it: player ids as names, small objects as "key: value". */
export function valueText(view: PageView): (value: Json | undefined) => string {
  const name = namer(view);
  const isPlayer = playerCheck(view);
  return (value) => brief(value, name, isPlayer);
}

/** "0 → 10 (+10)". */
export function changeText(from: string, to: string, difference: number | null): string {
  const diff = difference === null ? "" : ` (${difference >= 0 ? "+" : ""}${difference})`;
  return `${from} → ${to}${diff}`;
}
