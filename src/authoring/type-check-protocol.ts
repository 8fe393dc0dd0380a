/** The messages between the type-check worker and the main thread. */
import type { RuleCompletions } from "./completions.js";
import type { RuleDiagnostic } from "./diagnostics.js";

export type CheckQuestion = { kind: "diagnose"; source: string } | { kind: "complete"; source: string; offset: number };
export type CheckRequest = CheckQuestion & { id: number };

export type CheckReply = { id: number; ok: true; value: RuleDiagnostic[] | RuleCompletions } | { id: number; ok: false; error: string };
