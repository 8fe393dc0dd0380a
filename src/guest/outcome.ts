/**
 * Outcomes the rules can cancel (Nomic VIII 110, ossification by a change of state): at the
 * end of every act, with its effects in place, the engine asks "outcome.allowed". A string
 * cancels the act (false too, in the rule's name), as "message.allowed" refuses: a player's act
 * is refused with that reason; a timer's firing is recorded as spent, its effects discarded,
 * with the reason in the log. An answer of another kind is the rule's recorded failure, and the
 * act stands. The game's creation is not asked (there is nothing yet to keep possible), nor an
 * observer's leaving (always possible).
 */
import type { Input } from "../kernel/types.js";
import { cur, emitEffect, fail, refusal } from "./act.js";
import { frozenJson } from "./json.js";
import { clearTimer, revertTo } from "./mirror.js";
import { ask } from "./questions.js";

function actOf(input: Input): { kind: string; actor?: string; action?: string } {
  switch (input.kind) {
    case "action":
      return { kind: "action", actor: input.actor, action: input.name };
    case "join":
      return { kind: "join", actor: input.player.id };
    case "timer":
      return { kind: "timer" };
    default: {
      const i = input as { person?: unknown; player?: unknown; by?: unknown };
      const actor = [i.person, i.player, i.by].find((x) => typeof x === "string") as string | undefined;
      return actor === undefined ? { kind: input.kind } : { kind: input.kind, actor };
    }
  }
}

/** What the act is, in a refusal's words: `what "retire" would lead to`. */
function leadsTo(act: { kind: string; action?: string }): string {
  return `what ${act.action !== undefined ? `"${act.action}"` : `this ${act.kind}`} would lead to`;
}

/** The first rule in effect that would cancel the act, and its reason; undefined if none would. */
export function outcomeRefusal(input: Input): { rule: number; reason: string } | undefined {
  const act = actOf(input);
  for (const a of ask("outcome.allowed", frozenJson({ act }, '"outcome.allowed"'), true)) {
    if (cur.overridden.has(a.rule)) continue;
    if (typeof a.value === "string") return { rule: a.rule, reason: a.value.slice(0, 2000) };
    if (a.value === false) return { rule: a.rule, reason: `the rules do not allow ${leadsTo(act)}` };
    if (a.value !== true)
      fail(
        a.rule,
        "answer outcome.allowed",
        `the answer to "outcome.allowed" must be a reason (a string), true or false, not ${JSON.stringify(a.value).slice(0, 60)}`,
      );
  }
  return undefined;
}

/** Asks whether the act may stand; cancels it if a rule in effect says no. */
export function checkOutcome(input: Input): void {
  if (input.kind === "create") return;
  // An observer who left: the act's participant.left (a player's leave records player.left, which the rules govern).
  if (input.kind === "leave" && cur.effects.some((e) => e.e === "participant.left")) return;
  const verdict = outcomeRefusal(input);
  if (!verdict) return;
  const reason = verdict.reason;
  if (input.kind !== "timer") throw refusal(reason, verdict.rule);
  revertTo(0);
  cur.effects = [];
  cur.queue = [];
  clearTimer(input.id);
  emitEffect({ e: "message", text: `Canceled by Rule ${verdict.rule}: ${reason}`, to: null, rule: verdict.rule });
}
