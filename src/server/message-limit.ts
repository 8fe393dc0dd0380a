/**
 * How fast one person may post, edit, delete or redact messages. Each message op is an act
 * that every open page of the game hears of and refetches for, so a flood from one person
 * would load everyone else's pages and the server's other games. One count per signed-in
 * user, shared by every message route (the forum's too), wherever the ops are sent.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "./errors.js";

export interface MessageRateLimit {
  /** Message ops one person may make in a window... */
  max: number;
  /** ...of this many milliseconds. */
  windowMs: number;
}

export const defaultMessageRateLimit: MessageRateLimit = { max: 20, windowMs: 10_000 };

/** The hook for a message route's onRequest: a 429 in words past the limit. */
export type MessageLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** One limiter (one count per person) for every message route; @fastify/rate-limit must be registered. */
export function messageLimiter(app: FastifyInstance, limit: MessageRateLimit): MessageLimiter {
  const seconds = Math.max(1, Math.round(limit.windowMs / 1000));
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    // The session is read by an earlier onRequest hook (security.ts); without one the route refuses anyway.
    keyGenerator: (request) => (request.session ? `user:${request.session.user.id}` : `address:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        "posting-too-fast",
        `you are posting too fast (at most ${limit.max} messages in ${seconds} seconds); wait ${context.after} and try again`,
      ),
  }) as unknown as MessageLimiter;
}
