/**
 * Dates as published rulesets and reports print them. Everything the engine records is UTC,
 * so these are UTC too: a ruleset read in another time zone must still name the same day.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "5 Jan 2001": the day, as history lines of Agora's rulesets give it. */
export function day(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "5 Jan 2001 14:03 UTC": the moment, for reports where the order within a day matters. */
export function moment(ms: number): string {
  const d = new Date(ms);
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${day(ms)} ${hh}:${mm} UTC`;
}
