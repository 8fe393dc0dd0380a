/**
 * Sessions and CSRF. The session token travels only in an HTTP-only cookie, so page
 * scripts cannot read it. Every request that changes something must also carry the
 * session's CSRF token in the X-CSRF-Token header, which another site's page cannot
 * know; requests from another origin are refused outright.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sessionCookie, type ServerContext } from "./context.js";
import { ApiError } from "./errors.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not sent by browsers on same-origin GETs, nor by the CLI
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export function installSecurity(app: FastifyInstance, context: ServerContext): void {
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    const token = request.cookies[sessionCookie];
    request.session = token ? (context.accounts.session(token) ?? null) : null;
    if (safeMethods.has(request.method)) return;
    if (!sameOrigin(request)) throw new ApiError(403, "cross-origin", "requests from another site are refused");
    if (request.session && request.headers["x-csrf-token"] !== request.session.csrf) {
      throw new ApiError(403, "csrf", "the X-CSRF-Token header is missing or stale; reload the page (GET /api/session gives the current token) and try again");
    }
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "same-origin");
    reply.header("X-Frame-Options", "DENY");
    reply.header(
      "Content-Security-Policy",
      "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });
}
