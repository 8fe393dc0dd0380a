/** A practice game's clock, moved forward by one of its players: an act in the log like any other. */
import { ClockReply, ClockRequest, changing, errorResponses, inGame } from "../../api/index.js";
import type { ClockMove } from "../../kernel/practice-clock.js";
import { durationExamples, parseDuration } from "../../present/practice-clock.js";
import type { Api, ServerContext } from "../context.js";
import { badRequest } from "../errors.js";
import { gameIdParams } from "../schemas.js";
import { logEntry } from "../views.js";
import { seat } from "./play.js";

/** The move a request asks for, or a 400 saying how to ask. */
function requestedMove(body: ClockRequest): ClockMove {
  if ((body.forward === undefined) === (body.toNextDeadline === undefined))
    throw badRequest(`say how far to move the clock: forward by an amount (such as ${durationExamples}), or toNextDeadline: true`);
  if (body.toNextDeadline) return { toNextDeadline: true };
  const forwardMs = typeof body.forward === "number" ? body.forward : parseDuration(body.forward!);
  if (forwardMs === undefined || forwardMs <= 0)
    throw badRequest(`"${String(body.forward)}" is not an amount of time to move the clock by; write ${durationExamples}`);
  return { forwardMs };
}

export function clockRoutes(app: Api, context: ServerContext): void {
  app.post(
    "/api/games/:id/clock",
    {
      schema: {
        operationId: "moveClock",
        tags: ["play"],
        summary:
          "Move a practice game's clock forward, by an amount or to its next deadline, as your player; the timers it passes fire as they would have. A game not created as practice refuses (422)",
        params: gameIdParams,
        body: ClockRequest,
        response: { 200: ClockReply, ...errorResponses(...changing, ...inGame, 409, 422, 503) },
      },
    },
    async (request) => {
      const move = requestedMove(request.body);
      const { game, membership } = await seat(context, request, request.params.id);
      return context.hub.change(game, async (g) => {
        const { act } = await g.moveClock(membership.playerId, move);
        // The first timers it passes fire now; the hub's alarm fires any more (see GameHub.arm).
        const fired = (await g.fireDueTimers()).length;
        return { seq: act.seq, entry: logEntry(g.state, act, membership.playerId), fired, practice: { aheadMs: g.state.practice?.aheadMs ?? 0 } };
      });
    },
  );
}
