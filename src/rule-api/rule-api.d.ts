/**
 * The Nomos rule API: everything a rule's code can see and do.
 *
 * A rule's code is a TypeScript script. These declarations are its globals; the engine
 * type-checks every proposed rule against this file before the rule can be proposed, so
 * a player gets completion and type errors while writing it. The code runs in a sandbox
 * with limited fuel, memory and stack, and with no clock, randomness or I/O of its own:
 * time, random numbers and messages come from `game`, and are recorded in the game's log.
 *
 * A rule's top level runs when the rule takes effect and again in every act that calls it (no
 * variable outlives an act; code that only declares, whose closures can keep nothing, is not
 * run again after the first act that calls it in a sandbox); it declares state, actions, reactions and answers, and may not read the game.
 * Handlers run later, once per event, called on nothing (`this` is undefined). Each act is bounded (fuel, time, memory,
 * effects, timers, state): a rule past a bound fails alone. Values handed to the engine or
 * to other rules are JSON data, copied while the rule handing them over runs.
 *
 * A worked example (a rule that gives each player a die roll at the start of a turn):
 *
 *     const points = playerState("points", { initial: 0 });
 *     on("turn.began", (e) => {
 *       const roll = game.random.int(1, 6);
 *       points.set(e.data.player, points.get(e.data.player) + roll);
 *       game.post(`${game.player(e.data.player)?.name} rolls ${roll}.`);
 *     });
 */

/** Any value that can be stored in the game's state or carried by an event. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A player's id inside a game. */
type PlayerId = string;
/** Anyone's id inside a game: a player's, an applicant's or an observer's (the same ids as PlayerId). */
type PersonId = string;

interface Player {
  readonly id: PlayerId;
  readonly name: string;
  /** When the player joined, in milliseconds since 1970 (UTC). */
  readonly joinedAt: number;
  /** When the player last acted in this game: their latest action or forum post (ms since 1970 UTC); null: not yet. */
  readonly lastActed: number | null;
}

/** State must be JSON data (checked when set); interfaces and type aliases of such data are fine. */
interface StateOptions<T> {
  /** The value before anything sets it. */
  readonly initial: T;
  /** Defaults to "public". */
  readonly visibility?: Visibility;
  /** One line for players, shown beside the value. */
  readonly describe?: string;
  /** To read another rule's non-public state: the rule's declarations then list the read, for voters to see. */
  readonly readsSecret?: boolean;
  /** How it reads to people on the page and in the CLI: a sentence, a list, a table, or hidden (see StateDisplay). */
  readonly display?: StateDisplay;
}

/** State with one value for the whole game (a list of proposals, the Epic Poem, a board). */
interface GameState<T> {
  readonly name: string;
  get(): T;
  set(value: T): void;
  /** Sets the value from the current one: `count.update((n) => n + 1)`. */
  update(change: (current: T) => T): void;
}

/** State with one value per player (points, Groks, a position on a board). */
interface PlayerState<T> {
  readonly name: string;
  get(player: PlayerId): T;
  set(player: PlayerId, value: T): void;
  update(player: PlayerId, change: (current: T) => T): void;
  /** Every current player's value. */
  all(): Record<PlayerId, T>;
}

/**
 * State that is a record of entries by key (proposals by number, cases, ants, vegetables).
 * Setting one entry records only that entry, however many there are.
 */
interface RecordState<V> {
  readonly name: string;
  get(key: string | number): V | undefined;
  set(key: string | number, value: V): void;
  update(key: string | number, change: (current: V | undefined) => V): void;
  delete(key: string | number): void;
  keys(): string[];
  /** Every entry, by key. */
  all(): { readonly [key: string]: V };
}

/** `initial: 0` declares a number, not the literal type 0. */
type Widen<T> = T extends number ? number : T extends string ? string : T extends boolean ? boolean : T;

/**
 * Declares (or joins the declaration of) state that belongs to the whole game. Several
 * rules may declare the same name; the declaration of the rule with the highest
 * precedence sets the initial value and visibility. Call it at the top level of a rule.
 */
