/** A real server on loopback, on a real SQLite file, and a client that keeps its cookie like a browser. */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer, type ServerOptions } from "../src/server/app.js";

export interface TestServer {
  url: string;
  app: FastifyInstance;
  db: string;
  close(): Promise<void>;
}

/**
 * scrypt's N for the test servers' password hashes: a real server's 2^17 costs half a second of
 * a core per sign-up, and the suite signs up hundreds of players. A test of the real cost passes
 * `passwordCost: undefined`.
 */
export const testPasswordCost = 2 ** 12;

/** `clock` lets a test move the server's time on (a discussion's 24 hours, say); the rate limits are high unless a test sets them. */
export async function startServer(options: Partial<Omit<ServerOptions, "db">> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "nomos-server-"));
  const db = join(dir, "games.db");
  const app = await buildServer({
    db,
    durability: "process",
    authRateLimit: 10_000,
    messageRateLimit: { max: 10_000, windowMs: 10_000 },
    passwordCost: testPasswordCost,
    ...options,
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    app,
    db,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  /** The body as sent (for text and Markdown answers). */
  text: string;
  headers: Headers;
}

export class ApiClient {
  cookie: string | null = null;
  csrf: string | null = null;

  constructor(readonly base: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (this.csrf && method !== "GET") h["x-csrf-token"] = this.csrf;
    let payload: string | undefined;
    if (body !== undefined) {
      h["content-type"] ??= "application/json";
      payload = typeof body === "string" ? body : JSON.stringify(body);
    }
    const response = await fetch(this.base + path, { method, headers: h, body: payload });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0]!;
      this.cookie = pair.endsWith("=") ? null : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  get = <T = any>(path: string) => this.request<T>("GET", path);
  post = <T = any>(path: string, body: unknown = {}) => this.request<T>("POST", path, body);

  async signup(username: string, displayName = username): Promise<this> {
    const reply = await this.post("/api/auth/signup", { username, password: `${username}-secret-pw`, displayName });
    if (reply.status !== 201) throw new Error(`signup failed: ${JSON.stringify(reply.body)}`);
    this.csrf = reply.body.csrf;
    return this;
  }

  act(gameId: string, action: string, input: unknown = {}) {
    return this.post(`/api/games/${gameId}/act`, { action, input });
  }
}

/** Three signed-up players in one game of Suber's Initial Set, play begun. */
export async function suberTable(server: TestServer, names = ["Ada Lovelace", "Grace Hopper", "Alan Turing"]) {
  const clients = [];
  for (const name of names) clients.push(await new ApiClient(server.url).signup(name.toLowerCase().replace(/[^a-z]+/g, "-"), name));
  const created = await clients[0]!.post("/api/games", { name: "Friday Nomic", preset: "suber", timeZone: "Europe/Paris" });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const id: string = created.body.id;
  const players: Record<string, string> = { [names[0]!]: created.body.me };
  for (const [i, client] of clients.entries()) {
    if (i === 0) continue;
    const joined = await client.post(`/api/invites/${created.body.invite}/join`);
    players[names[i]!] = joined.body.me;
  }
  await clients[0]!.act(id, "start");
  return { id, clients, players, invite: created.body.invite as string };
}

/** The client of the player whose turn it is (Suber's "turn" state). */
export async function moving(table: Awaited<ReturnType<typeof suberTable>>): Promise<ApiClient> {
  const page = await table.clients[0]!.get(`/api/games/${table.id}`);
  const who = page.body.view.state.find((s: { name: string }) => s.name === "turn").value.player as string;
  return table.clients[Object.values(table.players).indexOf(who)]!;
}

/** The mover proposes a rule-change as proposal `number`; everyone votes for it until it is adopted. */
export async function adopt(table: Awaited<ReturnType<typeof suberTable>>, number: number, change: unknown): Promise<void> {
  const proposed = await (await moving(table)).act(table.id, "propose", { change });
  assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
  for (const client of table.clients) {
    const vote = await client.act(table.id, "vote", { proposal: number, vote: "for" });
    if (vote.status !== 200) break; // adoption closed the vote
  }
}

/**
 * Server-sent events read as they come, for a short while: from the first act (Last-Event-ID 0),
 * or as a page opens the stream after reading act `after`; `headers` are sent besides.
 */
export async function listen(client: ApiClient, id: string, options: { after?: number; headers?: Record<string, string> } = {}) {
  const controller = new AbortController();
  const from: Record<string, string> = options.after === undefined ? { "last-event-id": "0" } : {};
  const response = await fetch(`${client.base}/api/games/${id}/live${options.after === undefined ? "" : `?after=${options.after}`}`, {
    headers: { cookie: client.cookie!, ...from, ...options.headers },
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  return {
    headers: response.headers,
    /** Reads until `pattern` shows in the stream (or `ms` pass); returns all read so far. */
    async until(pattern: RegExp, ms = 5000): Promise<string> {
      const deadline = Date.now() + ms;
      while (!pattern.test(text) && Date.now() < deadline) {
        pending ??= reader.read();
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))));
        // Cleared once read: a pending timer would keep the test's process alive after its last test.
        const chunk = await Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
        if (chunk === null) break;
        pending = null;
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      return text;
    },
    close() {
      controller.abort();
      pending?.catch(() => undefined);
    },
  };
}
