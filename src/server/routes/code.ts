/** Helping players write rule code: type errors and completions against the rule API. */
import { Type } from "@sinclair/typebox";
import { changing, CodeCheckRequest, CodeCompleteRequest, Completions, Diagnostics, errorResponses, ref, signedIn } from "../../api/index.js";
import type { RuleDiagnostic } from "../../authoring/diagnostics.js";
import { ruleApiText } from "../../authoring/rule-service.js";
import { completeRuleCodeAsync, diagnoseRuleCodeAsync, TypeCheckStopped } from "../../authoring/type-checker.js";
import { requireUser, type Api, type ServerContext } from "../context.js";

const declarationText = { description: "The declaration file", content: { "text/plain": { schema: Type.String() } } };

export function codeRoutes(app: Api, _context: ServerContext): void {
  app.get(
    "/api/rule-api.d.ts",
    {
      schema: {
        operationId: "getRuleApi",
        tags: ["rule code"],
        summary: "The rule API's TypeScript declaration: everything rule code can use",
        security: [],
        response: { 200: declarationText, ...errorResponses(400, 500) },
      },
    },
    async (_request, reply) => {
      return reply.type("text/plain; charset=utf-8").send(ruleApiText());
    },
  );

  app.post(
    "/api/code/check",
    {
      schema: {
        operationId: "checkCode",
        tags: ["rule code"],
        summary: "Type-check rule code against the rule API",
        body: CodeCheckRequest,
        response: { 200: ref(Diagnostics), ...errorResponses(...changing, ...signedIn) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { diagnostics: await editorDiagnostics(request.body.source, `user:${user.id}`) };
    },
  );

  app.post(
    "/api/code/complete",
    {
      schema: {
        operationId: "completeCode",
        tags: ["rule code"],
        summary: "Completions at a place in rule code",
        body: CodeCompleteRequest,
        response: { 200: ref(Completions), ...errorResponses(...changing, ...signedIn) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { source: code, offset } = request.body;
      try {
        return await completeRuleCodeAsync(code, offset, `user:${user.id}`);
      } catch {
        // A check stopped for time or memory: no options, as for any failure to complete.
        return { from: Math.min(offset, code.length), options: [] };
      }
    },
  );
}

/** TypeScript's problems, or one problem at the start saying the check was stopped. */
async function editorDiagnostics(code: string, who: string): Promise<RuleDiagnostic[]> {
  try {
    return await diagnoseRuleCodeAsync(code, who);
  } catch (err) {
    if (!(err instanceof TypeCheckStopped)) throw err;
    return [{ from: 0, to: 0, line: 1, column: 1, severity: "error", message: err.message }];
  }
}
