/**
 * Records the host indexes by a name a rule chose (state, timers, rules, declarations).
 * A plain object read or written at "__proto__" reaches its prototype, and written there
 * reaches Object.prototype itself, breaking every game in the process: these helpers only
 * ever touch the record's own properties, whatever its prototype. (Records stay plain
 * objects: state read back from JSON is plain, and a fold must give the same state.)
 */

/** The record's own entry at `key`, never an inherited one. */
export function own<T>(rec: Readonly<Record<string, T>> | null | undefined, key: string | number): T | undefined {
  return rec != null && Object.hasOwn(rec, key) ? rec[key] : undefined;
}

/** Sets the record's own entry at `key`, even "__proto__", without calling any setter. */
export function setOwn<T>(rec: Record<string, T>, key: string | number, value: T): void {
  Object.defineProperty(rec, key, { value, writable: true, enumerable: true, configurable: true });
}
