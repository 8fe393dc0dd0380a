/**
 * Load benchmark of the HTTP server on loopback: a real server in its own process, on a
 * fresh SQLite file with the default durability ("full": every act synced to disk), and
 * 20 games × 10 signed-in players taking real turns (the mover proposes, everyone votes,
 * the turn passes) and reading the game's page. Requests arrive on a fixed schedule (open
 * loop: a slow reply does not delay the next request), and each request's latency is
 * counted from when it was scheduled, so queueing behind a slow reply is counted too.
 * Prints throughput and p50/p99 latency; asserts nothing.
 *
 *   npm run bench:server [-- --rate 500 --duration 30]
 *   BENCH_QUICK=1 npm run bench:server            # smoke test: 2 games × 3 players, 3 s
 *
 * Options (or env BENCH_<NAME>, e.g. BENCH_RATE=800):
 *   --rate <n>          actions (POST act) per second to schedule         (500; quick 40)
 *   --reads <n>         reads (GET /api/games/:id) scheduled per action    (1)
 *   --duration <s>      measured phase                                     (30; quick 3)
 *   --warmup <s>        unmeasured phase before it, same load              (5; quick 1)
 *   --games <n>, --players <n>                                             (20, 10; quick 2, 3)
 *   --durability full|process                                              (full)
 *   --cpu-prof <dir>    write a V8 CPU profile of the server process there
 *   BENCH_DEBUG=1       also list the slowest requests, with when their connection was made and accepted
 *
 * Turns cycle through: enact a rule (adopted), repeal it (adopted), then two proposals that
 * only their proposer votes for (defeated), which keeps the ruleset under Rule 209's cap.
 * Actions are handed out in the order the games make them possible: an arrival that finds
 * every game waiting on a reply waits too, and that wait counts in its latency. A game
 * that is won is replaced by a new one for the same players (those requests are "other").
 *
 * The same file, run with `--serve <db> <durability>`, is the server process.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = fileURLToPath(import.meta.url);
const root = resolve(dirname(here), "..");

// ---- the server process ------------------------------------------------------------------

type Durability = "full" | "process";

interface ServerReport {
  kind: "report";
  seconds: number;
  cpuUser: number;
  cpuSystem: number;
  elu: number;
  delayP50: number;
  delayP99: number;
  delayMax: number;
  rss: number;
  heapUsed: number;
  /** Seconds the server's main thread was ready to run but waiting for a CPU (from /proc). */
  cpuWait?: number;
}

/** Runs the server until its stdin closes; answers "mark" (start measuring) and "report" on stdin. */
async function serve(db: string, durability: Durability): Promise<void> {
  const { buildServer } = await import("../src/server/app.js");
  const app = await buildServer({ db, durability, authRateLimit: 1_000_000 });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  const say = (message: object) => process.stdout.write(JSON.stringify(message) + "\n");
  // Samples every 1 ms; what it records beyond that 1 ms is the loop's delay.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let elu = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  let t0 = performance.now();
  // Debugging aid: when each connection was accepted, and when each request's head arrived (epoch ms), by client port.
  const accepted = new Map<number, number[]>();
  if (process.env.BENCH_DEBUG) {
    app.server.on("connection", (socket: import("node:net").Socket) => accepted.set(socket.remotePort ?? 0, [Date.now()]));
    app.server.on("request", (req: import("node:http").IncomingMessage) => accepted.get(req.socket.remotePort ?? 0)?.push(Date.now()));
  }
  say({ kind: "ready", url, pid: process.pid });
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line === "mark") {
      delay.reset();
      delay.enable();
      elu = performance.eventLoopUtilization();
      cpu = process.cpuUsage();
      t0 = performance.now();
    } else if (line === "report") {
      const used = process.cpuUsage(cpu);
      const memory = process.memoryUsage();
      const report: ServerReport = {
        kind: "report",
        seconds: (performance.now() - t0) / 1000,
        cpuUser: used.user / 1e6,
        cpuSystem: used.system / 1e6,
        elu: performance.eventLoopUtilization(elu).utilization,
        delayP50: Math.max(0, delay.percentile(50) / 1e6 - 1),
        delayP99: Math.max(0, delay.percentile(99) / 1e6 - 1),
        delayMax: Math.max(0, delay.max / 1e6 - 1),
        rss: memory.rss,
        heapUsed: memory.heapUsed,
      };
      if (process.env.BENCH_DEBUG) (report as unknown as { accepted: object }).accepted = Object.fromEntries(accepted);
      say(report);
    }
  });
  // The bench closes stdin to stop the server (and so does its death).
  lines.on("close", () => {
    void app.close().finally(() => process.exit(0));
  });
}

