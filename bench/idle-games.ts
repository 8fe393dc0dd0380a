/**
 * Memory of a server holding a crowd of idle games: a real server in its own process, on a
 * fresh SQLite file, is sent 1,000 games of Suber's set (1 to 3 players each) through its
 * HTTP API, and a live page is opened on 100 of them and left open (a tab nobody looks at);
 * they are left alone until the server has unloaded the others and stopped every sandbox
 * (src/server/idle-games.ts: a watched game stays loaded, for its page's news, but rests).
 * Prints the server's resident memory (RSS) and JS heap before the games, right after creating
 * them and once they are idle, and what each idle game costs: (after − before) / games,
 * against the target of 1 MB. Asserts nothing.
 *
 *   npm run bench:idle [-- --games 1000 --watched 100 --idle 2]
 *   BENCH_QUICK=1 npm run bench:idle            # smoke test: 50 games, 5 watched
 *
 * Options (or env BENCH_<NAME>):
 *   --games <n>     games to create                                        (1000; quick 50)
 *   --watched <n>   of them, games a live page watches                     (100; quick 5)
 *   --idle <s>      the server's --unload-idle-after, short so that games
 *                   are unloaded while the rest are created                (2)
 *   --max-sandboxes <n>  the server's --max-sandboxes: sandboxes running
 *                   at once, past which the games used least recently rest (the server's, 40)
 *
 * The players sign up before the "before" figures (a cheap password hash, as bench:server's
 * do), so that what is counted per game is the games'. The server collects garbage before
 * each figure. The difference includes memory the allocator keeps after the sandboxes stop,
 * about the same whatever the number of games: a small run overstates the cost per game.
 * The same file, run with `--serve <db> <idle ms> [max sandboxes] [max loaded games]` (empty for
 * the server's own), is the server process: bench/request-memory.ts runs it too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { peakRssOf, stopChild } from "./server-load/child.js";
import { Http, type Session, signup } from "./server-load/http-client.js";

interface Figures {
  rss: number;
  heapUsed: number;
  loaded: number;
  /** Sandboxes running (a worker thread each). */
  running: number;
}

/** The server process: answers "figures" on stdin with its memory, after collecting garbage, until stdin closes. */
async function serve(db: string, idleMs: number, maxSandboxes: number | undefined, maxLoadedGames: number | undefined): Promise<void> {
  const { buildServer } = await import("../src/server/app.js");
  // Signing players up is set-up, not what is measured: a cheap password hash keeps it short.
  const app = await buildServer({ db, authRateLimit: 1_000_000, passwordCost: 2 ** 12, unloadIdleAfterMs: idleMs, maxSandboxes, maxLoadedGames });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
  say({ kind: "ready", url });
  const lines = createInterface({ input: process.stdin });
  lines.on("line", () => {
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    say({ rss: memory.rss, heapUsed: memory.heapUsed, loaded: app.loadedGames(), running: app.runningSandboxes() } satisfies Figures);
  });
  lines.on("close", () => void app.close().finally(() => process.exit(0)));
}

/** The bench's handle on the server process. */
class Server {
  private readonly waiting: ((line: string) => void)[] = [];
  private readonly exited: Promise<void>;

