/** Errors the API returns: a status, a code a program can test, and a message for people. */
import { ActionError } from "../kernel/game.js";

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
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

export interface ErrorBody {
  error: { code: string; message: string; rule?: number | null };
}

/** Turns anything thrown by a route into a status and a body; unknown errors say little. */
export function toErrorReply(err: unknown): { status: number; body: ErrorBody; unexpected: boolean } {
  if (err instanceof ApiError) return { status: err.status, body: { error: { code: err.code, message: err.message } }, unexpected: false };
  if (err instanceof ActionError) return { status: actionStatus[err.code], body: { error: { code: err.code, message: err.message, rule: err.rule } }, unexpected: false };
  const e = err as { statusCode?: number; code?: string; message?: string; validation?: unknown };
  if (e.validation) return { status: 400, body: { error: { code: "invalid-input", message: `${e.message}; see the API description at /api/openapi.json` } }, unexpected: false };
  if (e.code === "FST_ERR_CTP_BODY_TOO_LARGE") return { status: 413, body: { error: { code: "too-large", message: "the request body is too large (the limit is 512 KiB); send less" } }, unexpected: false };
  if (e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return { status: 415, body: { error: { code: "unsupported-media-type", message: "send the body as JSON, with Content-Type: application/json" } }, unexpected: false };
  if (e.statusCode === 400 && e.code?.startsWith("FST_ERR_CTP")) return { status: 400, body: { error: { code: "invalid-json", message: `the body is not valid JSON (${e.message}); send a JSON object` } }, unexpected: false };
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return { status: e.statusCode, body: { error: { code: e.code ?? "bad-request", message: e.message ?? "bad request" } }, unexpected: false };
  return { status: 500, body: { error: { code: "internal", message: "something went wrong on the server; nothing was changed. Try again." } }, unexpected: true };
}
