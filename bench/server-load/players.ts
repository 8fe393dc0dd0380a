/** The players: set up games, take turns (propose, vote), read the game's page, and recover from refusals. */
import { performance } from "node:perf_hooks";
import type { Http, Reply, Session } from "./http-client.js";
import { Scheduler, type Work } from "./scheduler.js";
import type { Recorder } from "./stats.js";
import { effectsOf, errorMessage, moverIn, type ProposalValue, type Seat, type Table, type TurnValue } from "./table.js";

export class Bench {
  readonly scheduler: Scheduler;
  rec: Recorder;
  /** Set when the run is over: replies still coming in change nothing. */
  stopped = false;

  constructor(
    readonly client: Http,
    readonly tables: Table[],
    warmup: Recorder,
  ) {
    this.rec = warmup;
    this.scheduler = new Scheduler((work, scheduled, rec) => void this.act(work, scheduled, rec));
  }

  // -- setting up a game (at the start, and again whenever a game has been won) --

  async newGame(table: Table, rec: Recorder | null): Promise<void> {
    const owner = table.sessions[0]!;
    const timed = async (method: string, path: string, session: Session, body?: unknown): Promise<Reply> => {
      const sent = performance.now();
      try {
        const reply = await this.client.request(method, path, session, body);
        rec?.other.record(sent, sent, reply.status, reply.bytes);
        if (reply.status >= 300) throw new Error(`${method} ${path} as ${session.username}: ${reply.status} ${reply.body.slice(0, 300)}`);
        return reply;
      } catch (err) {
        if (!(err instanceof Error && err.message.includes(" as "))) rec?.other.fail();
        throw err;
      }
    };
    table.generation++;
    const created = JSON.parse(
      (await timed("POST", "/api/games", owner, { name: `Bench game ${table.index + 1}.${table.generation}`, preset: "suber" })).body,
    ) as { id: string; invite: string; me: string };
    const seats: Seat[] = [{ session: owner, name: table.names[0]!, player: created.me }];
    await Promise.all(
      table.sessions.slice(1).map(async (session, i) => {
        const joined = JSON.parse((await timed("POST", `/api/invites/${created.invite}/join`, session, {})).body) as { me: string };
        seats[i + 1] = { session, name: table.names[i + 1]!, player: joined.me };
      }),
    );
    const started = await timed("POST", `/api/games/${created.id}/act`, owner, { action: "start", input: {} });
    table.id = created.id;
    table.invite = created.invite;
    table.seats = seats;
    table.turn = 0;
    table.toRepeal = null;
    table.mover = moverIn(effectsOf(started.body));
    if (!table.mover) throw new Error(`game ${created.id}: starting named nobody to move`);
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
    const owner = table.seats[0]!;
    const sent = performance.now();
    let reply: Reply;
    try {
      reply = await this.client.request("GET", `/api/games/${table.id}`, owner.session);
      rec.other.record(sent, sent, reply.status, reply.bytes);
    } catch (err) {
      rec.other.fail();
      if (!this.stopped) console.error(`table ${table.index + 1}: cannot read its game: ${(err as Error).message}`);
      table.dead = true;
      return;
    }
    const page = JSON.parse(reply.body) as { view: { status: string; state: { name: string; value: unknown }[] } };
    // The rules come apart from the page (GET .../rules).
    const { rules } = JSON.parse((await this.client.request("GET", `/api/games/${table.id}/rules`, owner.session)).body) as {
      rules: { number: number; mutable: boolean }[];
    };
    if (page.view.status === "over") return void this.replace(table);
    const value = (name: string) => page.view.state.find((s) => s.name === name)?.value;
    const turn = value("turn") as TurnValue;
    const open = Object.values((value("proposals") ?? {}) as Record<string, ProposalValue>).find((p) => p.status === "voting");
    const mutable = rules.filter((r) => r.mutable && r.number > 213).map((r) => r.number);
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
      console.error(`table ${table.index + 1}: stuck (turn ${JSON.stringify(turn)}); leaving it`);
      table.dead = true;
    }
  }

  // -- playing --

  private async act(work: Work, scheduled: number, rec: Recorder): Promise<void> {
    const { table } = work;
    let body: { action: string; input: unknown };
    let seat: Seat;
    if (work.kind === "propose") {
      seat = table.seatOf(table.mover!)!;
      table.plan = table.turn % 4 === 0 ? "enact" : table.turn % 4 === 1 && table.toRepeal !== null ? "repeal" : table.turn % 4 === 1 ? "enact" : "defeat";
      const change =
        table.plan === "repeal"
          ? { kind: "repeal", rule: table.toRepeal }
          : { kind: "enact", text: `Bench rule of game ${table.index + 1}, turn ${table.turn + 1}: players keep their arguments short.` };
      body = { action: "propose", input: { change } };
    } else {
      seat = work.seat;
      body = { action: "vote", input: { proposal: table.proposal, vote: work.vote } };
    }
    const sent = performance.now();
    this.scheduler.inFlight++;
    this.scheduler.maxInFlight = Math.max(this.scheduler.maxInFlight, this.scheduler.inFlight);
    let reply: Reply | null = null;
    try {
      reply = await this.client.request("POST", `/api/games/${table.id}/act`, seat.session, body);
      rec.actions.record(scheduled, sent, reply.status, reply.bytes, reply.timing);
      if (reply.status !== 200) rec.refusal(`${body.action}: ${reply.status} ${errorMessage(reply.body)}`);
    } catch (err) {
      rec.actions.fail();
      rec.refusal(`${body.action}: ${(err as Error).message}`);
    } finally {
      this.scheduler.inFlight--;
    }
    if (this.stopped) return;
    if (work.kind === "propose") this.proposed(table, reply, rec);
    else this.voted(table, reply, rec);
  }

  private proposed(table: Table, reply: Reply | null, rec: Recorder): void {
    if (reply?.status !== 200) return void this.resync(table);
    const opened = effectsOf(reply.body).find((e) => e.e === "state.set" && e.name === "proposals" && (e.value as ProposalValue).status === "voting");
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

  private voted(table: Table, reply: Reply | null, rec: Recorder): void {
    table.voteReplies.push(reply?.status === 200 ? effectsOf(reply.body) : null);
    if (--table.votesLeft > 0) return;
    if (table.voteReplies.some((r) => r === null)) return void this.resync(table);
    const effects = table.voteReplies.flatMap((r) => r!);
    const closed = effects.find((e) => e.e === "state.set" && e.name === "proposals" && ["adopted", "defeated"].includes((e.value as ProposalValue).status));
    if ((closed?.value as ProposalValue | undefined)?.status === "adopted") rec.adopted++;
    else if (closed) rec.defeated++;
    for (const e of effects) {
      if (e.e === "rule.enacted") table.toRepeal = (e.rule as { number: number }).number;
      if (e.e === "rule.repealed" && e.number === table.toRepeal) table.toRepeal = null;
    }
    if (effects.some((e) => e.e === "game.ended")) return void this.replace(table);
    const next = moverIn(effects);
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
    try {
      const reply = await this.client.request("GET", `/api/games/${table.id}`, seat.session, undefined, false);
      rec.reads.record(scheduled, sent, reply.status, reply.bytes, reply.timing);
    } catch (err) {
      rec.reads.fail();
      rec.refusal(`read: ${(err as Error).message}`);
    }
  }
}