declare function gameState<T = Json>(name: string, options: StateOptions<T>): GameState<Widen<T>>;
/** What a record keeps, so that reports, CLI and web read it unguessed: `{ kind: "proposal", open: { field: "status", in: ["voting"] }, citedAs: "proposal" }`. */
interface RecordConvention {
  /** "proposal" (entries are {@link ProposalRecord}s), "case" ({@link CaseRecord}s), or a ruleset's own word. */
  readonly kind: string;
  /** The entries still to be decided: those whose `field` holds one of these values (absent: every entry). */
  readonly open?: { readonly field: string; readonly in: readonly Json[] };
  /** The input field by which actions name an entry (vote's "proposal"): the web offers them on each open entry. */
  readonly citedAs?: string;
}
/** Declares (or joins the declaration of) a record of entries by key; it starts empty. */
declare function recordState<V = Json>(name: string, options?: Omit<StateOptions<never>, "initial"> & { readonly record?: RecordConvention }): RecordState<V>;
/** Declares (or joins the declaration of) state with one value per player. */
declare function playerState<T = Json>(name: string, options: StateOptions<T>): PlayerState<Widen<T>>;

// ---------------------------------------------------------------------------------------
// Input schemas for actions. They describe the form players fill in (CLI, API, web UI)
// and are checked before the rule's handler runs.

interface Schema<T> {
  /** The JSON Schema the engine checks input against. */
  readonly json: Json;
  /** Only for type inference; never set. */
  readonly __type?: T;
}
type Infer<S> = S extends Schema<infer T> ? T : never;

/** A piece of rule code, as a player writes it and as the engine has compiled it. */
interface RuleCode {
  /** The TypeScript the player wrote. */
  readonly source: string;
  /** The code with its types stripped; what the sandbox runs. */
  readonly js: string;
}

declare const t: {
  string(options?: { minLength?: number; maxLength?: number; describe?: string }): Schema<string>;
  integer(options?: { minimum?: number; maximum?: number; describe?: string }): Schema<number>;
  number(options?: { minimum?: number; maximum?: number; describe?: string }): Schema<number>;
  boolean(options?: { describe?: string }): Schema<boolean>;
  /** One of a fixed list of words. */
  enum<const V extends readonly string[]>(values: V, options?: { describe?: string }): Schema<V[number]>;
  /** A player of this game, by id. */
  player(options?: { describe?: string }): Schema<PlayerId>;
  /** A rule, by number: the page offers the rules in effect to choose from ("301 — Judgment"). Any integer passes the input check; whether the rule exists is the action's to check. */
  rule(options?: { minimum?: number; maximum?: number; describe?: string }): Schema<number>;
  /** Rule code: type-checked against this file and compiled before the action runs. */
  code(options?: { describe?: string }): Schema<RuleCode>;
  array<S extends Schema<unknown>>(items: S, options?: { minItems?: number; maxItems?: number; describe?: string }): Schema<Infer<S>[]>;
  object<P extends Record<string, Schema<unknown>>>(
    properties: P,
    options?: { optional?: readonly (keyof P)[]; describe?: string },
  ): Schema<{ [K in keyof P]: Infer<P[K]> }>;
  /** Exactly one of several object shapes, told apart by their `kind` field. */
  oneOf<S extends Schema<unknown>[]>(variants: S, options?: { describe?: string }): Schema<Infer<S[number]>>;
};

// ---------------------------------------------------------------------------------------
// Actions, events and questions.

interface ActionContext {
  /** The player taking the action (any participant's id for an action open to `participants`). */
  readonly actor: PersonId;
  /** The action's name. */
  readonly action: string;
}

