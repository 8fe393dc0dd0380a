/**
 * The host's trust boundary: every result that comes back from the sandbox is checked
 * before anything of it is recorded. The guest runtime keeps the same rules, but a
 * sandbox may be compromised and return any JSON at all, and what the host records it
 * folds forever. So: the result's exact shape (effect-shapes.ts), then the host's own
 * bookkeeping, effect by effect in the order fold applies them (who joined, which rules
 * exist, which state is declared, which timers are pending), then the limits.
 */
import { isDeepStrictEqual } from "node:util";
import type { GuestRequest } from "./guest-protocol.js";
import { effectShapeProblem, isPlainObject, ruleNumber, text } from "./effect-shapes.js";
import { jsonSize } from "./json-size.js";
import { limits } from "./limits.js";
import { Decisions } from "./decisions.js";
import { StateBudget } from "./state-budget.js";
import type { Effect, GameState, Input, Json } from "./types.js";

/**
 * Why the sandbox's `result` for `request` cannot be recorded, in words for the player
 * who asked, or null if it can. `state` is the game before the act.
 */
export function checkGuestResult(request: GuestRequest, state: Readonly<GameState>, result: unknown): string | null {
  const problem = resultProblem(request, state, result);
  if (problem === null) return null;
  return `the rules' sandbox gave back a result the engine cannot trust (${problem}), so nothing was recorded and the sandbox was restarted. Try again; if it happens again, tell the game's host: the sandbox may have been attacked by a rule's code.`;
}

function resultProblem(request: GuestRequest, state: Readonly<GameState>, result: unknown): string | null {
  if (!isPlainObject(result)) return "the result is not an object";
  const keys = Object.keys(result).sort().join(",");
  if (result.ok === false) {
    if (keys === "ok,refused,rule")
      return text(limits.textChars)(result.refused, "the refusal") ?? (result.rule === null ? null : ruleNumber(result.rule, "the refusing rule"));
    if (keys === "error,ok") return text(limits.textChars)(result.error, "the error");
    return "the result is neither effects, a refusal nor an error";
  }
  if (result.ok !== true || keys !== "effects,ok") return "the result is neither effects, a refusal nor an error";
  const effects = result.effects;
  if (!Array.isArray(effects)) return "the effects are not a list";
  if (effects.length > limits.effects)
    return `the act has ${effects.length.toLocaleString("en")} effects, over the limit of ${limits.effects.toLocaleString("en")}`;
  // A new game echoes its ruleset, which the host itself supplied.
  let budget = limits.effectsChars + (request.input.kind === "create" ? JSON.stringify(request.input).length : 0);
  for (let i = 0; i < effects.length; i++) {
    const size = jsonSize(effects[i], budget, limits.jsonDepth + 8);
    if (typeof size === "string") return `effect ${i + 1} ${size.replace(/^is larger than .*/, "makes the act's effects larger than their limit")}`;
    budget -= size;
    const problem = effectShapeProblem(effects[i]);
    if (problem) return `effect ${i + 1}: ${problem}`;
  }
  return new Bookkeeping(request, state, effects as Effect[]).problem();
}

/** The host's view of the game, moved along by each effect as fold would move it. */
class Bookkeeping {
  private readonly input: Input;
  private readonly rules: Set<number>;
  /** Every rule that was in effect at some time during the act: the ones effects may name. */
  private readonly known: Set<number>;
  /** Rules enacted, amended or renumbered in this act: the only ones whose code loads. */
  private readonly loadable = new Set<number>();
  private readonly players: Set<string>;
  private readonly everPlayers: Set<string>;
  /** Applicants a rule may admit (src/kernel/membership.ts). */
  private readonly applicants: Set<string>;
  /** Observers: participants who do not play (src/kernel/participants.ts). */
  private readonly observers: Set<string>;
  private readonly timers: Map<string, number>;
  private readonly decisions: Decisions;
  /** The numbers rules were renumbered to in this act. */
  private readonly renumberedTo = new Set<number>();
  private readonly declared: Set<string>;
  private readonly budget: StateBudget;
  private readonly count = { joined: 0, renamed: 0, enacted: 0, archived: 0, messages: 0, events: 0, timers: 0, ended: 0 };

