/**
 * Health checks for a supervisor or a load balancer, outside /api: no session, no rate limit,
 * no Host check (a probe names the server by its address). /healthz is cheap, touches no
 * database and waits for no disk (src/server/app.ts lets its reply skip the wait for a sync): the
 * process is up, so a supervisor never restarts a healthy server whose disk is slow. /readyz
 * asks the database, and whether it can write (a sync the disk failed refuses every change until a
 * restart; a game file it may not write), and answers 503 once the server has begun to stop, so
 * that a balancer sends nothing new its way.
 */
import { anyRoute, errorResponses, Health } from "../../api/index.js";
import type { Api, ServerContext } from "../context.js";
import { ApiError } from "../errors.js";

export const healthPaths = ["/healthz", "/readyz"] as const;

/** `database` reads the database (throws if it cannot); `writeProblem` says why nothing can be written, or null. */
export function healthRoutes(app: Api, context: ServerContext, database: () => void, writeProblem: () => string | null): void {
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
      const cannotWrite = writeProblem();
      if (cannotWrite) throw new ApiError(503, "database-read-only", `the server cannot save changes: ${cannotWrite}; it is not ready to serve`);
      return { status: "ready" as const };
    },
  );
}