interface ActionOptions<S extends Schema<unknown>> {
  /**
   * The action's name in words, on its button and in lists ("Invoke judgment"); without it,
   * the name is turned into words ("invoke-judgment" reads "Invoke judgment").
   */
  readonly title?: string;
  /** What the action does, shown to players beside its form. */
  readonly describe: string;
  /**
   * For a move that cannot be undone (forfeiting, resigning): what follows, in a sentence. The
   * page asks the player to confirm with it before the move is sent, and lists such moves after
   * the others; the CLI shows it beside the action.
   */
  readonly confirm?: string;
  readonly input: S;
  /**
   * Marks an action through which rule-changes are proposed. The engine refuses a
   * rule-change that would leave no current rule offering such an action, so that
   * changing the rules stays possible.
   */
  readonly changesRules?: boolean;
  /**
   * "Always possible as far as rules of lower precedence go" (such as resigning): a
   * forbid, or a `forbid("*")` guard, of a rule lower in precedence than this one and of the
   * other class of mutability (an immutable rule's action, a mutable rule's forbid) does not
   * apply to this action. Between rules of the same class prohibiting beats permitting
   * (Nomic VIII 108): their forbids apply, as do those of higher rules and this rule's own.
   * Without it, every forbid applies.
   */
  readonly prevails?: boolean;
  /**
   * Why this actor cannot take this action now, whatever the input ("the game has begun";
   * "only the Judge rules on a case"); nothing when they can. Checked before the input and
   * the forbids when a player acts (the player sees the reason, citing this rule), and asked
   * to show each player only the actions open to them (asked again after each act: an answer
   * that changes with time alone wants a timer). Reads the game; changes nothing.
   */
  readonly when?: (context: ActionContext) => string | undefined | void;
  /**
   * Open to every participant, observers and applicants too (see `game.participants()`), not
   * only players: `context.actor` is their PersonId. The rules decide who among them may act
   * (a `when` checking a list the rule keeps, such as moderators). Without it, only players
   * may take the action; others read "only players can <describe>; you take part without playing".
   */
  readonly participants?: true;
  /**
   * Who may read the input besides rule code and the actor, who always does: a sealed bid
   * `"actor"`; the bidder and the auctioneer `{ seenBy: "auctioneer" }`; a secret ballot's vote
   * only `{ fields: { vote: "actor" } }` (the fields must be the input's). Keep what you store
   * of it as secret, with the state's own visibility. Defaults to "public".
   */
  readonly inputVisibility?: DataVisibility;
}

/** Declares an action players can take. The first rule (by precedence) to declare a name handles it. */
declare function action<S extends Schema<unknown>>(
  name: string,
  options: ActionOptions<S>,
  handler: (input: Infer<S>, context: ActionContext) => void,
): void;

/**
 * Lets this rule forbid an action declared by any rule. Return a reason to forbid it
 * (the player sees the reason and which rule forbids it); return nothing to allow it.
 * Checks are also asked with an empty input (`{}`), to tell whether the action is open to
 * the player at all: a check must allow when the fields it reads are absent, unless the
 * action is refused whatever they hold (a vote when you have voted on every open proposal).
 * `forbid("*", check)` guards every action, those of rules enacted later included:
 * `context.action` says which ("during a convention only these four kinds of action").
 * A forbid of a rule lower in precedence than the rule offering an action declared with
 * `prevails` does not apply to it. A rule not in effect forbids nothing. A refusal that alone
 * would leave no way to change the rules (the ruleset's "rule-change.probe" fails on it, and
 * passes without it) is set aside for the act, and the log says so, citing the rule.
 */
declare function forbid(
  action: string,
  check: (input: { readonly [key: string]: any }, context: ActionContext) => string | undefined | void,
): void;

/**
 * A precedence claim: over (or under) these rules, every rule, or — a function asked when
 * this answer conflicts with another rule's — whether the claim holds against rule `other`
 * for `question` now (it reads the game as it is at that moment; it changes nothing).
 */
type PrecedenceClaim = readonly number[] | "all" | ((other: number, question: string) => boolean);

interface AnswerOptions {
  /** This answer takes precedence over the answers of these rules, or of every rule. */
  readonly precedes?: PrecedenceClaim;
  /** This answer defers to the answers of these rules, or of every rule. */
  readonly defersTo?: PrecedenceClaim;
  /**
   * "My precedence relations are determined by rule N" (Nomic VIII 108): when the answers of
   * several rules differ and ALL of them name the same rule N, in effect, the engine asks rule N
   * "precedence.conflict" ({@link PrecedenceConflict}) at that moment, and the rule it names prevails.
   */
  readonly precedenceBy?: number;
}

