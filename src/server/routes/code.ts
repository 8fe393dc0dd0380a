/** Helping players write rule code: type errors and completions against the rule API. */
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { completeRuleCode } from "../../authoring/completions.js";
import { diagnoseRuleCode } from "../../authoring/diagnostics.js";
import { ruleApiPath } from "../../authoring/rule-service.js";
import { requireUser, type ServerContext } from "../context.js";

const source = { type: "string", maxLength: 100_000 } as const;

export function codeRoutes(app: FastifyInstance, _context: ServerContext): void {
  let declaration: string | undefined;
  app.get("/api/rule-api.d.ts", { schema: { tags: ["rule code"], summary: "The rule API's TypeScript declaration: everything rule code can use" } }, async (_request, reply) => {
    declaration ??= readFileSync(ruleApiPath, "utf8");
    return reply.type("text/plain; charset=utf-8").send(declaration);
  });

  app.post<{ Body: { source: string } }>("/api/code/check", {
    schema: { tags: ["rule code"], summary: "Type-check rule code against the rule API", body: { type: "object", additionalProperties: false, required: ["source"], properties: { source } } },
  }, async (request) => {
    requireUser(request);
    return { diagnostics: diagnoseRuleCode(request.body.source) };
  });

  app.post<{ Body: { source: string; offset: number } }>("/api/code/complete", {
    schema: {
      tags: ["rule code"],
      summary: "Completions at a place in rule code",
      body: { type: "object", additionalProperties: false, required: ["source", "offset"], properties: { source, offset: { type: "integer", minimum: 0 } } },
    },
  }, async (request) => {
    requireUser(request);
    return completeRuleCode(request.body.source, request.body.offset);
  });
}
