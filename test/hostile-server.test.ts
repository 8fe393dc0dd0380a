/**
 * The hostile bodies through a running server: one server on 127.0.0.1 (in a child process,
 * see hostile/server-worker.ts, replaced if a body leaves it hung), each body in its own game played through
 * the HTTP API, one body at a time, while a second game is read every 20 ms to check it
 * keeps answering in under 100 ms.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fork, type ChildProcess } from "node:child_process";
import { bodies, half } from "./hostile/bodies.js";
import { runBody, summarize, type BodyResult, type Driver, type LogEntry, type Outcome, type Protected, type Sent } from "./hostile/harness.js";
import { ApiClient } from "./server-helpers.js";

const names = ["Grace Hopper", "Ada Lovelace", "Alan Turing"] as const;
const players = ["grace-hopper", "ada-lovelace", "alan-turing"] as const;
const results = new Map<string, BodyResult | Error>();
// HOSTILE_SERVER=even or odd plays half of the bodies (half()), as CI does on each Node version.
const played = half(bodies, "HOSTILE_SERVER");
const TIMEOUT = 30_000;

interface Reply {
  answered: boolean;
  status: number;
  body: any;
  text: string;
  cpuMs: number | null;
  ms: number;
  handleMs?: number;
}

/** A request as `client`, given up after a minute; the server reports its CPU and handling time in headers. */
async function call(client: ApiClient, method: string, path: string, body?: unknown): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (client.cookie) headers.cookie = client.cookie;
  if (client.csrf && method !== "GET") headers["x-csrf-token"] = client.csrf;
  if (body !== undefined) headers["content-type"] = "application/json";
  const t0 = performance.now();
  try {
    const response = await fetch(client.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT),
    });
    const text = await response.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const cpu = response.headers.get("x-cpu-us");
    const handled = response.headers.get("x-handle-us");
    const json = (response.headers.get("content-type") ?? "").includes("json");
    return {
      answered: response.status < 500 && (!json || parsed !== undefined),
      status: response.status,
      body: parsed,
      text,
      cpuMs: cpu === null ? null : Number(cpu) / 1000,
      ms: performance.now() - t0,
      ...(handled === null ? {} : { handleMs: Number(handled) / 1000 }),
    };
  } catch (err) {
    return { answered: false, status: 0, body: undefined, text: String(err), cpuMs: null, ms: performance.now() - t0 };
  }
}

/** The server, in its worker; restarted if a body leaves it unable to answer. */
class Server {
  private worker!: ChildProcess;
  private next = 1;
  private waiting = new Map<number, (m: { value?: any; error?: string }) => void>();
  url = "";
  clients: ApiClient[] = [];
  other = { id: "", client: null as unknown as ApiClient };
  baseline: Record<string, string> = {};