/**
 * Answers a question other rules ask. Return undefined to leave the question to other
 * rules. When several rules answer, precedence picks one (see `game.ask`), in this order:
 * an immutable rule's answer over a mutable rule's (the engine's order, or a "precedence"
 * answer); then, within a class, the rule all the conflicting answers name by `precedenceBy`;
 * then the rules' own claims (`precedes`/`defersTo`) where they do not contradict each other;
 * then the engine's order (lowest number first).
 */
declare function answer<A = any, R = any>(
  question: string,
  respond: (args: A) => R | undefined,
  options?: AnswerOptions,
): void;

type Weekday = "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";

/** A moment read on the wall clock of a time zone ({@link GameApi.calendar}). */
interface LocalTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly weekday: Weekday;
  readonly hour: number;
  readonly minute: number;
}

interface Answer<R> {
  readonly value: R;
  /** The number of the rule that gave the answer. */
  readonly rule: number;
}

/** What `game.decide` opens: `kind` names the event the rule hears ("decision:<kind>"). */
interface DecisionSpec {
  readonly kind: string;
  /** Who may make it: one person, or any one of several; participants who are not players too (moderators). */
  readonly by: PersonId | readonly PersonId[];
  /** The question, in words players read: "Is Rule 5 void?" */
  readonly question: string;
  /** The answer's form, built with t (e.g. t.object({ void: t.boolean() })). */
  readonly input: Schema<unknown>;
  /** Whether play waits on it ("play.awaits"); false by default. */
  readonly awaits?: boolean;
  /** Anything the rule wants back when the decision is made (a case's number...). */
  readonly data?: Json;
}

/** An open decision, as `game.decisions()` lists it. */
interface OpenDecision {
  readonly id: string;
  readonly kind: string;
  readonly by: readonly PlayerId[];
  readonly question: string;
  readonly data: Json;
  /** The rule that opened it. */
  readonly rule: number;
  readonly openedAt: number;
}

/** The data of the event "decision:<kind>": who decided what. `input` follows the decision's form. */
interface DecisionMade<I = any> {
  readonly id: string;
  readonly by: PlayerId;
  readonly input: I;
  readonly data: Json;
}