  constructor(private readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("{")) this.waiting.shift()?.(line);
      else console.log(`[server] ${line}`);
    });
    this.exited = new Promise((done) => child.once("exit", () => done()));
  }

  static async start(db: string, idleMs: number, maxSandboxes: number | undefined): Promise<{ server: Server; url: string }> {
    const here = fileURLToPath(import.meta.url);
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--expose-gc", here, "--serve", db, String(idleMs), ...(maxSandboxes ? [String(maxSandboxes)] : [])],
      {
        cwd: resolve(dirname(here), ".."),
        stdio: ["pipe", "pipe", "inherit"],
      },
    );
    const server = new Server(child);
    const failed = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the server exited (code ${code}) before it was ready`))));
    const ready = JSON.parse(await Promise.race([server.next(), failed])) as { url: string };
    return { server, url: ready.url };
  }

  private next(): Promise<string> {
    return new Promise((done) => this.waiting.push(done));
  }

  async figures(): Promise<Figures> {
    const reply = this.next();
    this.child.stdin!.write("figures\n");
    return JSON.parse(await reply) as Figures;
  }

  peakRss(): number | undefined {
    return peakRssOf(this.child.pid);
  }

  stop(): Promise<void> {
    return stopChild(this.child, this.exited);
  }
}

function options(): { quick: boolean; games: number; watched: number; idleMs: number; maxSandboxes: number | undefined } {
  const { values } = parseArgs({
    options: {
      games: { type: "string" },
      watched: { type: "string" },
      idle: { type: "string" },
      "max-sandboxes": { type: "string" },
      quick: { type: "boolean" },
    },
  });
  const quick = values.quick === true || process.env.BENCH_QUICK === "1";
  const games = Number(values.games ?? process.env.BENCH_GAMES ?? (quick ? 50 : 1000));
  const watched = Number(values.watched ?? process.env.BENCH_WATCHED ?? (quick ? 5 : 100));
  const idle = Number(values.idle ?? process.env.BENCH_IDLE ?? 2);
  if (!Number.isInteger(games) || games < 1) throw new Error(`--games must be a whole number of games, at least 1, not "${values.games}"`);
  if (!Number.isInteger(watched) || watched < 0 || watched > games)
    throw new Error(`--watched must be a whole number of games from 0 to --games (${games}), not "${values.watched ?? watched}"`);
  if (!(idle > 0)) throw new Error(`--idle must be a number of seconds above 0, not "${values.idle}"`);
  const max = values["max-sandboxes"] ?? process.env.BENCH_MAX_SANDBOXES;
  return { quick, games, watched, idleMs: idle * 1000, maxSandboxes: max === undefined ? undefined : Number(max) };
}

/** A live page on a game (its server-sent events), left open until `close`. */
async function openPage(url: string, session: Session, id: string): Promise<{ close: () => void }> {
  const controller = new AbortController();
  const reply = await fetch(`${url}/api/games/${id}/live`, { headers: { cookie: session.cookie }, signal: controller.signal });
  if (reply.status !== 200) throw new Error(`GET /api/games/${id}/live: ${reply.status} ${await reply.text()}`);
  // Read as a page would, so that the stream does not back up; what it says is not needed here.
  void reply.body?.pipeTo(new WritableStream()).catch(() => undefined);
  return { close: () => controller.abort() };
}

/** Runs `work` on every item, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function request(client: Http, method: string, path: string, session: Session, body?: unknown): Promise<Record<string, unknown>> {
  const reply = await client.request(method, path, session, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.body}`);
  return JSON.parse(reply.body) as Record<string, unknown>;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const o = options();
  const dir = mkdtempSync(join(tmpdir(), "nomos-idle-bench-"));
  let server: Server | undefined;
  const pages: { close: () => void }[] = [];
  const stop = async () => {
    for (const page of pages) page.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void stop().finally(() => process.exit(130)));
  try {
    console.log(
      `Nomos idle-games memory benchmark${o.quick ? " (quick smoke run)" : ""}: Node ${process.version}, ${o.games} games of Suber's set with 1 to 3 players each, ${o.watched} of them watched by a live page, unloaded (or, watched, rested) after ${o.idleMs / 1000} s idle`,
    );
    const started = await Server.start(join(dir, "games.db"), o.idleMs, o.maxSandboxes);
    server = started.server;
    const client = new Http(started.url);

    // Game g has (g mod 3) + 1 players, each an account of their own.
    const t0 = performance.now();
    const seats = Array.from({ length: o.games }, (_, g) => Array.from({ length: (g % 3) + 1 }, (_, p) => ({ g, p })));
    const sessions = seats.map((players) => players.map((): Session | undefined => undefined));
    await pool(seats.flat(), 4, async ({ g, p }) => {
      sessions[g]![p] = await signup(client, `idle-g${g + 1}-p${p + 1}`, `Player ${p + 1} of game ${g + 1}`);
    });
    console.log(`set-up: ${seats.flat().length} players signed up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const before = await server.figures();

    const t1 = performance.now();
    await pool(
      sessions.map((players, g) => ({ players, g })),
      4,
      async ({ players, g }) => {
        const [creator, ...others] = players as Session[];
        const game = await request(client, "POST", "/api/games", creator!, { name: `Idle ${creator!.username}`, preset: "suber", timeZone: "UTC" });
        for (const other of others) await request(client, "POST", `/api/invites/${String(game.invite)}/join`, other, {});
        if (g < o.watched) pages.push(await openPage(started.url, creator!, String(game.id)));
      },
    );
    const created = await server.figures();
    console.log(
      `created ${o.games} games (${seats.flat().length} seats, ${pages.length} live pages) in ${((performance.now() - t1) / 1000).toFixed(1)} s; ${created.loaded} still loaded, ${created.running} sandboxes running, RSS ${mb(created.rss)}`,
    );

    const t2 = performance.now();
    let unloaded = created;
    while (unloaded.loaded > o.watched || unloaded.running > 0) {
      if (performance.now() - t2 > 10 * o.idleMs + 120_000)
        throw new Error(
          `${unloaded.loaded} games were still loaded, ${unloaded.running} sandboxes running, after ${((performance.now() - t2) / 1000).toFixed(0)} s`,
        );
      await new Promise((done) => setTimeout(done, 250));
      unloaded = await server.figures();
    }
    // A watched game unloaded would make the figures look better than a server with open pages is.
    if (unloaded.loaded < o.watched) throw new Error(`only ${unloaded.loaded} of the ${o.watched} watched games stayed loaded: a page's live stream ended`);
    console.log(
      `every game unloaded but the ${o.watched} watched, and every sandbox stopped, ${((performance.now() - t2) / 1000).toFixed(1)} s after the last was created`,
    );
    const peak = server.peakRss();

    const rows: [string, Figures][] = [
      ["before the games", before],
      ["right after creating them", created],
      ["once idle", unloaded],
    ];
    console.log("\n                             RSS        JS heap    games loaded   sandboxes running");
    for (const [label, f] of rows)
      console.log(
        `${label.padEnd(28)} ${mb(f.rss).padStart(10)} ${mb(f.heapUsed).padStart(10)} ${String(f.loaded).padStart(8)} ${String(f.running).padStart(16)}`,
      );
    if (peak !== undefined) console.log(`${"peak RSS".padEnd(28)} ${mb(peak).padStart(10)}`);
    const perGame = (unloaded.rss - before.rss) / o.games;
    const heapPerGame = (unloaded.heapUsed - before.heapUsed) / o.games;
    console.log(
      `\nper idle game: ${kb(perGame)} RSS, ${kb(heapPerGame)} JS heap ((once idle − before) / ${o.games}, the watched included); target ≤ 1 MB: ${perGame <= 2 ** 20 ? "met" : "NOT met"}`,
    );
  } finally {
    await stop();
  }
}

const given = (arg: string | undefined) => (arg ? Number(arg) : undefined);
if (process.argv[2] === "--serve") await serve(process.argv[3]!, Number(process.argv[4]), given(process.argv[5]), given(process.argv[6]));
else await main();
