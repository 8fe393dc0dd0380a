/**
 * The guest's mirror of which rules are not in effect (GameState.suspended) and whose status
 * an officer's correction set (GameState.statusCorrected). Every change is journalled and
 * recorded as a "rule.status" effect, folded by src/kernel/rule-status.ts.
 */
import type { BootSnapshot } from "../kernel/guest-protocol.js";
import { emitEffect, record } from "./act.js";

export interface Suspension {
  /** The rule that says so; null when an officer's correction did. */
  rule: number | null;
  reason: string;
}

export const suspended = new Map<number, Suspension>();
export const corrected = new Set<number>();

export function bootStatus(snap: BootSnapshot): void {
  suspended.clear();
  corrected.clear();
  for (const [n, s] of Object.entries(snap.suspended ?? {})) suspended.set(Number(n), { ...s });
  for (const n of Object.keys(snap.statusCorrected ?? {})) corrected.add(Number(n));
}

/** Sets rule `n`'s status (null: in effect), recording the change if it is one. */
export function setStatus(n: number, next: Suspension | null, byCorrection: boolean): void {
  const old = suspended.get(n) ?? null;
  const wasCorrected = corrected.has(n);
  if (sameStatus(old, next) && (!byCorrection || wasCorrected)) return;
  record(() => {
    if (old) suspended.set(n, old);
    else suspended.delete(n);
    if (!wasCorrected) corrected.delete(n);
  });
  if (next) suspended.set(n, next);
  else suspended.delete(n);
  if (byCorrection) corrected.add(n);
  emitEffect({
    e: "rule.status",
    number: n,
    inEffect: next === null,
    ...(next ? { reason: next.reason } : {}),
    ...(next && next.rule !== null ? { rule: next.rule } : {}),
    ...(byCorrection ? { corrected: true as const } : {}),
  });
}

/** A number no longer in the ruleset (repealed, renumbered) keeps no status; the host's fold forgets it too. */
export function forget(n: number): void {
  const old = suspended.get(n);
  const wasCorrected = corrected.has(n);
  if (!old && !wasCorrected) return;
  record(() => {
    if (old) suspended.set(n, old);
    if (wasCorrected) corrected.add(n);
  });
  suspended.delete(n);
  corrected.delete(n);
}

/**
 * A renumbered rule keeps an officer's ruling on its status (a status the rules give it is
 * worked out again at the end of the act); the host's fold forgets the old number.
 */
export function moveStatus(from: number, to: number): void {
  const ruled = corrected.has(from);
  const old = suspended.get(from) ?? null;
  forget(from);
  if (ruled) setStatus(to, old, true);
}

function sameStatus(a: Suspension | null, b: Suspension | null): boolean {
  return a === b || (a !== null && b !== null && a.rule === b.rule && a.reason === b.reason);
}

/** RuleView.inEffect and RuleView.suspended (rule-api.d.ts). */
export function statusView(n: number): { inEffect: boolean; suspended?: { rule: number | null; reason: string } } {
  const s = suspended.get(n);
  return s ? { inEffect: false, suspended: { ...s } } : { inEffect: true };
}
