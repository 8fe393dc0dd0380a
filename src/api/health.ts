/** What the health checks answer (GET /healthz and /readyz, outside /api: for supervisors and load balancers, no session). */
import { Type, type Static } from "@sinclair/typebox";

export const Health = Type.Object(
  {
    status: Type.Union([Type.Literal("up"), Type.Literal("ready")], {
      description: "up: the process answers (/healthz); ready: it can serve, its database answering (/readyz)",
    }),
  },
  { title: "Health" },
);
export type Health = Static<typeof Health>;