// ---- the load generator --------------------------------------------------------------------

interface Options {
  quick: boolean;
  rate: number;
  reads: number;
  duration: number;
  warmup: number;
  games: number;
  players: number;
  durability: Durability;
  cpuProf: string | undefined;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      rate: { type: "string" },
      reads: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      games: { type: "string" },
      players: { type: "string" },
      durability: { type: "string" },
      "cpu-prof": { type: "string" },
      quick: { type: "boolean" },
    },
  });
  const quick = values.quick === true || (process.env.BENCH_QUICK ?? "") === "1";
  const pick = (name: keyof typeof values, env: string, full: number, smoke: number): number => {
    const given = (values[name] as string | undefined) ?? process.env[`BENCH_${env}`];
    const n = given === undefined ? (quick ? smoke : full) : Number(given);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number, not "${given}"`);
    return n;
  };
  const durability = values.durability ?? process.env.BENCH_DURABILITY ?? "full";
  if (durability !== "full" && durability !== "process") throw new Error(`--durability is "full" or "process", not "${durability}"`);
  const o: Options = {
    quick,
    rate: pick("rate", "RATE", 500, 40),
    reads: pick("reads", "READS", 1, 1),
    duration: pick("duration", "DURATION", 30, 3),
    warmup: pick("warmup", "WARMUP", 5, 1),
    games: Math.round(pick("games", "GAMES", 20, 2)),
    players: Math.round(pick("players", "PLAYERS", 10, 3)),
    durability,
    cpuProf: values["cpu-prof"] ?? process.env.BENCH_CPU_PROF,
  };
  if (o.rate <= 0 || o.duration <= 0 || o.games < 1 || o.players < 2) throw new Error("need a positive rate and duration, at least 1 game and 2 players");
  return o;
}

// ---- the server, as a child process ----------------------------------------------------------

class ServerProcess {
  private readonly waiting: ((message: Record<string, unknown>) => void)[] = [];
  private exited: Promise<void>;

  private constructor(readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        console.log(`[server] ${line}`);
        return;
      }
      this.waiting.shift()?.(message);
    });
    this.exited = new Promise((done) => child.once("exit", () => done()));
  }

  static async start(db: string, durability: Durability, cpuProf: string | undefined): Promise<{ server: ServerProcess; url: string }> {
    const profile = cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${resolve(cpuProf)}`] : [];
    const child = spawn(process.execPath, ["--import", "tsx", ...profile, here, "--serve", db, durability], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
    const server = new ServerProcess(child);
    const failed = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the server exited (code ${code}) before it was ready`))));
    const ready = await Promise.race([server.next(), failed]);
    return { server, url: String(ready.url) };
  }

  get pid(): number {
    return this.child.pid!;
  }

  private next(): Promise<Record<string, unknown>> {
    return new Promise((done) => this.waiting.push(done));
  }

  private waitedAtMark: number | undefined;

  mark(): void {
    this.child.stdin!.write("mark\n");
    this.waitedAtMark = this.runQueueWait();
  }

  async report(): Promise<ServerReport> {
    const reply = this.next();
    this.child.stdin!.write("report\n");
    const report = (await reply) as unknown as ServerReport;
    const waited = this.runQueueWait();
    if (waited !== undefined && this.waitedAtMark !== undefined) report.cpuWait = waited - this.waitedAtMark;
    return report;
  }

  /** Seconds the main thread has spent runnable but not running (the second field of schedstat). */
  private runQueueWait(): number | undefined {
    try {
      const fields = readFileSync(`/proc/${this.pid}/schedstat`, "utf8").trim().split(/\s+/);
      return fields[1] === undefined ? undefined : Number(fields[1]) / 1e9;
    } catch {
      return undefined;
    }
  }

  /** The kernel's high-water mark of the server's resident memory, in bytes. */
  peakRss(): number | undefined {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, "utf8"));
      return match ? Number(match[1]) * 1024 : undefined;
    } catch {
      return undefined;
    }
  }

  /** Closes the server (it writes its CPU profile, if asked, as it exits); kills it if it hangs. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}

// ---- HTTP ------------------------------------------------------------------------------------

interface Session {
  username: string;
  cookie: string;
  csrf: string;
}

interface Reply {
  status: number;
  body: string;
  bytes: number;
  setCookie: string[] | undefined;
  /** When a connection was given to the request, whether it was reused, when the reply's head came (performance.now() ms). */
  timing: { socket: number; reused: boolean; connect: number; head: number; local: number };
}

class Http {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  readonly host: string;
  readonly port: number;

  constructor(url: string) {
    const u = new URL(url);
    this.host = u.hostname;
    this.port = Number(u.port);
  }

  /** One request; `keepBody: false` counts the reply's bytes without keeping them. */
  request(method: string, path: string, session: Session | null, body?: unknown, keepBody = true): Promise<Reply> {
    return new Promise((done, fail) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = {};
      if (session) {
        headers.cookie = session.cookie;
        if (method !== "GET") headers["x-csrf-token"] = session.csrf;
      }
      if (payload !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(payload);
      }
      const timing = { socket: NaN, reused: false, connect: NaN, head: NaN, local: 0 };
      const req = http.request({ host: this.host, port: this.port, method, path, headers, agent: this.agent }, (res) => {
        timing.head = performance.now();
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (keepBody) chunks.push(chunk);
        });
        res.on("end", () => done({ status: res.statusCode ?? 0, body: keepBody ? Buffer.concat(chunks).toString("utf8") : "", bytes, setCookie: res.headers["set-cookie"], timing }));
        res.on("error", fail);
      });
      req.once("socket", (socket) => {
        timing.socket = performance.now();
        timing.reused = req.reusedSocket;
        timing.local = socket.localPort ?? 0;
        if (socket.connecting) {
          socket.once("connect", () => {
            timing.connect = performance.now();
            timing.local = socket.localPort ?? 0;
          });
        }
      });
      req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no reply in 60 s`)));
      req.on("error", fail);
      req.end(payload);
    });
  }
}

