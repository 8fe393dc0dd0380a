/** Number formats the reports share. */
export const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : n === Infinity ? "never" : "-");
export const pad = (s: string | number, n: number): string => String(s).padStart(n);
export const mib = (bytes: number | undefined): string => (bytes === undefined ? "n/a" : `${(bytes / 2 ** 20).toFixed(0)} MiB`);
