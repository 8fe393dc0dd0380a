/**
 * What a page asks of the rules between acts: the actions they would refuse a player now,
 * whatever the input (each action's `when`, then every forbid asked with an empty input:
 * the same checks that refuse an act), what play awaits, from whom ("play.awaits"), and the
 * squares each player's piece may move to ("board.moves", checked in board-moves.ts).
 * One read-only sandbox call per act answers every action for the player whose page is read
 * and, with it, for the players who read theirs after the last act read: open pages follow
 * every act, and checking one more player costs little beside the call itself (every rule's
 * top level runs again), while one who reads now and then is not checked at every act for nothing.
 * The answers are kept until the next act, so reading a page stays cheap (a rule
 * whose answer changes with time alone sets a timer, whose firing is an act). Nothing here
 * may break a page: a sandbox that fails or answers nonsense refuses nothing and awaits nothing.
 */
import { roleOf } from "./participants.js";
import type { GuestQuery, GuestQueryResult } from "./guest-protocol.js";
import { SandboxInterrupted, type Sandbox } from "./sandbox.js";
import type { GameState, RuleFailure } from "./types.js";
import { type BoardMove, boardMovesOf } from "./board-moves.js";
import { decisionsAwaited } from "./decisions.js";

export interface Refused {
  reason: string;
  /** The rule that says so; null for the engine's own reasons. */
  rule: number | null;
}

/** One thing play awaits, as a rule says it. */
export interface Awaited {
  player: string;
  /** What they are to do, in words: "propose a rule-change". */
  does: string;
  action: string | null;
  /** The channel where it is done (a vote said as a message), if the rule names one that is open. */
  channel?: string;
  /** When it lapses, by the game's clock (ms), if the rule says: a reminder goes out before. */
  until?: number;
  /** Any one of the players it names may do it, for all (starting the game), rather than each. */
  anyOne?: true;
  rule: number;
}

/** A player's standing in the game now. */
export interface Standing {
  /** By action offered: why the rules refuse it to this player now, or null. */
  refused: Record<string, Refused | null>;
  awaits: Awaited[];
  /** The squares this player's piece may move to now, as the rules say ("board.moves"). */
  moves: BoardMove[];
  /** Rules whose answer to "play.awaits" or "board.moves" failed or was malformed (ignored), for the page to note. */
  failures: RuleFailure[];
}

const question = "play.awaits";
const maxAwaited = 100;
const maxDoes = 300;
/** The most players whose refusals one call asks for. */
const batch = 12;

interface Hooks {
  sandbox: () => Sandbox;
  /** Replaces a sandbox that was stopped. */
  reboot: () => Promise<void>;
  /** The actions offered now, by name. */
  actions: () => string[];
}

/** The most rules whose answers a page's questions skip between two acts, each for having run past its limit. */
const skippedAtMost = 3;

export class Availability {
  private seq = -1;
  /**
   * Rules whose code ran past its limit answering a page's question since the last act: blamed once
   * (learned by a diagnose run), listed among the failures, and not run again until the next act,
   * so that no read pays for them again (a stopped run costs its deadline and a new thread).
   */
  private skipped: { disabled: Record<string, { error: string; during: string }>; failures: RuleFailure[] } = { disabled: {}, failures: [] };
  private awaited: { awaits: Awaited[]; failures: RuleFailure[] } | null = null;
  private readonly refusals = new Map<string, Record<string, Refused | null>>();
  private readonly moves = new Map<string, { moves: BoardMove[]; failures: RuleFailure[] }>();
  /** The players who read their standing since the last act, and those who did after the last act that had readers: checked alongside whoever reads first. */
  private readers = new Set<string>();
  private lastReaders = new Set<string>();

  constructor(private readonly hooks: Hooks) {}

