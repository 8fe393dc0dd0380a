/**
 * Health checks for a supervisor or a load balancer, outside /api: no session, no rate limit,
 * no Host check (a probe names the server by its address). /healthz is cheap and touches no
 * database: the process is up. /readyz asks the database, and answers 503 once the server
 * has begun to stop, so that a balancer sends nothing new its way.
 */
import { anyRoute, errorResponses, Health } from "../../api/index.js";
import type { Api, ServerContext } from "../context.js";
import { ApiError } from "../errors.js";

export const healthPaths = ["/healthz", "/readyz"] as const;

/** `database` reads the database (throws if it cannot). */
export function healthRoutes(app: Api, context: ServerContext, database: () => void): void {
  app.get(
    "/healthz",
    {
      schema: {
        operationId: "health",
        tags: ["operations"],
        summary: "Whether the server's process is up (it touches no database)",
        security: [],
        response: { 200: Health, ...errorResponses(...anyRoute) },
      },
    },
    async () => ({ status: "up" as const }),
  );

  app.get(
    "/readyz",
    {
      schema: {
        operationId: "ready",
        tags: ["operations"],
        summary: "Whether the server can serve: its database answers and it is not shutting down (503 otherwise)",
        security: [],
        response: { 200: Health, ...errorResponses(...anyRoute, 503) },
      },
    },
    async (request) => {
      if (context.lifecycle.draining)
        throw new ApiError(503, "shutting-down", "the server is shutting down: it finishes the requests it has and takes no new ones; use another instance");
      try {
        database();
      } catch (err) {
        request.log.warn({ err }, "readiness check: the database does not answer");
        throw new ApiError(503, "database-unavailable", `the server cannot read its database (${(err as Error).message}); it is not ready to serve`);
      }
      return { status: "ready" as const };
    },
  );
}
