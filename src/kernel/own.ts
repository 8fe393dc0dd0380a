/**
 * Records the host indexes by a name a rule chose (state, timers, rules, declarations).
 * A plain object read or written at "__proto__" reaches its prototype, and written there
 * reaches Object.prototype itself, breaking every game in the process: these helpers only
 * ever touch the record's own properties, whatever its prototype, and new records have none.
 */

/** An empty record without a prototype: every key, even "__proto__", is only a key. */
export function nullRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A copy of `rec` without a prototype (own enumerable entries only). */
export function toNullRecord<T>(rec: Record<string, T> | null | undefined): Record<string, T> {
  const out = nullRecord<T>();
  if (rec) for (const key of Object.keys(rec)) setOwn(out, key, rec[key] as T);
  return out;
}

/** The record's own entry at `key`, never an inherited one. */
export function own<T>(rec: Readonly<Record<string, T>> | null | undefined, key: string | number): T | undefined {
  return rec != null && Object.hasOwn(rec, key) ? rec[key] : undefined;
}

/** Sets the record's own entry at `key`, even "__proto__", without calling any setter. */
export function setOwn<T>(rec: Record<string, T>, key: string | number, value: T): void {
  Object.defineProperty(rec, key, { value, writable: true, enumerable: true, configurable: true });
}