  /** Call only between acts (the game's serial queue), with the state the guest holds. */
  async standing(state: GameState, player: string | null, base: Pick<GuestQuery, "time" | "seed">): Promise<Standing> {
    if (state.seq !== this.seq) {
      this.seq = state.seq;
      this.awaited = null;
      this.refusals.clear();
      this.moves.clear();
      this.skipped = { disabled: {}, failures: [] };
      // Acts in a burst may pass before the pages that follow them read again: their readers are kept.
      if (this.readers.size) [this.lastReaders, this.readers] = [this.readers, new Set()];
    }
    const actions = this.hooks.actions();
    if (state.status === "over") {
      const reason = `the game is over (${state.result?.reason ?? "ended"})`;
      return { refused: Object.fromEntries(actions.map((a) => [a, { reason, rule: null }])), awaits: [], moves: [], failures: [] };
    }
    // Observers and applicants too: the guest refuses them the actions open to players only.
    const actor = player !== null && roleOf(state, player) !== null ? player : null;
    if (actor !== null) this.readers.add(actor);
    const known = actor === null ? {} : this.refusals.get(actor);
    if (!known || !this.awaited) {
      // The pages that followed the last act will follow this one: asked with this one's, while the batch is small.
      const others = state.players.map((p) => p.id).filter((p) => p !== actor && this.lastReaders.has(p) && !this.refusals.has(p));
      const actors = known ? [] : [actor!, ...others.slice(0, batch - 1)];
      const raw = await this.ask({ ...base, seq: state.seq, actors, awaits: !this.awaited });
      if (!this.awaited) this.awaited = awaitsOf(raw, state, actions);
      const given = isObject(raw) && isObject(raw.refused) ? raw.refused : {};
      const moves = isObject(raw) && isObject(raw.moves) ? raw.moves : {};
      for (const p of actors) {
        this.refusals.set(p, refusalsOf(Object.hasOwn(given, p) ? given[p] : null, state, actions));
        this.moves.set(p, boardMovesOf(Object.hasOwn(moves, p) ? moves[p] : null, state, actions));
      }
    }
    const refused = actor === null ? notAPlayer(actions) : this.refusals.get(actor)!;
    const mine = (actor !== null && this.moves.get(actor)) || { moves: [], failures: [] };
    // A private channel's name reaches only its readers' pages.
    const shown = this.awaited!.awaits.map((a) => (a.channel === undefined || reads(state, a.channel, player) ? a : withoutChannel(a)));
    return {
      refused,
      awaits: [...decisionsAwaited(state), ...shown],
      moves: mine.moves,
      // A skipped rule's failure is said once, in the words of what stopped it.
      failures: [...this.skipped.failures, ...[...this.awaited!.failures, ...mine.failures].filter((f) => !Object.hasOwn(this.skipped.disabled, f.rule))],
    };
  }

  private async ask(query: GuestQuery): Promise<GuestQueryResult | null> {
    for (;;) {
      const disabled = { ...this.skipped.disabled };
      const stopped = await this.stoppedBy({ ...query, disabled });
      if (!(stopped instanceof SandboxInterrupted)) return stopped;
      // Out of fuel, memory or time: which rule's code? A run that tells, once; then asked again without it.
      const culprit =
        stopped.culprit ?? (await this.stoppedBy({ ...query, disabled, diagnose: true }).then((s) => (s instanceof SandboxInterrupted ? s.culprit : null)));
      if (!culprit || Object.hasOwn(disabled, culprit.rule) || Object.keys(disabled).length >= skippedAtMost) return null;
      const error = `${stopped.message} while answering what a page asks; its answers are skipped until the next act`;
      this.skipped.disabled[culprit.rule] = { error, during: "answer" };
      this.skipped.failures.push({ rule: culprit.rule, seq: query.seq, during: "answer", error });
    }
  }

  /** The sandbox's answer, or what stopped it (a stopped sandbox is replaced for the next question); null if it gave none. */
  private async stoppedBy(query: GuestQuery): Promise<GuestQueryResult | SandboxInterrupted | null> {
    try {
      return await this.hooks.sandbox().query(query);
    } catch (err) {
      if (!(err instanceof SandboxInterrupted)) return null;
      if (!this.hooks.sandbox().alive) await this.hooks.reboot().catch(() => undefined);
      return err;
    }
  }
}

function notAPlayer(actions: string[]): Record<string, Refused> {
  return Object.fromEntries(actions.map((a) => [a, { reason: "only the game's players take actions in it", rule: null }]));
}

