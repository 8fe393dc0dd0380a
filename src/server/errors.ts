/**
 * Errors the API returns: a status, a code a program can test, and a message for people.
 * The body's shape is the contract's ErrorBody (src/api/errors.ts); every error, fastify's
 * own included, leaves the server in it.
 */
import type { ErrorBody } from "../api/errors.js";
import { ActionError } from "../kernel/game.js";
import { StoreWriteError } from "../store/sqlite-driver.js";
import { PasswordsBusyError } from "./passwords.js";
import { validationWords } from "./validation-words.js";

export type { ErrorBody };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (what: string) => new ApiError(404, "not-found", what);
export const forbidden = (why: string) => new ApiError(403, "forbidden", why);
export const badRequest = (why: string) => new ApiError(400, "invalid-input", why);

const actionStatus: Record<ActionError["code"], number> = {
  "not-a-player": 403,
  "unknown-action": 404,
  "invalid-input": 400,
  refused: 422,
  "game-over": 409,
  failed: 503,
};

/** Fastify's own errors, in the API's words: the request could not be read as sent. */
const framework: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "too-large", message: "the request body is too large (the limit is 512 KiB); send less" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "unsupported-media-type", message: "send the body as JSON, with Content-Type: application/json" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "invalid-json", message: "the body is empty but says it is JSON; send a JSON object, or no Content-Type" },
  FST_ERR_BAD_URL: { status: 400, code: "bad-url", message: "the URL cannot be read (a % not followed by two hex digits?); encode it with encodeURIComponent" },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: "bad-url", message: "the request cannot be routed; see /api/openapi.json" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "invalid-input", message: "the Content-Length header does not match the body sent" },
};

/** The 404 for a path the API does not have. */
export function notFoundBody(method: string, url: string): ErrorBody {
  return { error: { code: "not-found", message: `${method} ${url.split("?")[0]} is not part of the API; see /api/openapi.json` } };
}

/**
 * A write the disk refused, in the user's words: 507 when it is full, 503 otherwise. A write the
 * disk took but failed to confirm may have been saved, and says so: SQLite recovers it at the next
 * start if the disk kept it, and the server writes nothing more until then.
 */
export function notSaved(what: string, err: StoreWriteError): ApiError {
  if (err.reason === "unconfirmed")
    return new ApiError(
      503,
      "unconfirmed",
      `the server could not confirm that ${what} was saved: ${err.words}, so it may or may not have been. The server refuses every change until it is restarted; look again then`,
    );
  return new ApiError(err.reason === "full" ? 507 : 503, "not-saved", `the server could not save ${what}: ${err.words}; nothing was changed. Try again later`);
}

/** Another process wrote to the game first. */
export function conflicted(): ApiError {
  return new ApiError(409, "conflict", "another process changed this game as you acted, so nothing of yours was recorded; look at the game again and retry");
}

/** A body that is not JSON, in words: where the reading stopped, and what a body looks like (not the parser's words). */
function notJson(parserWords: string | undefined): string {
  const at = /position (\d+)/.exec(parserWords ?? "")?.[1];
  const where = at === undefined ? "" : ` (it stops making sense at character ${Number(at) + 1})`;
  return `the body is not JSON${where}: send one JSON object, its names and texts in double quotes, its items separated by commas (none after the last), in braces: {"name": "value", "number": 3}`;
}

/** Turns anything thrown by a route into a status and a body; unknown errors say little. */
export function toErrorReply(err: unknown): { status: number; body: ErrorBody; unexpected: boolean } {
  if (err instanceof ApiError) return { status: err.status, body: { error: { code: err.code, message: err.message } }, unexpected: false };
  // A write the disk refused where no route said what it was saving (signing up, signing in).
  if (err instanceof StoreWriteError) return toErrorReply(notSaved("your change", err));
  if (err instanceof PasswordsBusyError) return { status: 503, body: { error: { code: "busy", message: err.message } }, unexpected: false };
  if (err instanceof ActionError)
    return { status: actionStatus[err.code], body: { error: { code: err.code, message: err.message, rule: err.rule } }, unexpected: false };
  const e = err as { statusCode?: number; code?: string; message?: string; validation?: unknown; validationContext?: string };
  if (e.validation)
    return { status: 400, body: { error: { code: "invalid-input", message: validationWords(e.validation, e.validationContext) } }, unexpected: false };
  const known = e.code ? framework[e.code] : undefined;
  if (known) return { status: known.status, body: { error: { code: known.code, message: known.message } }, unexpected: false };
  if (e.statusCode === 400 && (e.code?.startsWith("FST_ERR_CTP") || err instanceof SyntaxError))
    return {
      status: 400,
      body: { error: { code: "invalid-json", message: notJson(e.message) } },
      unexpected: false,
    };
  if (e.statusCode === 429)
    return {
      status: 429,
      body: { error: { code: "rate-limited", message: `too many tries from your address (${e.message ?? "rate limit"}); wait a minute and try again` } },
      unexpected: false,
    };
  // Any other client error fastify or a plugin raises: its status and message, not its internal code.
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return { status: e.statusCode, body: { error: { code: "bad-request", message: e.message ?? "bad request" } }, unexpected: false };
  return {
    status: 500,
    body: { error: { code: "internal", message: "something went wrong on the server; nothing was changed. Try again." } },
    unexpected: true,
  };
}