async function signup(client: Http, username: string, displayName: string): Promise<Session> {
  const reply = await client.request("POST", "/api/auth/signup", null, { username, password: `${username}-bench-password`, displayName });
  if (reply.status !== 201) throw new Error(`signup of ${username} failed: ${reply.status} ${reply.body}`);
  const cookie = reply.setCookie?.find((c) => c.startsWith("nomos_session="))?.split(";")[0];
  if (!cookie) throw new Error(`signup of ${username} set no session cookie`);
  return { username, cookie, csrf: (JSON.parse(reply.body) as { csrf: string }).csrf };
}

/** Runs `work` on every item, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

// ---- measurements ------------------------------------------------------------------------

class Stats {
  /** From the scheduled start to the end of the reply, ms. */
  readonly latency: number[] = [];
  /** From sending to the end of the reply, ms (what a closed-loop tool would report). */
  readonly service: number[] = [];
  ok = 0;
  refused = 0;
  errors = 0;
  bytes = 0;
  lastDone = 0;

  /** The slowest few: [latency, scheduled, sent, done]. */
  readonly slowest: [number, number, number, number, Reply["timing"] | undefined][] = [];

  record(scheduled: number, sent: number, status: number, bytes: number, timing?: Reply["timing"]): void {
    const now = performance.now();
    if (this.slowest.length < 5 || now - scheduled > this.slowest[this.slowest.length - 1]![0]) {
      this.slowest.push([now - scheduled, scheduled, sent, now, timing]);
      this.slowest.sort((a, b) => b[0] - a[0]);
      this.slowest.length = Math.min(this.slowest.length, 5);
    }
    this.latency.push(now - scheduled);
    this.service.push(now - sent);
    this.bytes += bytes;
    this.lastDone = Math.max(this.lastDone, now);
    if (status >= 200 && status < 300) this.ok++;
    else if (status >= 400 && status < 500) this.refused++;
    else this.errors++;
  }

  fail(): void {
    this.errors++;
    this.lastDone = Math.max(this.lastDone, performance.now());
  }
}

