/**
 * Requests to join a game whose creator approves each newcomer (joining: "approval"): the
 * creator lists them, approves one (the person is seated as the link would have seated them, the
 * rules' `membership.join` still deciding) or declines it.
 */
import { Type } from "@sinclair/typebox";
import { changing, errorResponses, inGame } from "../../api/index.js";
import type { Api, ServerContext } from "../context.js";
import { notFound } from "../errors.js";
import { gameIdParams } from "../schemas.js";
import { ownedGame } from "./game-settings.js";

const JoinRequestInfo = Type.Object(
  {
    user: Type.String({ description: "The user id of the person asking" }),
    name: Type.String({ description: "Their name, as players would see it" }),
    as: Type.Union([Type.Literal("player"), Type.Literal("observer")]),
    requestedAt: Type.Integer({ description: "When they asked (ms since 1970 UTC)" }),
  },
  { title: "JoinRequestInfo" },
);
const requestParams = Type.Object({ ...gameIdParams.properties, user: Type.String({ maxLength: 64 }) });

export function joinRequestRoutes(app: Api, context: ServerContext): void {
  const { accounts, joinRequests } = context;
  const list = (gameId: string) =>
    joinRequests
      .ofGame(gameId)
      .map((r) => ({ user: r.userId, name: accounts.user(r.userId)?.displayName ?? "a closed account", as: r.as, requestedAt: r.requestedAt }));
  const waiting = (gameId: string, userId: string) => {
    const found = joinRequests.get(gameId, userId);
    if (!found) throw notFound("no request to join from that person is waiting (answered already, or never made); see GET .../join-requests");
    return found;
  };

  app.get(
    "/api/games/:id/join-requests",
    {
      schema: {
        operationId: "listJoinRequests",
        tags: ["play"],
        summary: "The requests to join waiting for your approval (the game's creator only), oldest first",
        params: gameIdParams,
        response: { 200: Type.Array(JoinRequestInfo), ...errorResponses(...inGame) },
      },
    },
    async (request) => list((await ownedGame(context, request, request.params.id)).game.id),
  );

  app.post(
    "/api/games/:id/join-requests/:user/approve",
    {
      schema: {
        operationId: "approveJoinRequest",
        tags: ["play"],
        summary: "Approve a request to join (the game's creator only): the person joins as they asked, as the rules allow; the requests still waiting",
        params: requestParams,
        response: { 200: Type.Array(JoinRequestInfo), ...errorResponses(...changing, ...inGame, 409) },
      },
    },
    async (request) => {
      const { game } = await ownedGame(context, request, request.params.id);
      const asked = waiting(game.id, request.params.user);
      const user = accounts.user(asked.userId);
      if (user) await context.newcomers.seat(game, user, asked.as);
      joinRequests.remove(game.id, asked.userId);
      return list(game.id);
    },
  );

  app.delete(
    "/api/games/:id/join-requests/:user",
    {
      schema: {
        operationId: "declineJoinRequest",
        tags: ["play"],
        summary: "Decline a request to join (the game's creator only): it is forgotten, and the person may ask again; the requests still waiting",
        params: requestParams,
        response: { 200: Type.Array(JoinRequestInfo), ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request) => {
      const { game } = await ownedGame(context, request, request.params.id);
      joinRequests.remove(game.id, waiting(game.id, request.params.user).userId);
      return list(game.id);
    },
  );
}
