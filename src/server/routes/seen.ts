/** Marking a game seen: the page says which act it has shown its player, so the next visit knows what is new. */
import { changing, errorResponses, inGame, SeenReply, SeenRequest } from "../../api/index.js";
import type { Api, ServerContext } from "../context.js";
import { badRequest } from "../errors.js";
import { gameIdParams } from "../schemas.js";
import { seat } from "./play.js";

export function seenRoutes(app: Api, context: ServerContext): void {
  app.post(
    "/api/games/:id/seen",
    {
      schema: {
        operationId: "markSeen",
        tags: ["play"],
        summary:
          "Say you have seen the game up to an act (your page's seq): the game's page then calls only what comes after it new (its lastSeen). The mark only moves forward, and follows you to your other devices",
        params: gameIdParams,
        body: SeenRequest,
        response: { 200: SeenReply, ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request) => {
      const { game, user } = await seat(context, request, request.params.id);
      const { seq } = request.body;
      if (seq > game.state.seq) throw badRequest(`the game has no act ${seq} yet: its last is ${game.state.seq}`);
      return { seen: context.seen.mark(game.id, user.id, seq) ?? seq };
    },
  );
}
