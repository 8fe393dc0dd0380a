/**
 * The server's log: fastify's own logger (pino), one JSON object a line. Each request is one
 * line when it is answered (its id, method, route, status and time); unexpected errors are
 * logged with their causes by the error handler (app.ts); nothing secret is written.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";

import type { LogOptions } from "./log-level.js";

/**
 * What the log must never hold, wherever a caller puts it: passwords, session tokens, CSRF
 * tokens, cookies, and invitation codes (a route's :code lets whoever reads it join a game).
 * Fastify logs no headers or bodies of its own; these guard any that a log call adds.
 */
const secretPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  "headers.cookie",
  'headers["x-csrf-token"]',
  "params.code",
  ...["password", "newPassword", "currentPassword", "token", "csrf", "cookie"].flatMap((key) => [key, `*.${key}`]),
];

export function loggerOptions(log: LogOptions | undefined): FastifyServerOptions["logger"] {
  if (!log) return false;
  return { level: log.level, redact: { paths: secretPaths, censor: "[redacted]" }, ...(log.stream ? { stream: log.stream } : {}) };
}

/** A request id sent by a proxy or client is kept if it is a plain token (it is echoed and logged); otherwise a new one. */
const acceptableId = /^[\w.:@/+=-]{1,128}$/;

export function requestId(req: IncomingMessage): string {
  const sent = req.headers["x-request-id"];
  return typeof sent === "string" && acceptableId.test(sent) ? sent : randomUUID();
}

/**
 * Fastify's request lines, as Nomos writes them: one line when a request is answered (its id,
 * method, route and parameters, address, status and milliseconds; a live stream's when it ends),
 * and one at debug level when it arrives. The route is its pattern with the parameters beside it
 * (an invitation's code redacted); the query string, which may say anything, is not logged.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug(where(request), "request received");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      ...where(request),
      ip: request.ip,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...line, err: error }, "request failed while its answer was sent");
    // A container's or load balancer's health probe, every few seconds, would bury the requests people make.
    else if (probes.has(request.routeOptions.url ?? "") && reply.statusCode === 200) request.log.debug(line, "request");
    else request.log.info(line, "request");
  }
}

/** The health checks (src/api/health.ts): logged at info only when they fail. */
const probes = new Set(["/healthz", "/readyz"]);

/** The request's method and route (its parameters beside it), or its path where no route matched. */
function where(request: FastifyRequest) {
  const route = request.routeOptions.url;
  return { method: request.method, ...(route ? { route, params: request.params } : { url: request.url.split("?")[0] }) };
}

/** Echoes each request's id in X-Request-Id: set on the raw response, so that live streams carry it too. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.raw.setHeader("X-Request-Id", request.id);
  });
}
