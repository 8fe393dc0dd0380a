/**
 * Officers' decisions: a rule opens one for its office holders (game.decide in the guest),
 * play may wait on it, and a holder makes it as an act of its own ({ kind: "decision" })
 * that only the opening rule hears. Here, the host's half: the holder's answer checked
 * against the decision's form before it crosses into the sandbox, the host's bookkeeping
 * of what the sandbox opens and closes, and what play awaits of the holders.
 */
import { participantsOf, roleOf } from "./participants.js";
import { ActionError } from "./action-error.js";
import { InputError, prepareInput } from "./action-input.js";
import type { Awaited } from "./availability.js";
import type { GuestRequest } from "./guest-protocol.js";
import { limits } from "./limits.js";
import { suspension } from "./rule-status.js";
import type { Act, DecisionRecord, GameState, Input, RuleCode } from "./types.js";

/** The decisions open now, oldest first. */
export function openDecisions(state: Readonly<GameState>): DecisionRecord[] {
  return Object.values(state.decisions ?? {}).sort((a, b) => a.openedAt - b.openedAt || idOrder(a.id, b.id));
}

/** "12.1" before "12.2" before "13.1": ids are "<act>.<n>". */
function idOrder(a: string, b: string): number {
  const [as, an] = a.split(".").map(Number);
  const [bs, bn] = b.split(".").map(Number);
  return (as ?? 0) - (bs ?? 0) || (an ?? 0) - (bn ?? 0);
}

/** The act recording `player`'s decision `id` with their answer, checked and prepared; throws ActionError in words. */
export async function decisionInput(
  state: Readonly<GameState>,
  player: string,
  id: string,
  input: unknown,
  compile: (source: string) => Promise<RuleCode>,
): Promise<Input> {
  if (roleOf(state, player) === null) throw new ActionError("not-a-player", `"${player}" does not take part in this game`);
  const open = openDecisions(state);
  const decision = open.find((d) => d.id === id);
  if (!decision) {
    const listed = open.map((d) => `${d.id} (${d.question})`).join("; ") || "none";
    throw new ActionError("unknown-action", `there is no open decision "${id}"; the decisions open now are: ${listed}`);
  }
  if (!decision.by.includes(player)) {
    const holders = decision.by.map((p) => participantsOf(state).find((x) => x.id === p)?.name ?? p).join(" or ");
    throw new ActionError("refused", `Rule ${decision.rule}: this decision is not yours to make; it is for ${holders}`, decision.rule);
  }
  // Its rule would not hear it (a rule not in effect runs no handler): the decision waits, as the rule's timers do.
  const held = suspension(state, decision.rule);
  if (held) throw new ActionError("refused", `Rule ${decision.rule} is not in effect now (${held.reason}); this decision waits until it is`, decision.rule);
  try {
    const prepared = await prepareInput(decision.input, input, { players: state.players, compileCode: compile });
    return { kind: "decision", id, by: player, input: prepared, rule: decision.rule, question: decision.question };
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    throw new ActionError("invalid-input", `decision ${id}: ${err.message} (Rule ${decision.rule} sets this decision's form)`, decision.rule);
  }
}

/** A decision's outcome: failed when the rule hearing it failed (its handling undone; the decision stays made). */
export function decisionOutcome<T extends { act: Act; failed: { rule: number; error: string } | null }>(outcome: T): T {
  const f = outcome.act.effects.find((e) => e.e === "rule.failed" && e.during.startsWith("on decision:"));
  return f && f.e === "rule.failed" ? { ...outcome, failed: { rule: f.rule, error: f.error } } : outcome;
}

/** What play awaits of the holders of open decisions the rules said play waits on. */
export function decisionsAwaited(state: Readonly<GameState>): Awaited[] {
  const players = new Set(participantsOf(state).map((p) => p.id));
  return openDecisions(state)
    .filter((d) => d.awaits && !suspension(state, d.rule))
    .flatMap((d) => d.by.filter((p) => players.has(p)).map((player) => ({ player, does: `decide: ${d.question}`, action: null, rule: d.rule })));
}

/** The host's check of the decisions an act opens and closes (src/kernel/check-effects.ts). */
export class Decisions {
  private readonly open: Set<string>;
  private readonly before: number;
  private made = false;

  constructor(
    private readonly request: GuestRequest,
    state: Readonly<GameState>,
  ) {
    this.open = new Set(Object.keys(state.decisions ?? {}));
    this.before = this.open.size;
  }

  opened(d: DecisionRecord, players: ReadonlySet<string>): string | null {
    if (this.open.has(d.id) || !d.id.startsWith(`${this.request.seq}.`)) return `it opens a decision "${d.id}" that is not new in this act`;
    if (d.openedAt !== this.request.time) return `it opens the decision ${d.id} at another time than the act's`;
    if (d.by.length === 0 || d.by.some((p) => !players.has(p)))
      return `the decision ${d.id} is for someone who is not a player nor otherwise taking part in this game`;
    this.open.add(d.id);
    return null;
  }

  closed(id: string): string | null {
    if (!this.open.delete(id)) return `it closes the decision ${id}, which is not open`;
    if (this.request.input.kind === "decision" && this.request.input.id === id) this.made = true;
    return null;
  }

  finish(): string | null {
    if (this.request.input.kind === "decision" && !this.made) return "the decision made is not closed";
    if (this.open.size > limits.decisions && this.open.size > this.before)
      return `the game would have ${this.open.size.toLocaleString("en")} decisions open, over the limit of ${limits.decisions.toLocaleString("en")}`;
    return null;
  }
}