  constructor(
    private readonly request: GuestRequest,
    private readonly state: Readonly<GameState>,
    private readonly effects: Effect[],
  ) {
    this.input = request.input;
    this.rules = new Set(Object.values(state.rules).map((r) => r.number));
    this.known = new Set(this.rules);
    this.players = new Set(state.players.map((p) => p.id));
    this.everPlayers = new Set([...this.players, ...state.departed.map((p) => p.id)]);
    this.applicants = new Set((state.applicants ?? []).map((a) => a.id));
    this.observers = new Set((state.observers ?? []).map((o) => o.id));
    this.timers = new Map(Object.values(state.timers).map((t) => [t.id, t.rule]));
    this.decisions = new Decisions(request, state);
    // State declared before the act, by a rule loaded in it, or at its end.
    this.declared = new Set(Object.keys(state.decls));
    for (const e of effects) {
      if (e.e === "state.declared") for (const name of Object.keys(e.decls)) this.declared.add(name);
      if (e.e === "rule.loaded") for (const name of e.declares.state) this.declared.add(name);
    }
    this.budget = new StateBudget(state);
  }

  problem(): string | null {
    for (let i = 0; i < this.effects.length; i++) {
      const problem = this.apply(this.effects[i]!);
      if (problem) return `effect ${i + 1} (${this.effects[i]!.e}): ${problem}`;
    }
    return this.finish();
  }

