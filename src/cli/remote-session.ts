/**
 * A game on a Nomos server, through its HTTP API, as the signed-in user's player: the
 * server decides who acts and filters every reply for that player. What a view leaves out
 * (departed players) is folded from the player's own log.
 */
import type { Correction } from "../kernel/types.js";
import type { RecordDocument, RecordKind } from "../records/documents.js";
import { personNames } from "../present/person-names.js";
import { foldLog, gamePath, getPage, readLog, type ActReply, type GamePage, type LogEntry } from "./remote/api.js";
import type { RemoteClient } from "./remote/client.js";
import type { ClockReply } from "../api/clock.js";
import type { ClockMove } from "../kernel/practice-clock.js";
import type { ActOutcome, ClockOutcome, CorrectionOutcome, GameSession, Moment, RuleBook } from "./session.js";

export class RemoteSession implements GameSession {
  // Fetched once per command, and again after the command changes the game.
  private page: Promise<GamePage> | undefined;
  private entries: Promise<LogEntry[]> | undefined;

  constructor(
    private readonly client: RemoteClient,
    readonly game: string,
  ) {}

  private fetchPage(): Promise<GamePage> {
    return (this.page ??= getPage(this.client, this.game));
  }

  private fullLog(): Promise<LogEntry[]> {
    return (this.entries ??= readLog(this.client, this.game));
  }

  private changed(): void {
    this.page = undefined;
    this.entries = undefined;
  }

  async act(action: string, input: unknown): Promise<ActOutcome> {
    const reply = await this.client.post<ActReply>(gamePath(this.game, "/act"), { action, input });
    this.changed();
    const recorded = reply.entry.input;
    return { seq: reply.seq, actor: recorded.kind === "action" ? recorded.actor : null, failed: reply.failed, effects: reply.entry.effects };
  }

  async decisions() {
    return (await this.fetchPage()).decisions;
  }

  async decide(id: string, input: unknown): Promise<ActOutcome> {
    const reply = await this.client.post<ActReply>(gamePath(this.game, `/decisions/${encodeURIComponent(id)}`), { input });
    this.changed();
    const recorded = reply.entry.input;
    return { seq: reply.seq, actor: recorded.kind === "decision" ? recorded.by : null, failed: reply.failed, effects: reply.entry.effects };
  }

  async view() {
    return (await this.fetchPage()).view;
  }

  async timeZone() {
    return (await this.fetchPage()).timeZone;
  }

  async departed() {
    const [view, log] = await Promise.all([this.view(), this.fullLog()]);
    return foldLog(log.filter((e) => e.seq <= view.seq)).departed;
  }

  async names() {
    // Names as they are now, departed players' included: the log has every arrival and departure.
    const folded = foldLog(await this.fullLog());
    return personNames(folded);
  }

  async actions() {
    return (await this.fetchPage()).actions;
  }

  async awaits() {
    return (await this.fetchPage()).awaits;
  }

  async rules(): Promise<RuleBook> {
    const page = await this.fetchPage();
    return { current: page.view.rules, repealed: page.repealed };
  }

  async log(limit?: number) {
    const entries = await this.fullLog();
    return limit ? entries.slice(-limit) : entries;
  }

  async record(kind: RecordKind, moment: Moment) {
    const query = new URLSearchParams({ format: "json" });
    if (moment.seq !== undefined) query.set("seq", String(moment.seq));
    if (moment.time !== undefined) query.set("time", moment.time);
    const path = kind === "ruleset" || kind === "full-ruleset" ? `/ruleset?full=${kind === "full-ruleset"}&` : `/reports/${kind}?`;
    return this.client.get<RecordDocument>(`${gamePath(this.game, path)}${query}`);
  }

  async correct(correction: Correction, asHost: boolean): Promise<CorrectionOutcome> {
    const reply = await this.client.post<{ seq: number; entry: LogEntry }>(gamePath(this.game, "/corrections"), {
      ...correction,
      ...(asHost ? { asHost: true } : {}),
    });
    this.changed();
    // The correction is recorded whatever happens here: a failure to fetch the game after it must not read as a failure.
    const view = await this.view().catch(() => null);
    return { seq: reply.seq, correction: reply.entry.input, status: view?.status ?? null, result: view?.result ?? null };
  }

  async moveClock(move: ClockMove): Promise<ClockOutcome> {
    const body = "toNextDeadline" in move ? move : { forward: move.forwardMs };
    const reply = await this.client.post<ClockReply>(gamePath(this.game, "/clock"), body);
    this.changed();
    const input = reply.entry.input;
    return { seq: reply.seq, forwardMs: input.kind === "clock" ? input.forwardMs : 0, aheadMs: reply.practice.aheadMs, fired: reply.fired };
  }

  async leave(): Promise<number> {
    const reply = await this.client.post<{ seq: number }>(gamePath(this.game, "/leave"), {});
    this.changed();
    return reply.seq;
  }
}
