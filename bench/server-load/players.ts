/** The players: set up games, take turns (propose, vote), read the game's page, and recover from refusals. */
import { performance } from "node:perf_hooks";
import { Scheduler, type Work } from "./scheduler.js";
import type { Recorder } from "./stats.js";
import { moverIn, type Effect, type ProposalValue, type Table } from "./table.js";
import type { ActAnswer, Answer, Seat, Transport } from "./transport.js";

export class Bench {
  readonly scheduler: Scheduler;
  rec: Recorder;
  /** Set when the run is over: replies still coming in change nothing. */
  stopped = false;
  /** When each action and read was answered OK, whichever phase it was scheduled in (performance.now() ms). */
  readonly served = { actions: [] as number[], reads: [] as number[] };

  constructor(
    readonly transport: Transport,
    readonly tables: Table[],
    warmup: Recorder,
  ) {
    this.rec = warmup;
    this.scheduler = new Scheduler((work, scheduled, rec) => void this.act(work, scheduled, rec));
  }

  // -- setting up a game (at the start, and again whenever a game has been won) --

  async newGame(table: Table, rec: Recorder | null): Promise<void> {
    const [owner, ...others] = table.accounts;
    const timed = async <A extends Answer>(what: string, request: () => Promise<A>): Promise<A> => {
      const sent = performance.now();
      let answer: A;
      try {
        answer = await request();
      } catch (err) {
        rec?.other.fail();
        throw err;
      }
      rec?.other.record(sent, sent, answer.status, answer.bytes);
      if (answer.error) throw new Error(`${what}: ${answer.status} ${answer.error.slice(0, 300)}`);
      return answer;
    };
    table.generation++;
    const { game } = await timed(`creating a game as ${owner!.username}`, () =>
      this.transport.createGame(owner!, `Bench game ${table.index + 1}.${table.generation}`),
    );
    const seats: Seat[] = [{ account: owner!, player: game!.me }];
    await Promise.all(
      others.map(async (account, i) => {
        const { me } = await timed(`joining as ${account.username}`, () => this.transport.join(account, game!.ticket));
        seats[i + 1] = { account, player: me! };
      }),
    );
    const started = await timed("starting the game", () => this.transport.act(seats[0]!, game!.id, "start", {}));
    table.id = game!.id;
    table.seats = seats;
    table.turn = 0;
    table.toRepeal = null;
    table.mover = moverIn(started.effects ?? []);
    if (!table.mover) throw new Error(`game ${game!.id}: starting named nobody to move`);
  }

  /** A game was won: its players start another (counted under "other"), then play on. */
  async replace(table: Table): Promise<void> {
    if (this.stopped) return;
    const rec = this.rec;
    rec.gamesWon++;
    try {
      await this.newGame(table, rec);
      this.scheduler.offer({ table, kind: "propose" });
    } catch (err) {
      table.dead = true;
      if (!this.stopped) console.error(`table ${table.index + 1}: could not start a new game: ${(err as Error).message}`);
    }
  }

  /** After a refusal or a surprise: read the game and carry on from what it says. */
  async resync(table: Table, attempt = 0): Promise<void> {
    if (this.stopped) return;
    const rec = this.rec;
    const sent = performance.now();
    let answer: Awaited<ReturnType<Transport["facts"]>>;
    try {
      answer = await this.transport.facts(table.seats[0]!, table.id);
      rec.other.record(sent, sent, answer.status, answer.bytes);
    } catch (err) {
      answer = { status: 0, bytes: 0, error: (err as Error).message };
      rec.other.fail();
    }
    const facts = answer.facts;
    if (!facts) {
      if (!this.stopped) console.error(`table ${table.index + 1}: cannot read its game: ${answer.error}`);
      table.dead = true;
      return;
    }
    if (facts.status === "over") return void this.replace(table);
    const { turn } = facts;
    const open = Object.values(facts.proposals).find((p) => p.status === "voting");
    const mutable = facts.mutable.filter((n) => n > 213);
    table.toRepeal = mutable.length ? Math.max(...mutable) : null;
    if (open) {
      this.openVote(
        table,
        open.number,
        table.seats.filter((s) => open.votes[s.player] === undefined),
      );
    } else if (turn.player && !turn.proposed && !turn.waiting) {
      table.mover = turn.player;
      this.scheduler.offer({ table, kind: "propose" });
    } else if (attempt < 20) {
      setTimeout(() => void this.resync(table, attempt + 1), 250);
    } else {
      const statuses = Object.values(facts.proposals).map((p) => `${p.number} ${p.status}`);
      console.error(`table ${table.index + 1}: stuck (turn ${JSON.stringify(turn)}; proposals: ${statuses.join(", ") || "none"}); leaving it`);
      table.dead = true;
    }
  }

  // -- playing --

