/** The messages between the type-check worker and the main thread. */
import type { RuleCompletions } from "./completions.js";
import type { RuleDiagnostic } from "./diagnostics.js";

export type CheckQuestion = { kind: "diagnose"; source: string } | { kind: "complete"; source: string; offset: number };
export type CheckRequest = CheckQuestion & { id: number };

/** Id 0 says the worker is ready, with its thread's id where the system counts its CPU time (each check's deadline counts it). */
export type CheckReply = ({ id: number; ok: true; value: RuleDiagnostic[] | RuleCompletions } | { id: number; ok: false; error: string }) & {
  tid?: number | null;
};
