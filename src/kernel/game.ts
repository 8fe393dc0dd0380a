/**
 * A game: its log in a store, its state folded from the log, and a sandbox running its
 * rules' code. Every change goes through one act at a time: the input crosses into the
 * sandbox once, the rules' effects come back, the act is appended durably, then folded.
 */
import { ActionError } from "./action-error.js";
import { InputError, prepareInput } from "./action-input.js";
import { checkedCorrection } from "./correction-check.js";
import { Availability, type Standing } from "./availability.js";
import { bootedSandbox, lazySandbox } from "./boot.js";
import { checkGuestResult } from "./check-effects.js";
import { recordedVisibility } from "./data-visibility.js";
import { decisionInput, decisionOutcome } from "./decisions.js";
import { hostDeadlineAfter, nextDue } from "./deadlines.js";
import { emptyState, fold } from "./fold.js";
import type { GuestRequest, GuestResult, MessageFacts } from "./guest-protocol.js";
import { limits } from "./limits.js";
import { messageInput, replayFacts, type MessageOp } from "./messages.js";
import { joinOutcome, leaveInput, newcomer, type JoinOutcome } from "./membership.js";
import { attendInput, checkActor } from "./participants.js";
import { clockAhead, clockInput, type ClockMove } from "./practice-clock.js";
import { SandboxInterrupted, type Sandbox } from "./sandbox.js";
import { actSeed, freshSeed, newGameId } from "./seeds.js";
import { playerName } from "./player-id.js";
import { stateSeenBy } from "./visibility.js";
import { offeredActions } from "./rule-status.js";
import type { ActOutcome, EngineOptions, NewGame } from "./engine-options.js";
import type { Act, ActionDecl, Correction, GameInfo, GameState, Input, Json, PlayerRecord, Recorder } from "./types.js";

export { ActionError, type ActionErrorCode } from "./action-error.js";
export { fireAllDueTimers } from "./fire-all.js";
export type { ActOutcome, EngineOptions, NewGame } from "./engine-options.js";

export class Game {
  private chain: Promise<unknown> = Promise.resolve();
  /** The act being written: in the log already, perhaps, while the disk syncs it, and not yet folded. */
  private appending: number | null = null;
  /** The act of the latest snapshot this game knows of (loaded from or saved): 0 for none. */
  private snapshotSeq = 0;
  /** Set by {@link close}: a stopped sandbox is not booted again. */
  private closed = false;
  private readonly asked = new Availability({ sandbox: () => this.sandbox, reboot: () => this.reboot(), actions: () => this.actions().map((a) => a.name) });

  private constructor(
    readonly info: GameInfo,
    private readonly current: GameState,
    private sandbox: Sandbox,
    private readonly options: EngineOptions,
  ) {}

  /** Creates a game from a ruleset (a preset or an import) and records it. */
  static async create(options: EngineOptions, spec: NewGame): Promise<Game> {
    const clock = options.clock ?? Date.now;
    const info: GameInfo = {
      id: spec.id ?? newGameId(),
      name: spec.name,
      preset: spec.preset,
      createdAt: clock(),
      seed: spec.seed ?? freshSeed(),
    };
    const state = emptyState(spec.name, spec.preset);
    const sandbox = await bootedSandbox(options, state);
    const game = new Game(info, state, sandbox, options);
    const create: Input = { kind: "create", name: spec.name, preset: spec.preset, rules: spec.rules, ...(spec.practice ? { practice: true } : {}) };
    if (spec.archived?.length) create.archived = spec.archived;
    try {
      const act = await game.execute(create, info.createdAt);
      await options.store.createGame(info, act.act);
      fold(state, act.act);
    } catch (err) {
      game.close(); // a game refused, or never stored, keeps no worker thread (its sandbox may have been rebooted)
      throw err;
    }
    return game;
  }

  /** Loads a game from its latest snapshot and the acts after it; its sandbox boots when the rules are first asked something. */
  static async load(options: EngineOptions, id: string): Promise<Game> {
    const info = await options.store.getGame(id);
    if (!info) throw new Error(`there is no game "${id}" in this store; list the games to see their ids`);
    const snapshot = await options.store.latestSnapshot(id);
    const state = snapshot ? snapshot.state : emptyState(info.name, info.preset);
    for (const act of await options.store.readActs(id, state.seq)) fold(state, act);
    const game = new Game(info, state, lazySandbox(options, state), options);
    game.snapshotSeq = snapshot?.seq ?? 0;
    return game;
  }

  /** The last act this game wrote or folded: a log that holds more was written by another process. */
  get loggedSeq(): number {
    return this.appending ?? this.current.seq;
  }

  get id(): string {
    return this.info.id;
  }

