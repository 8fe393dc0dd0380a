/**
 * A game in a game file on this machine: the kernel's `Game` over the store. Whoever keeps
 * the file may act as any player (--as) and record corrections as the game's host.
 */
import type { Standing } from "../kernel/availability.js";
import { openDecisions } from "../kernel/decisions.js";
import { fireAllDueTimers, type EngineOptions, type Game } from "../kernel/game.js";
import type { ClockMove } from "../kernel/practice-clock.js";
import type { Correction, Json, Recorder } from "../kernel/types.js";
import { viewFor, visibleEffects, visibleInput, visibleLog } from "../kernel/visibility.js";
import { permissionsOf } from "../present/permissions.js";
import { buildRecord, type RecordKind } from "../records/documents.js";
import { MomentError, momentOf } from "../records/moment.js";
import { asOf } from "../records/reports/as-of.js";
import { loadPreset } from "../ruleset-sources/presets.js";
import { playerNames, UsageError } from "./context.js";
import type { ActOutcome, ClockOutcome, GameSession, Moment, RuleBook } from "./session.js";

export class LocalSession implements GameSession {
  /** `as`: the player who acts and views (null: the public view; corrections by the host). */
  constructor(
    private readonly g: Game,
    private readonly engine: EngineOptions,
    private readonly as: string | null,
  ) {}

  get game(): string {
    return this.g.id;
  }

  /** The viewer --as names, who must be (or have been) a player: no view is made for a stranger. */
  private viewer(): string | null {
    const { players, departed } = this.g.state;
    if (this.as !== null && ![...players, ...departed].some((p) => p.id === this.as)) {
      throw new UsageError(`"${this.as}" is not a player in this game; the players are: ${players.map((p) => p.id).join(", ") || "none yet"}`, "not-a-player");
    }
    return this.as;
  }

  /** The player acting; commands that act require --as, so it is there. */
  private actor(): string {
    if (this.as === null) throw new UsageError("say who acts: --as <player>");
    return this.as;
  }

  async act(action: string, input: unknown): Promise<ActOutcome> {
    const actor = this.actor();
    const outcome = await this.g.act(actor, action, input as Json);
    return { seq: outcome.act.seq, actor, failed: outcome.failed, effects: visibleEffects(this.g.state, outcome.act, actor) };
  }

  async decisions() {
    return openDecisions(this.g.state).map(({ data: _data, ...d }) => d);
  }

  async decide(id: string, input: unknown): Promise<ActOutcome> {
    const actor = this.actor();
    const outcome = await this.g.decide(actor, id, input);
    return { seq: outcome.act.seq, actor, failed: outcome.failed, effects: visibleEffects(this.g.state, outcome.act, actor) };
  }

  async view() {
    return viewFor(this.g.state, this.viewer());
  }

  async departed() {
    return this.g.state.departed;
  }

  async names() {
    return playerNames(this.g);
  }

  async actions() {
    const viewer = this.viewer();
    // Without a player (no --as) there is no one for the rules to refuse.
    const refused: Standing["refused"] = viewer === null ? {} : (await this.g.standing(viewer)).refused;
    return this.g.actions().map((a) => ({ ...a, refused: refused[a.name] ?? null }));
  }

  async awaits() {
    return (await this.g.standing(null)).awaits;
  }

  async rules(): Promise<RuleBook> {
    // As every viewer reads them: declared property defaults and status included (viewFor).
    const current = viewFor(this.g.state, null).rules.map((r) => ({ ...r, permissions: permissionsOf(this.g.state, r.number) }));
    return { current, repealed: this.g.state.repealed };
  }

  async log(limit?: number) {
    const viewer = this.viewer();
    const from = limit ? Math.max(0, this.g.state.seq - limit) : 0;
    // As the server's log: values the viewer may not see are left out of inputs and events too.
    return visibleLog(this.g.state, await this.engine.store.readActs(this.g.id, from), viewer);
  }

  async record(kind: RecordKind, moment: Moment) {
    const viewer = this.viewer();
    const log = await this.engine.store.readActs(this.g.id);
    let seq: number;
    try {
      seq = momentOf(log, moment, this.g.state.seq);
    } catch (err) {
      if (err instanceof MomentError) throw new UsageError(err.message);
      throw err;
    }
    const { acts, state } = asOf(log, seq);
    const title = this.presetTitle();
    return buildRecord(kind, { acts, state, viewer, ...(title !== undefined ? { presetTitle: title } : {}) });
  }

  private presetTitle(): string | undefined {
    try {
      return this.g.info.preset ? loadPreset(this.g.info.preset).info.title : undefined;
    } catch {
      return undefined; // a preset this build does not ship: its name stands in
    }
  }

  /** Without --as the correction is the host's: whoever keeps the game file runs the game. */
  async correct(correction: Correction, asHost: boolean) {
    const by: Recorder = asHost || this.as === null ? { host: true } : { player: this.as };
    const { act } = await this.g.correct(by, correction);
    // An officer sees what they may of their own correction (they might set a value hidden from them); the host sees all.
    const shown = "player" in by ? visibleInput(this.g.state, act.input, by.player) : act.input;
    return { seq: act.seq, correction: shown, status: this.g.state.status, result: this.g.state.result };
  }

  /** The timers the move passes fire at once, as they do when a game file is opened. */
  async moveClock(move: ClockMove): Promise<ClockOutcome> {
    const { act } = await this.g.moveClock(this.actor(), move);
    const fired = (await fireAllDueTimers(this.g)).length;
    if (act.input.kind !== "clock") throw new Error("the engine recorded another act than the clock's move");
    return { seq: act.seq, forwardMs: act.input.forwardMs, aheadMs: act.input.aheadMs, fired };
  }

  async leave(): Promise<number> {
    return (await this.g.leave(this.actor())).act.seq;
  }
}
