/** Helping players write rule code: type errors and completions against the rule API. */
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { RuleDiagnostic } from "../../authoring/diagnostics.js";
import { ruleApiPath } from "../../authoring/rule-service.js";
import { completeRuleCodeAsync, diagnoseRuleCodeAsync, TypeCheckStopped } from "../../authoring/type-checker.js";
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
    return { diagnostics: await editorDiagnostics(request.body.source) };
  });

  app.post<{ Body: { source: string; offset: number } }>("/api/code/complete", {
    schema: {
      tags: ["rule code"],
      summary: "Completions at a place in rule code",
      body: { type: "object", additionalProperties: false, required: ["source", "offset"], properties: { source, offset: { type: "integer", minimum: 0 } } },
    },
  }, async (request) => {
    requireUser(request);
    const { source: code, offset } = request.body;
    try {
      return await completeRuleCodeAsync(code, offset);
    } catch {
      // A check stopped for time or memory: no options, as for any failure to complete.
      return { from: Math.min(offset, code.length), options: [] };
    }
  });
}

/** TypeScript's problems, or one problem at the start saying the check was stopped. */
async function editorDiagnostics(code: string): Promise<RuleDiagnostic[]> {
  try {
    return await diagnoseRuleCodeAsync(code);
  } catch (err) {
    if (!(err instanceof TypeCheckStopped)) throw err;
    return [{ from: 0, to: 0, line: 1, column: 1, severity: "error", message: err.message }];
  }
}