  private apply(e: Effect): string | null {
    switch (e.e) {
      case "rule.enacted":
        if (this.rules.has(e.rule.number)) return `it enacts rule ${e.rule.number}, which already exists`;
        this.rules.add(e.rule.number);
        this.known.add(e.rule.number);
        this.loadable.add(e.rule.number);
        return this.input.kind === "create" ? this.initialRule(e) : null;
      case "rule.archived": {
        if (this.input.kind !== "create") return "only a new game lists rules no longer in effect";
        const spec = this.input.archived?.[this.count.archived++];
        return spec && isDeepStrictEqual(e.rule, plain(spec)) ? null : "it lists a rule no longer in effect that the new game's ruleset does not";
      }
      case "rule.annotated":
      case "rule.transmuted":
      case "rule.property":
        return this.inRuleset(e.number);
      case "rule.amended":
        if (e.code !== undefined) this.loadable.add(e.number);
        return this.inRuleset(e.number);
      case "rule.repealed":
        this.loadable.delete(e.number);
        return this.inRuleset(e.number) ?? (this.rules.delete(e.number), null);
      case "rule.renumbered": {
        const missing = this.inRuleset(e.number);
        if (missing) return missing;
        if (this.rules.has(e.to) || e.to === e.number) return `it renumbers rule ${e.number} as ${e.to}, a number already in use`;
        this.rules.delete(e.number);
        this.loadable.delete(e.number);
        this.rules.add(e.to);
        this.renumberedTo.add(e.to);
        this.known.add(e.to);
        this.loadable.add(e.to);
        for (const [id, rule] of this.timers) if (rule === e.number) this.timers.set(id, e.to);
        return null;
      }
      case "rule.loaded":
        if (!this.loadable.has(e.number) || !this.rules.has(e.number))
          return `it loads the code of rule ${e.number}, which was not enacted or changed in this act`;
        return e.declares.actions.some((a) => a.rule !== e.number) ? `rule ${e.number} declares an action for another rule` : null;
      case "rule.failed":
        return this.named(e.rule);
      case "state.declared": {
        const wrong = Object.values(e.decls).find((d) => !this.rules.has(d.rule));
        return wrong ? `the state "${wrong.name}" is declared by rule ${wrong.rule}, which is not in effect` : null;
      }
      case "state.set":
        return (
          this.named(e.rule) ??
          this.stateName(e.name) ??
          this.statePlayer(e.player, e.key) ??
          this.budget.set(e.name, e.player, e.key, e.value, jsonSize(e.value, limits.valueChars) as number)
        );
      case "state.deleted":
        return this.named(e.rule) ?? this.stateName(e.name) ?? this.budget.delete(e.name, e.key);
      case "player.joined":
        this.observers.delete(e.player.id);
        return this.applicants.delete(e.player.id) && !this.players.has(e.player.id) ? (this.players.add(e.player.id), null) : this.joined(e.player);
      case "player.applied":
        if (this.input.kind !== "join" || this.count.joined++ > 0) return "a person applies only by their own request to join";
        if (e.applicant.id !== this.input.player.id || e.applicant.name !== this.input.player.name)
          return "it records an applicant other than the one who asked";
        if (this.everPlayers.has(e.applicant.id) || this.applicants.has(e.applicant.id)) return `the id "${e.applicant.id}" is taken in this game`;
        this.observers.delete(e.applicant.id);
        this.applicants.add(e.applicant.id);
        return null;
      case "player.renamed":
        if (this.input.kind !== "rename" || this.count.renamed++ > 0) return "a player is renamed only by their own request to rename";
        return e.id === this.input.player && e.name === this.input.name && this.players.has(e.id)
          ? null
          : "it renames someone other than the player who asked, or to another name";
      case "participant.attended":
        if (this.input.kind !== "attend" || this.count.joined++ > 0) return "a person takes part only by their own request";
        if (e.person.id !== this.input.person.id || e.person.name !== this.input.person.name) return "it records a person other than the one who asked";
        if (this.everPlayers.has(e.person.id) || this.applicants.has(e.person.id) || this.observers.has(e.person.id))
          return `the id "${e.person.id}" is taken in this game`;
        this.observers.add(e.person.id);
        return null;
      case "participant.left":
        return this.input.kind === "leave" && this.input.player === e.id && this.observers.delete(e.id) ? null : `"${e.id}" did not ask to leave`;
      case "player.left":
        if (!this.players.delete(e.id)) return `"${e.id}" is not a player in this game`;
        return e.rule === null ? null : this.named(e.rule);
      case "event":
        if (++this.count.events > limits.events) return `the act raises more than ${limits.events} events`;
        return e.rule === null ? null : this.named(e.rule);
      case "message":
        if (++this.count.messages > limits.messages) return `the act posts more than ${limits.messages} messages`;
        return this.named(e.rule);
      case "random":
        return this.named(e.rule);
      case "calendar":
        return null;
      case "timer.set":
        return this.timerSet(e.timer);
      case "timer.cleared":
        return this.timers.delete(e.id) ? null : `it clears the timer ${e.id}, which is not pending`;
      case "rule.status":
        // A ruling on a rule's status follows it to a new number.
        if (e.corrected && this.input.kind !== "correction" && !this.renumberedTo.has(e.number))
          return "only an officer's correction sets a rule's status for good";
        if (e.inEffect && (e.rule !== undefined || e.reason !== undefined)) return "a rule in effect has no reason to be suspended";
        return this.inRuleset(e.number) ?? (e.rule === undefined ? null : this.named(e.rule));
      case "decision.opened":
        return this.decisions.opened(e.decision, new Set([...this.players, ...this.applicants, ...this.observers])) ?? this.named(e.decision.rule);
      case "decision.closed":
        return this.decisions.closed(e.id);
      case "channel.opened":
        if (e.channel.id === "general" || e.channel.rule === null) return "only a rule opens a channel other than general";
        this.budget.channel(e.channel.id, jsonSize(e.channel, limits.effectsChars) as number);
        return this.named(e.channel.rule);
      case "channel.closed":
        return this.named(e.rule);
      case "game.ended":
        if (this.state.status !== "active" || this.count.ended++ > 0) return "the game is already over";
        return this.named(e.rule);
    }
  }