  async start(): Promise<void> {
    this.worker = fork(new URL("./hostile/server-worker.ts", import.meta.url), [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.waiting = new Map();
    const ready = new Promise<{ url: string }>((resolve, reject) => {
      this.waiting.set(0, (m) => (m.error ? reject(new Error(m.error)) : resolve(m.value)));
      this.worker.once("error", reject);
      this.worker.once("exit", (code) => reject(new Error(`the server's worker exited (${code}) before it was ready`)));
    });
    this.worker.on("message", (m: { id: number; value?: any; error?: string }) => {
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
    this.url = (await ready).url;
    this.baseline = await this.ask("realm");
    this.clients = [];
    for (const name of names) this.clients.push(await new ApiClient(this.url).signup(name.toLowerCase().replace(/[^a-z]+/g, "-"), name));
    // The other game, whose players only read it.
    const [barbara, edsger] = [
      await new ApiClient(this.url).signup("barbara-liskov", "Barbara Liskov"),
      await new ApiClient(this.url).signup("edsger-dijkstra", "Edsger Dijkstra"),
    ];
    const created = await barbara.post("/api/games", { name: "The other game", preset: "suber" });
    await edsger.post(`/api/invites/${created.body.invite}/join`);
    await barbara.act(created.body.id, "start");
    this.other = { id: created.body.id, client: barbara };
  }

  ask(op: string, game?: string, ms = 120_000): Promise<any> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server's worker did not answer "${op}" in ${ms / 1000} s`)), ms);
      this.waiting.set(id, (m) => {
        clearTimeout(timer);
        if (m.error) reject(new Error(m.error));
        else resolve(m.value);
      });
      this.worker.send({ id, op, game });
    });
  }

  async restart(): Promise<void> {
    this.kill();
    await this.start();
  }

  async close(): Promise<void> {
    await this.ask("close", undefined, 10_000).catch(() => undefined);
    this.kill();
  }

  private kill(): void {
    if (this.worker.exitCode === null && this.worker.signalCode === null) this.worker.kill("SIGKILL");
  }
}

/** Reads the other game every 20 ms, and remembers how long each read took. */
/**
 * The other game's reads. The bound, 100 ms, is asserted on the server's handling
 * of each read; the round trip, which on a shared 2-core machine also waits for the test
 * process and the rest of the suite, must stay under a second (a stalled server would not).
 */
class Poller {
  samples: { at: number; ms: number; handleMs: number }[] = [];
  private pending: number | null = null;
  private running = false;
  constructor(private readonly server: Server) {}
  start(): void {
    this.running = true;
    void (async () => {
      while (this.running) {
        const at = performance.now();
        this.pending = at;
        const r = await call(this.server.other.client, "GET", `/api/games/${this.server.other.id}`);
        this.pending = null;
        const ok = r.answered && r.status === 200;
        this.samples.push({ at, ms: ok ? r.ms : Number.POSITIVE_INFINITY, handleMs: ok ? (r.handleMs ?? r.ms) : Number.POSITIVE_INFINITY });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
  }
  stop(): void {
    this.running = false;
  }
  /** The slowest read that began in [from, to] (round trip and server handling), counting one still unanswered at `to`. */
  slowest(from: number, to: number): { ms: number; handleMs: number } {
    const inWindow = this.samples.filter((s) => s.at >= from && s.at <= to);
    const open = this.pending === null ? [] : [to - this.pending];
    return { ms: Math.max(0, ...inWindow.map((s) => s.ms), ...open), handleMs: Math.max(0, ...inWindow.map((s) => s.handleMs), ...open) };
  }
}

class ServerDriver implements Driver {
  readonly cpuAllowanceMs = 0;
  readonly players = players;
  readonly sent: Sent[] = [];
  constructor(
    private readonly server: Server,
    private readonly id: string,
    private readonly since: number,
    private readonly poller: Poller,
  ) {}

  /** Set once the server stops answering: the rest of the body is not waited for. */
  private dead = false;
  private async call(as: string, method: string, path: string, body?: unknown): Promise<Reply> {
    if (this.dead) return { answered: false, status: 0, body: undefined, text: "not sent: the server had stopped answering", cpuMs: null, ms: 0 };
    const r = await call(this.client(as), method, path, body);
    if (!r.answered && r.status === 0) this.dead = true;
    return r;
  }
  private client(as: string): ApiClient {
    return this.server.clients[players.indexOf(as as (typeof players)[number])]!;
  }
  private record(what: string, viewer: string, r: Reply): Outcome {
    const error = r.status >= 400 ? (r.body?.error ?? { code: String(r.status), message: r.text.slice(0, 300), rule: null }) : null;
    const outcome: Outcome = {
      answered: r.answered,
      ok: r.answered && r.status === 200,
      error: r.answered ? error : { code: "no-answer", message: r.text.slice(0, 300), rule: null },
      effects: r.body?.entry?.effects ?? [],
      failed: r.body?.failed ?? null,
      text: r.text,
      cpuMs: r.cpuMs,
      ms: r.ms,
    };
    this.sent.push({ what, viewer, outcome });
    return outcome;
  }

  async act(as: string, action: string, input: Record<string, unknown>): Promise<Outcome> {
    const r = await this.call(as, "POST", `/api/games/${this.id}/act`, { action, input });
    return this.record(`POST act ${action} as ${as}`, as, r);
  }
  async view(as: string | null) {
    const who = as ?? players[0];
    const r = await this.call(who, "GET", `/api/games/${this.id}`);
    this.record(`GET game as ${who}`, who, r);
    return r.status === 200 ? { ...r.body.view, timers: r.body.timers } : null;
  }
  async log(as: string | null): Promise<LogEntry[] | null> {
    const who = as ?? players[0];
    const entries: LogEntry[] = [];
    for (let after = 0; ; ) {
      const r = await this.call(who, "GET", `/api/games/${this.id}/log?after=${after}&limit=1000`);
      this.record(`GET log as ${who}`, who, r);
      if (r.status !== 200) return null;
      entries.push(...r.body.entries);
      if (!r.body.entries.length || entries.at(-1)!.seq >= r.body.last) return entries;
      after = entries.at(-1)!.seq;
    }
  }
  async verify() {
    this.end = performance.now();
    if (this.dead) return { identical: false, detail: "not replayed: the server had stopped answering" };
    try {
      return await this.server.ask("verify", this.id);
    } catch (err) {
      return { identical: false, detail: (err as Error).message };
    }
  }
  private end: number | null = null;
  async words(): Promise<Record<string, string>> {
    const words: Record<string, string> = {};
    for (const p of players) {
      const r = await this.call(p, "GET", `/api/games/${this.id}`);
      words[p] = r.body?.view?.state?.find((s: { name: string }) => s.name === "secret")?.values?.[p] ?? "";
    }
    return words;
  }
  async terminal() {
    const shown = [];
    for (const path of ["ruleset?format=text", "ruleset?full=true&format=text", "ruleset?format=markdown", "reports/proposals?format=text"]) {
      const r = await this.call(players[0], "GET", `/api/games/${this.id}/${path}`);
      this.record(`GET ${path}`, players[0], r);
      shown.push({ what: `GET ${path}`, text: r.text });
    }
    return shown;
  }
  async extra(): Promise<string[]> {
    const problems: string[] = [];
    const slowest = this.poller.slowest(this.since, this.end ?? performance.now());
    const took = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : "forever");
    if (slowest.handleMs >= 100) problems.push(`other game: the server took ${took(slowest.handleMs)} to answer it`);
    if (slowest.ms >= 1000) problems.push(`other game: a read took ${took(slowest.ms)} to come back`);
    if (this.dead) return [...problems, "answers: the server stopped answering (it is replaced for the next body)"];
    try {
      const now = await this.server.ask("realm", undefined, 30_000);
      for (const [k, v] of Object.entries(this.server.baseline)) if (now[k] !== v) problems.push(`sandbox: ${k} changed in the server's realm`);
    } catch (err) {
      problems.push(`answers: ${(err as Error).message}`);
    }
    const rules = await this.call(players[0], "GET", `/api/games/${this.id}/rules`);
    for (const [n, r] of initialRules) {
      const now = rules.body?.rules?.find((x: { number: number }) => x.number === n);
      if (!now || now.text !== r.text || now.mutable !== r.mutable) problems.push(`authority: Rule ${n} is ${now ? "changed" : "gone"}`);
    }
    return problems;
  }
}

const server = new Server();
const poller = new Poller(server);
const initialRules: Protected = new Map();

before(async () => {
  await server.start();
  poller.start();
});
after(async () => {
  poller.stop();
  await server.close();
  const lines = played.map((b) => summarize(b.id, results.get(b.id) ?? new Error("not run")));
  process.stdout.write(`\nHostile bodies through the server:\n${lines.join("\n")}\n`);
});

/** A new game of Suber's set between the three players, play begun. */
async function newGame(): Promise<string> {
  const [grace, ada, alan] = server.clients as [ApiClient, ApiClient, ApiClient];
  const created = await grace.post("/api/games", { name: "Hostile", preset: "suber" });
  assert.equal(created.status, 201, created.text);
  for (const c of [ada, alan]) assert.equal((await c.post(`/api/invites/${created.body.invite}/join`)).status, 200);
  assert.equal((await grace.act(created.body.id, "start")).status, 200);
  const page = await grace.get(`/api/games/${created.body.id}`);
  assert.deepEqual(
    page.body.view.players.map((p: { id: string }) => p.id),
    [...players],
  );
  if (!initialRules.size) {
    for (const r of (await grace.get(`/api/games/${created.body.id}/rules`)).body.rules) initialRules.set(r.number, { text: r.text, mutable: r.mutable });
  }
  return created.body.id;
}

describe("hostile rule bodies through the server", () => {
  for (const body of played) {
    test(`${body.class}: ${body.id} (${body.what})`, async () => {
      try {
        const id = await newGame();
        const driver = new ServerDriver(server, id, performance.now(), poller);
        const result = await runBody(driver, body, initialRules);
        results.set(body.id, result);
        // A server that stopped answering, or whose realm a body changed, is replaced, so the next body finds a sound one.
        if (driver.sent.some((s) => !s.outcome.answered) || result.problems.some((p) => /^(answers|sandbox)/.test(p))) await server.restart();
        assert.deepEqual(result.problems, [], `${body.id} broke: ${result.problems.join("; ")} [notes: ${result.notes.join("; ")}]`);
      } catch (err) {
        if (!results.has(body.id)) {
          results.set(body.id, err as Error);
          await server.restart();
        }
        throw err;
      }
    });
  }
});