/** Whether the channel is open and this person reads it (a private channel only its readers). */
function reads(state: GameState, id: string, person: string | null): boolean {
  const channel = state.channels && Object.hasOwn(state.channels, id) ? state.channels[id] : undefined;
  return channel?.open === true && (channel.readers === null || (person !== null && channel.readers.includes(person)));
}

const withoutChannel = ({ channel: _hidden, ...rest }: Awaited): Awaited => rest;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isRule = (state: GameState, v: unknown): v is number => typeof v === "number" && Object.hasOwn(state.rules, String(v));

/** The sandbox's refusals for one player, checked: only actions offered, reasons as text, rules in effect. */
function refusalsOf(raw: unknown, state: GameState, actions: string[]): Record<string, Refused | null> {
  const given = isObject(raw) ? raw : {};
  const out: Record<string, Refused | null> = {};
  for (const name of actions) {
    const r = Object.hasOwn(given, name) ? given[name] : null;
    const ok = isObject(r) && typeof r.reason === "string" && r.reason.trim() !== "" && (r.rule === null || isRule(state, r.rule));
    out[name] = ok ? { reason: (r.reason as string).slice(0, 2000), rule: r.rule as number | null } : null;
  }
  return out;
}

/** Every rule's answer to "play.awaits", checked: a malformed answer is that rule's failure and is ignored. */
function awaitsOf(raw: GuestQueryResult | null, state: GameState, actions: string[]): { awaits: Awaited[]; failures: RuleFailure[] } {
  const awaits: Awaited[] = [];
  const failures: RuleFailure[] = [];
  const fail = (rule: number, error: string) => failures.push({ rule, seq: state.seq, during: `answer ${question}`, error: error.slice(0, 2000) });
  if (!isObject(raw)) return { awaits, failures };
  for (const f of Array.isArray(raw.failures) ? raw.failures.slice(0, 20) : []) {
    if (isObject(f) && isRule(state, f.rule) && typeof f.error === "string") fail(f.rule, f.error);
  }
  const players = new Set(state.players.map((p) => p.id));
  for (const answer of Array.isArray(raw.awaits) ? raw.awaits : []) {
    if (!isObject(answer) || !isRule(state, answer.rule)) continue;
    const items = answer.value;
    const bad = awaitedProblem(items);
    if (bad) {
      fail(answer.rule, `its answer to "${question}" ${bad}; it is ignored`);
      continue;
    }
    for (const item of items as Record<string, unknown>[]) {
      if (!players.has(item.player as string) || awaits.length >= maxAwaited) continue;
      // An action no rule offers now would send the player to a form that is not there.
      const action = typeof item.action === "string" && actions.includes(item.action) ? item.action : null;
      // Likewise a channel that is not open: the page would send the player nowhere.
      const channel = typeof item.channel === "string" && reads(state, item.channel, item.player as string) ? { channel: item.channel } : {};
      // A time a date can hold (±8.64e15 ms): any other would break every page and mail that tells it.
      const until = typeof item.until === "number" && Math.abs(item.until) <= 8.64e15 ? { until: item.until } : {};
      const anyOne = item.anyOne === true ? { anyOne: true as const } : {};
      awaits.push({ player: item.player as string, does: (item.does as string).trim(), action, ...channel, ...until, ...anyOne, rule: answer.rule });
    }
  }
  return { awaits, failures };
}

function awaitedProblem(items: unknown): string | null {
  const shape = "must be a list of { player, does, action?, channel?, until?, anyOne? } (does: what the player is to do, in words)";
  if (!Array.isArray(items)) return shape;
  for (const item of items) {
    if (!isObject(item) || typeof item.player !== "string" || typeof item.does !== "string" || !item.does.trim()) return shape;
    if (item.does.length > maxDoes) return `says what a player is to do in more than ${maxDoes} characters`;
    if (item.action !== undefined && item.action !== null && typeof item.action !== "string") return "names an action that is not a text";
    if (item.channel !== undefined && item.channel !== null && typeof item.channel !== "string") return "names a channel that is not a text";
    if (item.until !== undefined && item.until !== null && !(typeof item.until === "number" && Math.abs(item.until) <= 8.64e15))
      return "says when a duty lapses (until) with something other than a time in ms";
    if (item.anyOne !== undefined && typeof item.anyOne !== "boolean") return "says anyOne with something other than true or false";
  }
  return null;
}