/** Everything measured about the requests scheduled in one phase. */
class Recorder {
  readonly actions = new Stats();
  readonly reads = new Stats();
  /** Requests the players' own bookkeeping needed: new games after a win, re-reading after a refusal. */
  readonly other = new Stats();
  scheduledActions = 0;
  scheduledReads = 0;
  /** Arrivals that found every game waiting on a reply, and so waited for one. */
  waited = 0;
  /** How late the generator sent requests it could send at once, ms. */
  readonly lag: number[] = [];
  proposals = 0;
  adopted = 0;
  defeated = 0;
  gamesWon = 0;
  readonly refusals = new Map<string, number>();

  constructor(readonly name: string, readonly start: number, readonly end: number) {}

  refusal(message: string): void {
    const key = message.slice(0, 140);
    this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// ---- the games -----------------------------------------------------------------------------

interface Seat {
  session: Session;
  name: string;
  player: string;
}

type Effect = { e: string; name?: string; key?: string; value?: unknown; rule?: unknown; number?: number; type?: string };
type Plan = "enact" | "repeal" | "defeat";

interface ProposalValue {
  number: number;
  status: string;
  votes: Record<string, string>;
}
interface TurnValue {
  player: string | null;
  proposed: boolean;
  waiting: string | null;
}

type Work = { table: Table; kind: "propose" } | { table: Table; kind: "vote"; seat: Seat; vote: "for" | "against" };

/**
 * The arrival schedule's meeting point with the games: arrivals take ready actions in the
 * order they became ready; an arrival that finds none waits (its latency still counted
 * from its scheduled time) until a reply makes one ready.
 */
class Scheduler {
  private ready: Work[] = [];
  private readyHead = 0;
  private backlog: { scheduled: number; rec: Recorder }[] = [];
  private backlogHead = 0;
  inFlight = 0;
  maxInFlight = 0;

  constructor(private readonly send: (work: Work, scheduled: number, rec: Recorder) => void) {}

  arrive(scheduled: number, rec: Recorder): void {
    rec.scheduledActions++;
    if (this.readyHead < this.ready.length) {
      const work = this.ready[this.readyHead++]!;
      this.compact();
      rec.lag.push(performance.now() - scheduled);
      this.send(work, scheduled, rec);
    } else {
      rec.waited++;
      this.backlog.push({ scheduled, rec });
    }
  }

  offer(work: Work): void {
    if (this.backlogHead < this.backlog.length) {
      const { scheduled, rec } = this.backlog[this.backlogHead++]!;
      if (this.backlogHead > 1024) {
        this.backlog = this.backlog.slice(this.backlogHead);
        this.backlogHead = 0;
      }
      this.send(work, scheduled, rec);
    } else {
      this.ready.push(work);
    }
  }

  get waiting(): number {
    return this.backlog.length - this.backlogHead;
  }

  /** Arrivals still waiting when the run ends, by phase. */
  unserved(): Map<Recorder, number> {
    const out = new Map<Recorder, number>();
    for (const { rec } of this.backlog.slice(this.backlogHead)) out.set(rec, (out.get(rec) ?? 0) + 1);
    return out;
  }

  private compact(): void {
    if (this.readyHead > 1024) {
      this.ready = this.ready.slice(this.readyHead);
      this.readyHead = 0;
    }
  }
}

/** One game's table: its players, whose turn it is, the vote under way. */
class Table {
  id = "";
  invite = "";
  seats: Seat[] = [];
  mover: string | null = null;
  proposal = 0;
  turn = 0;
  plan: Plan = "enact";
  toRepeal: number | null = null;
  votesLeft = 0;
  voteReplies: (Effect[] | null)[] = [];
  generation = 0;
  dead = false;

  constructor(readonly index: number, readonly sessions: Session[], readonly names: string[]) {}

  seatOf(player: string): Seat | undefined {
    return this.seats.find((s) => s.player === player);
  }
}

function effectsOf(body: string): Effect[] {
  return ((JSON.parse(body) as { entry?: { effects?: Effect[] } }).entry?.effects ?? []) as Effect[];
}

function errorMessage(body: string): string {
  try {
    const e = (JSON.parse(body) as { error?: { code?: string; message?: string } }).error;
    return `${e?.code ?? "?"}: ${e?.message ?? body}`;
  } catch {
    return body.slice(0, 140);
  }
}

class Bench {
  readonly scheduler: Scheduler;
  rec: Recorder;
  /** Set when the run is over: replies still coming in change nothing. */
  stopped = false;

  constructor(readonly client: Http, readonly tables: Table[], warmup: Recorder) {
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
    const created = JSON.parse((await timed("POST", "/api/games", owner, { name: `Bench game ${table.index + 1}.${table.generation}`, preset: "suber" })).body) as { id: string; invite: string; me: string };
    const seats: Seat[] = [{ session: owner, name: table.names[0]!, player: created.me }];
    await Promise.all(
      table.sessions.slice(1).map(async (session, i) => {
        const joined = JSON.parse((await timed("POST", `/api/invites/${created.invite}/join`, session)).body) as { me: string };
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
    const { rules } = JSON.parse((await this.client.request("GET", `/api/games/${table.id}/rules`, owner.session)).body) as { rules: { number: number; mutable: boolean }[] };
    if (page.view.status === "over") return void this.replace(table);
    const value = (name: string) => page.view.state.find((s) => s.name === name)?.value;
    const turn = value("turn") as TurnValue;
    const open = Object.values((value("proposals") ?? {}) as Record<string, ProposalValue>).find((p) => p.status === "voting");
    const mutable = rules.filter((r) => r.mutable && r.number > 213).map((r) => r.number);
    table.toRepeal = mutable.length ? Math.max(...mutable) : null;
    if (open) {
      this.openVote(table, open.number, table.seats.filter((s) => open.votes[s.player] === undefined));
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
      const change = table.plan === "repeal" ? { kind: "repeal", rule: table.toRepeal } : { kind: "enact", text: `Bench rule of game ${table.index + 1}, turn ${table.turn + 1}: players keep their arguments short.` };
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

function moverIn(effects: Effect[]): string | null {
  const turn = effects.filter((e) => e.e === "state.set" && e.name === "turn").at(-1);
  const value = turn?.value as TurnValue | undefined;
  return value && value.player && !value.waiting && !value.proposed ? value.player : null;
}

// ---- the run ---------------------------------------------------------------------------------

/** Sends arrivals on schedule from `start` until `end` (performance.now() ms). */
function drive(bench: Bench, o: Options, start: number, end: number, phase: (scheduled: number) => Recorder): Promise<void> {
  const actionGap = 1000 / o.rate;
  const readGap = o.reads > 0 ? 1000 / (o.rate * o.reads) : Infinity;
  let nextAction = start;
  let nextRead = start + readGap / 2;
  return new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      while (nextAction <= now && nextAction < end) {
        bench.scheduler.arrive(nextAction, phase(nextAction));
        nextAction = start + (Math.round((nextAction - start) / actionGap) + 1) * actionGap;
      }
      while (nextRead <= now && nextRead < end) {
        void bench.read(nextRead, phase(nextRead));
        nextRead += readGap;
      }
      if (nextAction >= end && nextRead >= end) return done();
      // Sleep until the next arrival is due (timers have 1 ms grain, so arrivals go out in
      // small batches; their latency still counts from the scheduled time). Spinning on
      // setImmediate would burn a core the server needs on this 2-core machine.
      const wait = Math.min(nextAction, nextRead) - performance.now();
      setTimeout(tick, Math.max(1, Math.min(wait, 20)));
    };
    tick();
  });
}

/** The share of the last minute some runnable task waited for a CPU (Linux PSI), if the kernel says. */
function cpuPressure(): string {
  try {
    const avg60 = /some avg10=[\d.]+ avg60=([\d.]+)/.exec(readFileSync("/proc/pressure/cpu", "utf8"))?.[1];
    return avg60 === undefined ? "" : `; CPU pressure ${avg60}% (share of the last minute with a task waiting for a CPU)`;
  } catch {
    return "";
  }
}

function mib(bytes: number | undefined): string {
  return bytes === undefined ? "n/a" : `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

function printReport(o: Options, rec: Recorder, server: ServerReport, peakRss: number | undefined, extra: { unserved: number; maxInFlight: number; loadBefore: number[]; loadAfter: number[]; genElu: number; genCpu: NodeJS.CpuUsage }): boolean {
  const seconds = (rec.end - rec.start) / 1000;
  const window = (Math.max(rec.end, rec.actions.lastDone, rec.reads.lastDone) - rec.start) / 1000;
  const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : n === Infinity ? "never" : "-");
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  // Arrivals never served count as infinitely late.
  const row = (label: string, s: Stats, scheduled: number | null, unserved = 0) => {
    const lat = [...s.latency, ...new Array<number>(unserved).fill(Infinity)].sort((a, b) => a - b);
    const svc = [...s.service].sort((a, b) => a - b);
    return [
      label.padEnd(22),
      pad(scheduled ?? "-", 9),
      pad(s.ok, 8),
      pad(fmt(s.ok / window), 8),
      pad(s.refused, 8),
      pad(s.errors, 7),
      pad(fmt(percentile(lat, 50), 2), 8),
      pad(fmt(percentile(lat, 99), 2), 8),
      pad(fmt(lat.at(-1) ?? NaN, 1), 8),
      pad(fmt(percentile(svc, 50), 2), 9),
      pad(fmt(percentile(svc, 99), 2), 9),
    ].join(" ");
  };
  const lag = [...rec.lag].sort((a, b) => a - b);
  const actionsP99 = percentile([...rec.actions.latency, ...new Array<number>(extra.unserved).fill(Infinity)].sort((a, b) => a - b), 99);
  const readsP99 = percentile([...rec.reads.latency].sort((a, b) => a - b), 99);
  const actionRate = rec.actions.ok / window;

  console.log(`\nMeasured phase: ${fmt(seconds, 0)} s scheduled (${fmt(window, 2)} s until the last reply), ${o.games} games × ${o.players} players`);
  console.log(`Latency is counted from each request's scheduled time (open loop); "service" from when it was sent.\n`);
  console.log(`${"".padEnd(22)} ${pad("scheduled", 9)} ${pad("ok", 8)} ${pad("ok/s", 8)} ${pad("refused", 8)} ${pad("errors", 7)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)} ${pad("max ms", 8)} ${pad("svc p50", 9)} ${pad("svc p99", 9)}`);
  console.log(row("actions (POST act)", rec.actions, rec.scheduledActions, extra.unserved));
  console.log(row("reads (GET game)", rec.reads, rec.scheduledReads));
  if (rec.other.latency.length || rec.other.errors) console.log(row("other (new game, sync)", rec.other, null));
  console.log();
  if (process.env.BENCH_DEBUG) {
    for (const [label, st] of [["actions", rec.actions], ["reads", rec.reads]] as const) {
      const at = (t: number) => `+${((t - rec.start) / 1000).toFixed(3)} s`;
      for (const [l, sch, sent, done, t] of st.slowest) {
        const seen = t && (server as unknown as { accepted?: Record<string, number[]> }).accepted?.[t.local];
        const epoch = (ms: number) => at(ms - performance.timeOrigin);
        console.log(`  slow ${label}: ${l.toFixed(0)} ms; scheduled ${at(sch)}, sent ${at(sent)}, socket ${t ? `${at(t.socket)} (${t.reused ? "reused" : `new, connected ${at(t.connect)}`}, port ${t.local})` : "?"}, head ${t ? at(t.head) : "?"}, done ${at(done)}; server: accepted ${seen ? epoch(seen[0]!) : "?"}, requests ${seen ? seen.slice(1).map(epoch).join(" ") : "?"}`.slice(0, 600));
      }
    }
  }
  console.log(`turns: ${rec.proposals} proposals, ${rec.adopted} adopted, ${rec.defeated} defeated; ${rec.gamesWon} games won and replaced by new ones`);
  console.log(`read replies: avg ${rec.reads.ok ? fmt(rec.reads.bytes / rec.reads.ok / 1024, 0) : "-"} KiB each, ${fmt(rec.reads.bytes / window / 2 ** 20, 1)} MiB/s`);
  console.log(`arrivals that found no action ready (every game waiting on a reply): ${rec.waited} of ${rec.scheduledActions}${extra.unserved ? `; ${extra.unserved} never served` : ""}; most requests in flight: ${extra.maxInFlight} actions`);
  if (rec.refusals.size) {
    console.log("refusals and errors:");
    for (const [message, count] of [...rec.refusals].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${pad(count, 5)} × ${message}`);
  }
  console.log(`generator (this process): dispatch lag p50 ${fmt(percentile(lag, 50), 2)} ms, p99 ${fmt(percentile(lag, 99), 2)} ms; event loop ${fmt(extra.genElu * 100, 0)}% busy; CPU ${fmt((extra.genCpu.user + extra.genCpu.system) / 1e6 / window, 2)} cores (user ${fmt(extra.genCpu.user / 1e6 / window, 2)}, system ${fmt(extra.genCpu.system / 1e6 / window, 2)})`);
  console.log(
    `server process: CPU ${fmt((server.cpuUser + server.cpuSystem) / server.seconds, 2)} cores (user ${fmt(server.cpuUser / server.seconds, 2)}, system ${fmt(server.cpuSystem / server.seconds, 2)}); ` +
      `event loop ${fmt(server.elu * 100, 0)}% busy, its delay p50 ${fmt(server.delayP50, 1)} ms, p99 ${fmt(server.delayP99, 1)} ms, max ${fmt(server.delayMax, 1)} ms`,
  );
  const served = rec.actions.latency.length + rec.reads.latency.length + rec.other.latency.length;
  console.log(
    `server CPU per request: ${fmt(((server.cpuUser + server.cpuSystem) * 1000) / served, 2)} ms on average` +
      (server.cpuWait === undefined ? "" : `; its main thread waited ${fmt(server.cpuWait, 1)} s of the ${fmt(server.seconds, 1)} s for a CPU (held by other processes, this one included)`),
  );
  console.log(`server memory: RSS now ${mib(server.rss)}, peak (VmHWM) ${mib(peakRss)}, JS heap ${mib(server.heapUsed)}`);
  console.log(`machine: ${cpus().length} cores; load average before ${extra.loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${extra.loadAfter.map((n) => n.toFixed(2)).join(" ")}${cpuPressure()}`);

  const target = 500;
  const fullLoad = o.rate >= target && actionRate >= 0.98 * target;
  const met = fullLoad && actionsP99 < 50 && (rec.scheduledReads === 0 || readsP99 < 50) && rec.actions.errors === 0 && rec.reads.errors === 0;
  console.log(
    `\nTarget (p99 < 50 ms at 500 accepted actions/s, with SQLite): ${met ? "MET" : "NOT MET"} — ` +
      `${fmt(actionRate, 1)} accepted actions/s, p99 ${fmt(actionsP99, 1)} ms for actions, ${fmt(readsP99, 1)} ms for reads` +
      (o.rate < target ? ` (this run scheduled only ${o.rate} actions/s)` : "") +
      (rec.scheduledReads === 0 ? " (no reads scheduled: not the load the target is about)" : "") +
      (o.durability !== "full" ? ` (durability "${o.durability}", not the default)` : ""),
  );
  return met;
}

async function main(): Promise<void> {
  const o = options();
  const dir = mkdtempSync(join(tmpdir(), "nomos-server-bench-"));
  const db = join(dir, "games.db");
  let server: ServerProcess | undefined;
  const stop = async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const interrupted = () => void stop().finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    console.log(
      `Nomos server load benchmark${o.quick ? " (quick smoke run)" : ""}: Node ${process.version}, SQLite durability "${o.durability}", ` +
        `${o.games} games × ${o.players} players, ${o.rate} actions/s + ${o.rate * o.reads} reads/s scheduled, ${o.warmup} s warm-up + ${o.duration} s measured`,
    );
    const started = await ServerProcess.start(db, o.durability, o.cpuProf);
    server = started.server;
    console.log(`server: ${started.url} (pid ${server.pid}), database ${db}`);
    const client = new Http(started.url);

    // Accounts: one per player, each with its own session (scrypt makes this the slow part).
    const t0 = performance.now();
    const names: string[][] = [];
    const accounts: { g: number; i: number; username: string; name: string }[] = [];
    for (let g = 0; g < o.games; g++) {
      names.push([]);
      for (let i = 0; i < o.players; i++) {
        const name = `Player${String(i + 1).padStart(2, "0")} G${g + 1}x${String.fromCharCode(97 + (i % 26))}`;
        names[g]!.push(name);
        accounts.push({ g, i, username: `bench-g${g + 1}-p${i + 1}`, name });
      }
    }
    const sessions: Session[][] = names.map(() => []);
    await pool(accounts, 4, async (a) => {
      sessions[a.g]![a.i] = await signup(client, a.username, a.name);
    });
    const tables = sessions.map((s, g) => new Table(g, s, names[g]!));
    const warmupRec = new Recorder("warm-up", 0, 0);
    const bench = new Bench(client, tables, warmupRec);
    await pool(tables, 4, (t) => bench.newGame(t, null));
    console.log(`set-up: ${accounts.length} accounts signed up and ${tables.length} games begun in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const t of tables) bench.scheduler.offer({ table: t, kind: "propose" });
    (globalThis as { gc?: () => void }).gc?.();

    const loadBefore = loadavg();
    const start = performance.now() + 20;
    const measureStart = start + o.warmup * 1000;
    const end = measureStart + o.duration * 1000;
    const measured = new Recorder("measured", measureStart, end);
    Object.assign(warmupRec, { start, end: measureStart });
    let marked = false;
    const phase = (scheduled: number) => {
      if (scheduled < measureStart) return warmupRec;
      if (!marked) {
        marked = true;
        bench.rec = measured;
        server!.mark();
      }
      return measured;
    };
    let genElu = performance.eventLoopUtilization();
    let genCpu = process.cpuUsage();
    const markGenerator = setTimeout(() => {
      genElu = performance.eventLoopUtilization();
      genCpu = process.cpuUsage();
    }, Math.max(0, measureStart - performance.now()));
    await drive(bench, o, start, end, phase);
    clearTimeout(markGenerator);
    if (!marked) server.mark();

    // Let the requests under way finish (30 s at most).
    const drainUntil = performance.now() + 30_000;
    while ((bench.scheduler.inFlight > 0 || (bench.scheduler.waiting > 0 && tables.some((t) => !t.dead))) && performance.now() < drainUntil) {
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 50));
    bench.stopped = true;
    const genUsage = { elu: performance.eventLoopUtilization(genElu).utilization, cpu: process.cpuUsage(genCpu) };
    const serverReport = await server.report();
    const peakRss = server.peakRss();
    const unserved = bench.scheduler.unserved().get(measured) ?? 0;
    const dead = tables.filter((t) => t.dead).length;
    if (dead) console.log(`note: ${dead} of ${tables.length} games stopped playing (see the errors above)`);
    printReport(o, measured, serverReport, peakRss, { unserved, maxInFlight: bench.scheduler.maxInFlight, loadBefore, loadAfter: loadavg(), genElu: genUsage.elu, genCpu: genUsage.cpu });
    client.agent.destroy();
  } finally {
    await stop();
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    if (o.cpuProf) console.log(`server CPU profile written under ${resolve(o.cpuProf)}`);
  }
}

if (process.argv[2] === "--serve") {
  await serve(process.argv[3]!, process.argv[4] === "process" ? "process" : "full");
} else {
  await main();
}
