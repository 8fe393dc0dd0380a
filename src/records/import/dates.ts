/** Reads the dates published rulesets write: "April 24th, 2001", "24 April 2001", "2001-04-24", "20-3-99". */

export interface ReadDate {
  /** Midnight UTC of that day, in ms since 1970: a published date names a day, not a moment. */
  at: number;
  /** An assumption the reading made that a user should know, or null. */
  assumed: string | null;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** A month's full name or an abbreviation of three letters or more ("Dec", "Sept"); -1 for anything else. */
function monthIndex(name: string): number {
  const lower = name.toLowerCase();
  return lower.length < 3 ? -1 : MONTHS.findIndex((month) => month.startsWith(lower));
}

/** A two-digit year is the nearest to the time these rulesets were written: 50-99 → 19xx, 00-49 → 20xx. */
const fullYear = (digits: string): number => (digits.length === 2 ? Number(digits) + (Number(digits) >= 50 ? 1900 : 2000) : Number(digits));

function utcDay(year: number, month: number, day: number): number | null {
  if (month < 0 || month > 11) return null;
  const at = Date.UTC(year, month, day);
  const date = new Date(at);
  // Date.UTC rolls 31 April over to 1 May; a published date that does so is a typo.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month && date.getUTCDate() === day ? at : null;
}

const ORDINAL = "(?:st|nd|rd|th)?";
const known = (at: number | null): ReadDate | null => (at === null ? null : { at, assumed: null });

export function readDate(text: string): ReadDate | null {
  const t = text.trim().replace(/\.$/, "");
  let m = new RegExp(`^([A-Za-z]+)\\.? (\\d{1,2})${ORDINAL},? (\\d{4})$`).exec(t);
  if (m) return known(utcDay(Number(m[3]), monthIndex(m[1]!), Number(m[2])));
  m = new RegExp(`^(\\d{1,2})${ORDINAL}(?: of)? ([A-Za-z]+)\\.?,? (\\d{4})$`).exec(t);
  if (m) return known(utcDay(Number(m[3]), monthIndex(m[2]!), Number(m[1])));
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return known(utcDay(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  m = /^(\d{1,2})[-./](\d{1,2})[-./](\d{2}|\d{4})$/.exec(t);
  if (m) {
    const at = utcDay(fullYear(m[3]!), Number(m[2]) - 1, Number(m[1]));
    if (at === null) return null;
    const year = m[3]!.length === 2 ? `, with "${m[3]}" as ${fullYear(m[3]!)}` : "";
    return { at, assumed: `the date "${t}" is read as day-month-year${year}: ${new Date(at).toISOString().slice(0, 10)}` };
  }
  return null;
}
