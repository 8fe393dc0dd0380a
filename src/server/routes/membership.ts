/** Leaving a game, as the rules allow ("membership.leave"); an applicant's seat waits until a rule admits them. */
import { changing, errorResponses, inGame, LeaveReply } from "../../api/index.js";
import type { Game } from "../../kernel/game.js";
import type { Api, ServerContext } from "../context.js";
import { forbidden } from "../errors.js";
import { gameIdParams } from "../schemas.js";
import { logEntry } from "../views.js";
import { seat } from "./play.js";

/** Why a seat's holder is not yet a player: their request to join awaits the rules. */
export function awaiting(game: Game, playerId: string): string | undefined {
  if (game.state.players.some((p) => p.id === playerId)) return undefined;
  return game.state.applicants?.find((a) => a.id === playerId)?.reason;
}

/** A 403 for an applicant reaching into a game they are not yet a player of. */
export function notYetAdmitted(game: Game, playerId: string): void {
  const reason = awaiting(game, playerId);
  if (reason !== undefined) throw forbidden(`your request to join this game awaits: ${reason}`);
}

export function membershipRoutes(app: Api, context: ServerContext): void {
  app.post(
    "/api/games/:id/leave",
    {
      schema: {
        operationId: "leaveGame",
        tags: ["play"],
        summary: "Leave the game: you are no longer one of its players (you may still read it). A rule may refuse it (422, saying why)",
        params: gameIdParams,
        response: { 200: LeaveReply, ...errorResponses(...changing, ...inGame, 409, 422, 503) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      const { act } = await context.hub.change(game, (g) => g.leave(membership.playerId));
      return { seq: act.seq, entry: logEntry(game.state, act, membership.playerId) };
    },
  );
}