interface GameApi {
  /**
   * The time of the event being handled, in milliseconds since 1970 (UTC): the game's clock.
   * In a practice game the players may move that clock forward (never back), so a day's
   * wait passes in a sitting; rules need do nothing for it, their timers fire as it passes.
   * Read it in a handler, answer or check, not at the rule's top level (which runs again at every
   * act and sandbox start, and must declare the same each time): there it throws.
   */
  now(): number;
  /** Whether a rule has ended the game. */
  isOver(): boolean;
  /** The players in the game, in the order they joined. */
  players(): Player[];
  player(id: PlayerId): Player | undefined;
  /** Removes a player from the game (forfeit, death, expulsion). */
  removePlayer(id: PlayerId, reason: string): void;
  /**
   * Makes an applicant a player: someone whose request to join a rule deferred ("membership.join"
   * answered `{ defer }`), now admitted by the rules' own decision (a motion passed). Rules hear
   * "player.joined". Throws if the id has not asked to join.
   */
  admit(applicant: { readonly id: PlayerId; readonly name: string }): void;
  /** Who has asked to join and awaits the rules, oldest first (`at`: when they asked). */
  applicants(): { readonly id: PlayerId; readonly name: string; readonly at: number }[];
  /**
   * Everyone taking part, players first: players, applicants (a join deferred) and observers
   * (people who take part without playing: they read the public game, and take the actions
   * open to `participants`). Rules hear "participant.joined" `{ id, name, role: "observer" }`
   * and "participant.left" `{ id }` when an observer comes or goes (an observer may later join
   * as a player: "membership.join" is asked as usual).
   */
  participants(): readonly { readonly id: PersonId; readonly name: string; readonly role: "player" | "applicant" | "observer" }[];
  /** The first person to join or attend the game (whoever set it up), or null before anyone has. */
  founder(): PersonId | null;
  rules: Rules;
  /**
   * Local time in a time zone, with daylight saving, answered by the engine (rule code has no
   * time-zone data) and recorded in the log, so a replay reads the same answers back.
   * `zone` is an IANA name ("America/Chicago", "Europe/Paris", "UTC"); an unknown one throws
   * an Error naming it (the rule's code fails, as with any error). A local time skipped when
   * clocks go forward reads as that time on the clock before the change (02:30 is 03:30 on
   * the day Chicago springs forward); one repeated when clocks go back is the first of the two.
   */
  calendar: {
    /** When it is next `weekday` at `time` ("HH:MM", 24-hour) in `zone`: ms UTC, strictly after `after` (default {@link now}). */
    next(spec: { readonly weekday: Weekday; readonly time: string; readonly zone: string; readonly after?: number }): number;
    /** The date and wall-clock time in `zone` at `at` (ms UTC); `month` 1..12, `day` 1..31, `hour` 0..23. */
    local(at: number, zone: string): LocalTime;
  };
  /** Random numbers from the engine's seeded source; every draw is recorded in the log. */
  random: {
    /** A whole number from min to max, both included. */
    int(min: number, max: number): number;
    pick<T>(items: readonly T[]): T;
    shuffle<T>(items: readonly T[]): T[];
  };
  /** Posts a message to the game's log; `to` limits who can read it. */
  post(text: string, options?: { to?: readonly PlayerId[] }): void;
  /**
   * Emits an event for rules to react to; it is recorded in the log, as this rule's (`origin`
   * "rule"). The engine's own event names (see `on`) are refused: name the rule's events its own
   * way ("vote.completed", "auction.closed"). Rules hear its data whole;
   * people read it in the log as `visibility` says (default "public"; "actor": whoever's act this is).
   */
  emit(type: string, data?: Json, options?: { readonly visibility?: DataVisibility }): void;
  /** Asks a question; the answer of the rule with the highest precedence among those that answer. */
  ask<R = any>(question: string, args?: any): Answer<R> | undefined;
  /** Every answer to a question, highest precedence first. */
  askAll<R = any>(question: string, args?: any): Answer<R>[];
  /**
   * Sets a timer for this rule; when the time comes the engine sends this rule the event
   * "timer:<name>" with the data. Returns the timer's id. Set while this rule's own timer
   * fires, it must be due a minute later at least; a time in the past means now.
   * A timer is never missed: one whose time came while nobody was looking fires before any
   * later act (an action, a join, a post, a correction), and a server starting fires those
   * that came due while it was down. Timers due at the same moment fire in the order set.
   * Players see pending timers as deadlines, by name ("turn.vote" reads "turn vote"), or by
   * `data.describe` where the data is an object with that text: "the Deck is put to vote".
   * `visibility` says who may read the data, set and fired (default "public"; "actor": whoever's
   * act sets it); hide only its other fields (`{ fields: { bid: "hidden" } }`) to keep `describe` read.
   */
  schedule(
    name: string,
    when: { readonly at: number } | { readonly after: number },
    data?: Json,
    options?: { readonly visibility?: DataVisibility },
  ): string;
  cancel(timerId: string): void;
  /**
   * Opens a decision for an office holder (or any one of several): a question they answer
   * through a form built from `input`, on their page, by the API or the command line. Their
   * answer is an act of its own citing this rule; only this rule hears it, as the event
   * "decision:<kind>" with { id, by, input, data } (DecisionMade), and the decision closes.
   * With `awaits: true` play waits on it ("Waiting for Ada to decide: <question>").
   * Returns the decision's id. A repealed rule's open decisions close with it; those of a
   * rule not in effect wait with it (no one can make them, play does not wait on them).
   */
  decide(spec: DecisionSpec): string;
  /** The decisions open now, oldest first (visible to every player: the question is public). */
  decisions(): OpenDecision[];
  /** Withdraws an open decision (nothing happens if it is not open). */
  closeDecision(id: string): void;
  /**
   * Refuses the action being handled: nothing it did takes effect and the player sees the
   * reason, with the rule it rests on (this rule, or `cite` when another rule's answer is the reason).
   */
  refuse(reason: string, cite?: number): never;
  /** Ends the game with its result. */
  end(result: { readonly winners: readonly PlayerId[]; readonly reason: string }): void;
}

declare const game: GameApi;
