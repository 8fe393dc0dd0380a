/**
 * Sessions and CSRF. The session token travels only in an HTTP-only cookie, so page
 * scripts cannot read it. Every request that changes something must also carry the
 * session's CSRF token in the X-CSRF-Token header, which another site's page cannot
 * know; requests from another origin are refused outright.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sessionCookie, type ServerContext } from "./context.js";
import { ApiError } from "./errors.js";
import { forwardedProtocol } from "./proxy.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether the Origin is the host the browser addressed: the Host header, or behind a trusted
 * proxy its X-Forwarded-Host, and its X-Forwarded-Proto's scheme where it sent one. Without a
 * trusted proxy the scheme is not compared: a proxy that ends HTTPS reaches us over plain HTTP.
 */
function sameOrigin(request: FastifyRequest, context: ServerContext): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not sent by browsers on same-origin GETs, nor by the CLI
  try {
    const sent = new URL(origin);
    const scheme = forwardedProtocol(request, context.trustProxy);
    if (scheme !== undefined && `${scheme}:` !== sent.protocol) return false;
    // Read with the Origin's scheme, so that a default port written out (host:443) compares equal.
    return new URL(`${sent.protocol}//${request.host}`).host === sent.host;
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
    if (!sameOrigin(request, context)) throw new ApiError(403, "cross-origin", "requests from another site are refused");
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
