/** An office holder makes a decision a rule opened for them: an act in the log like any other. */
import { Type } from "@sinclair/typebox";
import { ActReply, DecideRequest, changing, errorResponses, inGame, ref } from "../../api/index.js";
import type { Api, ServerContext } from "../context.js";
import { logEntry } from "../views.js";
import { seat } from "./play.js";

const decisionParams = Type.Object({
  id: Type.String({ maxLength: 64, description: "The game's id" }),
  decision: Type.String({ maxLength: 200, description: "The decision's id, as the game's page lists it" }),
});

export function decisionRoutes(app: Api, context: ServerContext): void {
  app.post(
    "/api/games/:id/decisions/:decision",
    {
      schema: {
        operationId: "decide",
        tags: ["play"],
        summary:
          "Make a decision a rule opened for you (the game's page lists the open ones, with their question and the form of the answer); only the rule that opened it hears it",
        params: decisionParams,
        body: DecideRequest,
        response: { 200: ref(ActReply), ...errorResponses(...changing, ...inGame, 409, 422, 503) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      const outcome = await context.hub.change(game, (g) => g.decide(membership.playerId, request.params.decision, request.body.input ?? {}));
      return { seq: outcome.act.seq, failed: outcome.failed, entry: logEntry(game.state, outcome.act, membership.playerId) };
    },
  );
}