  /** The whole state, secrets included: for the engine and its tests. Players get {@link viewFor}. */
  get state(): Readonly<GameState> {
    return this.current;
  }

  /**
   * A declared state's value, secrets included: what a rule set, or else the declared
   * initial value (state is only stored once set). Pass the player for player state.
   */
  value(name: string, player?: string): Json | undefined {
    const stored = player === undefined ? this.current.values.game[name] : this.current.values.player[name]?.[player];
    return stored ?? this.current.decls[name]?.initial;
  }

  /** The actions the rules in effect offer, highest precedence first. */
  actions(): ActionDecl[] {
    return offeredActions(this.current);
  }

  /** Adds a player, or an applicant when a rule defers the request (src/kernel/membership.ts). The id is made from the name unless given. */
  join(name: string, id?: string): Promise<JoinOutcome> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      const player: PlayerRecord = { ...newcomer(this.current, name, id), joinedAt: time };
      return joinOutcome((await this.commit({ kind: "join", player: { id: player.id, name: player.name } }, time)).act, player);
    });
  }

  /** A person takes part without playing, unless a rule refuses it ("membership.attend"; src/kernel/participants.ts). */
  attend(name: string, id?: string): Promise<ActOutcome & { person: { id: string; name: string } }> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      const person = newcomer(this.current, name, id);
      return { ...(await this.commit(attendInput(this.current, person), time)), person };
    });
  }

  /** Changes a player's name; the id, and so the history, stays. */
  rename(playerId: string, name: string): Promise<PlayerRecord> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      const clean = playerName(name, (message) => new ActionError("invalid-input", message));
      const player = this.current.players.find((p) => p.id === playerId);
      if (!player) throw new ActionError("not-a-player", `"${playerId}" is not a player in this game`);
      if (player.name !== clean) await this.commit({ kind: "rename", player: playerId, name: clean }, time);
      return { ...player };
    });
  }

  /** A player leaves the game, unless a rule refuses it ("membership.leave"); or an observer leaves. */
  leave(playerId: string): Promise<ActOutcome> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      return this.commit(leaveInput(this.current, playerId), time);
    });
  }

  /**
   * A copy of this game as it stands, in memory, with its own sandbox: moves tried on it
   * ("what would adoption change?") never reach the real log. Close it when done.
   * With `as`, the copy holds only what that viewer may see ({@link stateSeenBy}): a dry
   * run must not be an oracle for secrets. The copy draws from a fresh seed, so trying a
   * move does not foretell the random draws the real game will make.
   */
  fork(options: { as?: string | null } = {}): Promise<Game> {
    return this.serial(async () => {
      const state = options.as === undefined ? this.current : stateSeenBy(this.current, options.as);
      const store = this.options.scratchStore({ ...this.info, seed: freshSeed() }, state);
      return Game.load({ ...this.options, store, snapshotEvery: Number.MAX_SAFE_INTEGER }, this.info.id);
    });
  }

  /** A player's action, checked against the form its rule declared, then run by the rules. */
  act(actor: string, name: string, input: unknown = {}): Promise<ActOutcome> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      const state = this.current;
      checkActor(state, actor, undefined);
      const decl = this.actions().find((a) => a.name === name);
      if (!decl) {
        throw new ActionError(
          "unknown-action",
          `no rule in effect offers the action "${name}"; the actions offered now are: ${
            this.actions()
              .map((a) => a.name)
              .join(", ") || "none"
          }`,
        );
      }
      checkActor(state, actor, decl);
      let prepared: Json;
      try {
        prepared = await prepareInput(decl.input, input, { players: state.players, compileCode: (source) => this.options.compile(source, `player:${actor}`) });
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        // An action the rules refuse this player now, whatever the input, is refused for that first.
        const refused = (await this.standingNow(actor)).refused[name];
        if (refused) throw new ActionError("refused", refused.rule === null ? refused.reason : `Rule ${refused.rule}: ${refused.reason}`, refused.rule);
        throw new ActionError("invalid-input", `${name}: ${err.message} (Rule ${decl.rule} declares this action's form)`, decl.rule);
      }
      // Who may read the input is recorded with it, as the action declares it now: the log reads alone.
      const visibility = recordedVisibility(decl.inputVisibility, actor, true);
      return this.commit({ kind: "action", actor, name, input: prepared, ...(visibility ? { visibility } : {}) }, time);
    });
  }

  /** A message posted, edited, deleted or redacted (src/kernel/messages.ts): an act the rules hear, without its text. */
  message(person: string, op: MessageOp, firstFree?: number): Promise<ActOutcome> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      const m = messageInput(this.current, person, op, firstFree);
      return this.commit(m.input, time, m.facts);
    });
  }

  /** A message or forum act as a log recorded it, played again (an archive's verification); the text, if known, in `facts`. */
  replayMessage(input: Extract<Input, { kind: "message" | "post" }>, facts?: MessageFacts): Promise<ActOutcome> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      return this.commit(input, time, facts ?? (input.kind === "message" ? replayFacts(this.current, input) : undefined));
    });
  }

  /**
   * Records an officer's correction: values set as it says, citing the rule or ruling it
   * rests on. History is not rewritten: the correction is an act of its own, and what
   * follows is folded from it. Whether `by` may record it is the rules' question.
   */
  correct(by: Recorder, correction: Correction): Promise<ActOutcome> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      const clean = checkedCorrection(this.current, by, correction);
      return this.commit({ kind: "correction", by, ...clean }, time);
    });
  }

  /** An office holder makes a decision a rule opened for them (src/kernel/decisions.ts); the rule hears it. */
  decide(player: string, id: string, input: unknown = {}): Promise<ActOutcome> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      return decisionOutcome(await this.commit(await decisionInput(this.current, player, id, input, this.options.compile), time));
    });
  }

  /** A player moves a practice game's clock forward (src/kernel/practice-clock.ts); the timers it passes are then due. */
  moveClock(by: string, move: ClockMove): Promise<ActOutcome> {
    return this.serial(async () => {
      const time = await this.fireDueFirst();
      return this.commit(...clockInput(this.current, by, move, time, ActionError));
    });
  }

  /**
   * Fires the timers due by `now`, oldest first, one act each, but at most `max` of them:
   * a chain of timers must not hold the game (or a server's other games) for ever. See
   * {@link hasDueTimers} for whether more are due, and {@link fireAllDueTimers}.
   */
  fireDueTimers(now = this.now(), max: number = limits.timerActsInARow): Promise<Act[]> {
    return this.serial(async () => {
      const fired: Act[] = [];
      while (fired.length < max) {
        const due = nextDue(this.current, now);
        if (!due) break;
        fired.push((await this.commit({ kind: "timer", id: due.id }, Math.max(due.at, this.current.time))).act);
      }
      return fired;
    });
  }

  /** The game's time now: its clock, never before its last act. */
  clockNow(): number {
    return this.now();
  }

  /** Whether a timer is due by `now` in a game still going on. */
  hasDueTimers(now = this.now()): boolean {
    return nextDue(this.current, now) !== undefined;
  }

  /** What the rules would refuse `player` now, whatever the input, and what play awaits (src/kernel/availability.ts). */
  standing(player: string | null): Promise<Standing> {
    return this.serial(() => this.standingNow(player));
  }

  /** The guest's mirror of the state, for consistency checks. */
  guestDump(): Promise<unknown> {
    return this.sandbox.dump();
  }

  /**
   * Saves a snapshot of the state as it stands, unless the latest one is of its last act
   * already: loading the game again then folds no acts (a server unloading an idle game).
   */
  saveSnapshot(): Promise<void> {
    return this.serial(async () => {
      if (this.snapshotSeq >= this.current.seq) return;
      await this.options.store.saveSnapshot(this.info.id, { seq: this.current.seq, state: this.current });
      this.snapshotSeq = this.current.seq;
    });
  }

  /**
   * Stops the sandbox until the rules are next asked something, when a new one boots with the
   * game as it then stands (as after a load): a server rests a game a page watches but nobody plays.
   */
  rest(): Promise<void> {
    return this.serial(async () => {
      if (this.closed) return;
      this.sandbox.dispose();
      this.sandbox = lazySandbox(this.options, this.current);
    });
  }

  /** Stops the sandbox; the state can still be read, but nothing more is asked of the rules. */
  close(): void {
    this.closed = true;
    this.sandbox.dispose();
  }

  /**
   * Deadlines are never missed: the timers due by now fire before any later act, each an act
   * of its own. Returns the later act's time: the clock is read once per act.
   */
  private async fireDueFirst(): Promise<number> {
    const now = this.now();
    for (let n = 0, due = nextDue(this.current, now); due && n < limits.timers; n++, due = nextDue(this.current, now))
      await this.commit({ kind: "timer", id: due.id }, Math.max(due.at, this.current.time));
    return now;
  }

  private standingNow(player: string | null): Promise<Standing> {
    return this.asked.standing(this.current, player, { time: this.now(), seed: actSeed(this.info.seed, this.current.seq) });
  }

  private now(): number {
    return Math.max((this.options.clock ?? Date.now)() + clockAhead(this.current), this.current.time);
  }

  /** Acts on one game happen one at a time, in order; the next runs while this one's write goes to the disk. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    const durable = this.options.durableByCaller ? undefined : this.options.store.durable?.bind(this.options.store);
    return durable ? next.then((value) => durable().then(() => value)) : next;
  }

  private async commit(input: Input, time: number, message?: MessageFacts): Promise<ActOutcome> {
    if (this.current.status === "over")
      throw new ActionError("game-over", `the game is over (${this.current.result?.reason ?? "ended"}); nothing more can be done in it`);
    const outcome = await this.execute(input, time, message);
    this.appending = outcome.act.seq;
    try {
      const store = this.options.store;
      const deadline = hostDeadlineAfter(this.current, outcome.act);
      await (store.writeAct ? store.writeAct(this.info.id, outcome.act, deadline) : store.appendAct(this.info.id, outcome.act, deadline));
    } catch (err) {
      // The guest already applied the act; bring it back to what the log says.
      await this.reboot();
      throw err;
    } finally {
      this.appending = null;
    }
    fold(this.current, outcome.act);
    const every = this.options.snapshotEvery ?? 500;
    // The store serializes the state before its call returns, so no copy is needed.
    if (outcome.act.seq % every === 0) {
      await this.options.store.saveSnapshot(this.info.id, { seq: this.current.seq, state: this.current });
      this.snapshotSeq = this.current.seq;
    }
    return outcome;
  }

  /**
   * Runs an input through the rules. When the sandbox stops the act (fuel, memory, time),
   * it runs it again in diagnose mode to learn which rule did the work, then again without
   * that rule (recorded as failed where it was hit). The reruns are bounded.
   */
  private async execute(input: Input, time: number, message?: MessageFacts): Promise<ActOutcome> {
    const seq = this.current.seq + 1;
    const request: GuestRequest = { seq, time, seed: actSeed(this.info.seed, seq), input, disabled: { ...this.options.stopped?.(seq) }, message };
    let crashes = 0;
    let interrupted = 0;
    let diagnose = false;
    for (;;) {
      let result: GuestResult;
      try {
        result = await this.sandbox.handle(diagnose ? { ...request, diagnose } : request);
      } catch (err) {
        if (!(err instanceof SandboxInterrupted)) throw err;
        if (err.reason === "crash") {
          await this.reboot();
          if (++crashes > 1)
            throw new ActionError(
              "failed",
              `the rules' sandbox could not complete this act (${err.message}); nothing was recorded. Try again; if it persists, a rule's code is at fault.`,
            );
          continue;
        }
        // Out of memory: the heap holds what earlier acts left (garbage QuickJS has not yet
        // collected), so every run after it starts in a fresh sandbox, where what runs out is
        // this act's alone, and the same in a replay.
        if (err.reason === "memory" || !this.sandbox.alive) await this.reboot();
        if (++interrupted > limits.interruptedRuns)
          throw new ActionError("failed", `the rules' code was stopped ${interrupted} times in this act (last: ${err.message}); nothing was recorded.`);
        if (!diagnose) {
          diagnose = true;
          continue;
        }
        diagnose = false;
        const rule = err.culprit?.rule;
        if (rule === undefined || request.disabled[rule] !== undefined) {
          throw new ActionError(
            "failed",
            `the rules' code ${err.message} in this act, and no single rule's code could be blamed for it; nothing was recorded.`,
          );
        }
        request.disabled[rule] = { error: err.message, during: err.culprit?.during ?? "act" };
        continue;
      }
      // The sandbox may be compromised: nothing it returns is recorded unchecked.
      const untrusted = checkGuestResult(request, this.current, result);
      if (untrusted) {
        await this.reboot();
        throw new ActionError("failed", untrusted);
      }
      if (result.ok) {
        const act: Act = { seq, time, seed: request.seed, input, effects: result.effects };
        const stopped = Object.entries(request.disabled).map(([rule, d]) => [rule, typeof d === "string" ? { error: d, during: "act" } : d] as const);
        if (stopped.length) act.stopped = Object.fromEntries(stopped);
        let failed: ActOutcome["failed"] = null;
        if (input.kind === "action") {
          const f = result.effects.find((e) => e.e === "rule.failed" && e.during === `action ${input.name}`);
          if (f && f.e === "rule.failed") failed = { rule: f.rule, error: f.error };
        }
        return { act, failed };
      }
      if ("refused" in result) throw new ActionError("refused", result.rule === null ? result.refused : `Rule ${result.rule}: ${result.refused}`, result.rule);
      throw new Error(`the rule runtime failed on act ${seq}: ${result.error}`);
    }
  }

  private async reboot(): Promise<void> {
    // A game closed while a question was on its way (a server unloading it) must not start a worker nobody would stop.
    if (this.closed) throw new Error(`game ${this.info.id} was closed; load it again to play on`);
    this.sandbox.dispose();
    this.sandbox = await bootedSandbox(this.options, this.current);
  }
}