  private finish(): string | null {
    if (this.input.kind === "join" && this.count.joined !== 1) return "a player's joining is not recorded as exactly one player.joined or player.applied";
    if (this.input.kind === "leave" && (this.players.has(this.input.player) || this.observers.has(this.input.player)))
      return "the person who asked to leave still takes part";
    if (this.input.kind === "attend" && this.count.joined !== 1) return "a person's taking part is not recorded as exactly one participant.attended";
    if (this.input.kind === "rename" && this.count.renamed !== 1) return "a player's renaming is not recorded as exactly one player.renamed";
    const undecided = this.decisions.finish();
    if (undecided) return undecided;
    if (this.input.kind === "create") {
      if (this.count.enacted < this.input.rules.length) return "the new game's rules are not all enacted";
      if (this.count.archived !== (this.input.archived?.length ?? 0)) return "the new game's rules no longer in effect are not all listed";
    }
    if (this.timers.size > limits.timers && this.timers.size > Object.keys(this.state.timers).length) {
      return `the game would have ${this.timers.size.toLocaleString("en")} timers pending, over the limit of ${limits.timers.toLocaleString("en")}`;
    }
    return this.budget.finish();
  }

  /** A change to a rule names a rule the game holds at that moment of the act (one out of effect counts too). */
  private inRuleset(n: number): string | null {
    return this.rules.has(n) ? null : `it changes rule ${n}, which is not in effect`;
  }

  /** An effect is charged to a rule: one in effect at some time in the act (it may have repealed itself since). */
  private named(n: number): string | null {
    return this.known.has(n) ? null : `it names rule ${n}, which is not in effect`;
  }

  private stateName(name: string): string | null {
    return this.declared.has(name) ? null : `it sets the state "${name}", which no rule declares`;
  }

  private statePlayer(player: string | undefined, key: string | undefined): string | null {
    if (player === undefined) return null;
    if (key !== undefined) return "it sets both a player's value and a record's entry";
    return this.players.has(player) ? null : `it sets a value of "${player}", who is not a player in this game`;
  }

  private joined(player: { id: string; name: string; joinedAt?: number }): string | null {
    if (this.input.kind !== "join" || this.count.joined++ > 0) return "a player joins only by their own request to join";
    const asked = this.input.player;
    if (player.id !== asked.id || player.name !== asked.name || (player.joinedAt !== undefined && player.joinedAt !== this.request.time)) {
      return `it records a player other than the one who asked to join (${JSON.stringify(asked.name)})`;
    }
    if (this.everPlayers.has(player.id)) return `the id "${player.id}" is taken in this game`;
    this.players.add(player.id);
    this.everPlayers.add(player.id);
    return null;
  }

  private timerSet(timer: { id: string; rule: number; at: number }): string | null {
    const pending = this.timers.has(timer.id);
    // A pending timer set again (by a sandbox before this engine moved timers with their renumbered rule) keeps its time.
    if (!pending && timer.at < this.request.time) return `it sets the timer ${timer.id} in the past`;
    if (!pending && ++this.count.timers > limits.timersPerAct) return `the act sets more than ${limits.timersPerAct} timers`;
    this.timers.set(timer.id, timer.rule);
    return this.named(timer.rule);
  }

  /** The k-th rule enacted in a new game is the k-th of its ruleset, exactly. */
  private initialRule(e: Extract<Effect, { e: "rule.enacted" }>): string | null {
    if (this.input.kind !== "create") return null;
    const spec = this.input.rules[this.count.enacted++];
    if (!spec) return null;
    const expected = plain({
      number: spec.number,
      title: spec.title ?? null,
      text: spec.text,
      mutable: spec.mutable,
      props: spec.props ?? {},
      code: spec.code ?? null,
    });
    const past = spec.history?.length ? plain(spec.history) : undefined;
    if (!isDeepStrictEqual(e.rule, expected) || !isDeepStrictEqual(e.past, past))
      return `rule ${e.rule.number} is not the new game's rule as its ruleset gives it`;
    return null;
  }
}

/** The host's own value as it crossed into the sandbox (JSON), to compare with what came back. */
function plain<T>(value: T): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}