  private async act(work: Work, scheduled: number, rec: Recorder): Promise<void> {
    const { table } = work;
    let action: string;
    let input: unknown;
    let seat: Seat;
    if (work.kind === "propose") {
      seat = table.seatOf(table.mover!)!;
      table.plan = table.turn % 4 === 0 ? "enact" : table.turn % 4 === 1 && table.toRepeal !== null ? "repeal" : table.turn % 4 === 1 ? "enact" : "defeat";
      const change =
        table.plan === "repeal"
          ? { kind: "repeal", rule: table.toRepeal }
          : { kind: "enact", text: `Bench rule of game ${table.index + 1}, turn ${table.turn + 1}: players keep their arguments short.` };
      action = "propose";
      input = { change };
    } else {
      seat = work.seat;
      action = "vote";
      input = { proposal: table.proposal, vote: work.vote };
    }
    const sent = performance.now();
    this.scheduler.inFlight++;
    this.scheduler.maxInFlight = Math.max(this.scheduler.maxInFlight, this.scheduler.inFlight);
    rec.inFlight.actions++;
    let answer: ActAnswer | null = null;
    let failure: unknown;
    try {
      answer = await this.transport.act(seat, table.id, action, input);
    } catch (err) {
      failure = err;
    }
    this.scheduler.inFlight--;
    // A reply after the run ended (the server stopped under it) is not counted: the request stays unanswered.
    if (this.stopped) return;
    rec.inFlight.actions--;
    if (answer) {
      rec.actions.record(scheduled, sent, answer.status, answer.bytes, answer.timing);
      if (answer.status === 200) this.served.actions.push(performance.now());
      else rec.refusal(`${action}: ${answer.status} ${answer.error}`);
    } else {
      rec.actions.fail();
      rec.refusal(`${action}: ${(failure as Error).message}`);
    }
    const effects = answer?.status === 200 ? (answer.effects ?? []) : null;
    if (work.kind === "propose") this.proposed(table, effects, rec);
    else this.voted(table, effects, rec);
  }

  private proposed(table: Table, effects: Effect[] | null, rec: Recorder): void {
    const opened = effects?.find((e) => e.e === "state.set" && e.name === "proposals" && (e.value as ProposalValue).status === "voting");
    if (!opened) return void this.resync(table);
    rec.proposals++;
    table.turn++;
    this.openVote(table, (opened.value as ProposalValue).number, table.seats);
  }

  private openVote(table: Table, proposal: number, voters: Seat[]): void {
    table.proposal = proposal;
    table.votesLeft = voters.length;
    table.voteReplies = [];
    const proposer = table.mover;
    for (const seat of voters) {
      const vote = table.plan !== "defeat" || seat.player === proposer ? "for" : "against";
      this.scheduler.offer({ table, kind: "vote", seat, vote });
    }
  }

  private voted(table: Table, effects: Effect[] | null, rec: Recorder): void {
    table.voteReplies.push(effects);
    if (--table.votesLeft > 0) return;
    if (table.voteReplies.some((r) => r === null)) return void this.resync(table);
    const all = table.voteReplies.flatMap((r) => r!);
    const closed = all.find((e) => e.e === "state.set" && e.name === "proposals" && ["adopted", "defeated"].includes((e.value as ProposalValue).status));
    if ((closed?.value as ProposalValue | undefined)?.status === "adopted") rec.adopted++;
    else if (closed) rec.defeated++;
    for (const e of all) {
      if (e.e === "rule.enacted") table.toRepeal = (e.rule as { number: number }).number;
      if (e.e === "rule.repealed" && e.number === table.toRepeal) table.toRepeal = null;
    }
    if (all.some((e) => e.e === "game.ended")) return void this.replace(table);
    const next = moverIn(all);
    if (!next) return void this.resync(table);
    table.mover = next;
    this.scheduler.offer({ table, kind: "propose" });
  }

  async read(scheduled: number, rec: Recorder): Promise<void> {
    rec.scheduledReads++;
    const live = this.tables.filter((t) => !t.dead && t.seats.length);
    const table = live[Math.floor(Math.random() * live.length)];
    if (!table) return;
    const seat = table.seats[Math.floor(Math.random() * table.seats.length)]!;
    rec.lag.push(performance.now() - scheduled);
    const sent = performance.now();
    rec.inFlight.reads++;
    try {
      const answer = await this.transport.read(seat, table.id);
      if (this.stopped) return;
      rec.reads.record(scheduled, sent, answer.status, answer.bytes, answer.timing);
      if (answer.status === 200) this.served.reads.push(performance.now());
    } catch (err) {
      if (this.stopped) return;
      rec.reads.fail();
      rec.refusal(`read: ${(err as Error).message}`);
    }
    rec.inFlight.reads--;
  }
}
