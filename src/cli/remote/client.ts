/**
 * The HTTP client of `nomos remote`: JSON requests to a Nomos server's API with the
 * session cookie and CSRF token, and errors a user can act on (the server is down, the
 * session ended, or the server's own message) instead of a stack trace.
 */
import type { Session } from "../../api/index.js";
import { ActionError, type ActionErrorCode } from "../../kernel/game.js";
import { UsageError } from "../context.js";
import { loginHint, writeSession, type RemoteSession } from "./session.js";

/** How long a request may take before the CLI gives up on the server. */
const timeoutMs = 60_000;

const actionCodes = new Set<string>(["not-a-player", "unknown-action", "invalid-input", "refused", "game-over", "failed"] satisfies ActionErrorCode[]);

/** "localhost:8080", "http://host:8080/" or "https://nomic.example/invite/x" → the server's origin. */
export function serverOrigin(input: string): string {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new UsageError(`"${input}" is not a server address; give one such as http://localhost:8080`, "bad-url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`"${input}" is not an http or https address`, "bad-url");
  return url.origin;
}

/** The session cookie a response set (or cleared), as "nomos_session=<token>". */
function sessionCookieOf(response: Response): string | null | undefined {
  const all = typeof response.headers.getSetCookie === "function" ? response.headers.getSetCookie() : [response.headers.get("set-cookie") ?? ""];
  for (const header of all) {
    const pair = header.split(";")[0]!.trim();
    if (pair.startsWith("nomos_session=")) return pair.endsWith("=") ? null : pair;
  }
  return undefined;
}

export interface Reply<T> {
  body: T;
  /** The session cookie the reply set: a string, null when it cleared it, undefined when untouched. */
  cookie: string | null | undefined;
}

export class RemoteClient {
  /**
   * `session` holds the server's url and, once signed in, the cookie and CSRF token.
   * `persist` keeps a refreshed CSRF token in the session file.
   */
  constructor(
    readonly session: { url: string; cookie?: string; csrf?: string; username?: string },
    private readonly persist = false,
  ) {}

  get url(): string {
    return this.session.url;
  }

  get = <T>(path: string) => this.request<T>("GET", path).then((r) => r.body);
  post = <T>(path: string, body: unknown = {}) => this.request<T>("POST", path, body).then((r) => r.body);

  async request<T>(method: string, path: string, body?: unknown, retried = false): Promise<Reply<T>> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.session.cookie) headers.cookie = this.session.cookie;
    if (method !== "GET" && this.session.csrf) headers["x-csrf-token"] = this.session.csrf;
    if (body !== undefined) headers["content-type"] = "application/json";

    let response: Response;
    try {
      response = await fetch(this.url + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "manual",
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      if (e.name === "TimeoutError") throw new UsageError(`${this.url} did not answer within ${timeoutMs / 1000} seconds; try again later`, "unreachable");
      if (e.cause?.message === "bad port")
        throw new UsageError(
          `cannot reach ${this.url}: its port is one that fetch refuses to use; serve on another port (nomos serve --port 8080)`,
          "unreachable",
        );
      const code = e.cause?.code;
      const why = code ? (code === "ECONNREFUSED" ? "" : ` (${code})`) : e.cause?.message ? ` (${e.cause.message})` : "";
      throw new UsageError(`cannot reach ${this.url}: is \`nomos serve\` running?${why}`, "unreachable");
    }

    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.ok && parsed !== undefined) return { body: parsed as T, cookie: sessionCookieOf(response) };

    if (response.status >= 300 && response.status < 400) {
      const to = response.headers.get("location");
      throw new UsageError(`${this.url} redirects ${path} to ${to ?? "another address"}; log in with the server's own address: ${loginHint}`, "bad-reply");
    }
    // Read as unknown: the reply may come from something that is not a Nomos server (whose errors are the contract's ErrorBody).
    const error = (parsed as { error?: { code?: unknown; message?: unknown; rule?: unknown } } | undefined)?.error;
    if (!error || typeof error.message !== "string") {
      throw new UsageError(`${this.url} answered ${method} ${path} with HTTP ${response.status} and no Nomos reply: is it a Nomos server?`, "bad-reply");
    }
    const code = typeof error.code === "string" ? error.code : "error";
    // A stale CSRF token (the session was renewed elsewhere): fetch the current one, once.
    if (code === "csrf" && !retried && this.session.cookie) {
      const current = await this.get<Session>("/api/session");
      if (current.csrf) {
        this.session.csrf = current.csrf;
        if (this.persist) writeSession(this.session as RemoteSession);
        return this.request<T>(method, path, body, true);
      }
    }
    if (code === "signed-out") {
      const again = this.session.username ? `nomos remote login ${this.url} ${this.session.username}` : loginHint;
      throw new UsageError(`you are not signed in on ${this.url} (the session ended or was signed out); run: ${again}`, "signed-out");
    }
    if (actionCodes.has(code)) throw new ActionError(code as ActionErrorCode, error.message, typeof error.rule === "number" ? error.rule : null);
    throw new UsageError(error.message, code);
  }
}
