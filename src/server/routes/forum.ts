/** The game's forum: its channel "general" (src/server/messages.ts), where its players talk. */
import { Type } from "@sinclair/typebox";
import { changing, errorResponses, inGame, NewPost, Post, PostCreated, PostsQuery, ref } from "../../api/index.js";
import type { Game } from "../../kernel/game.js";
import { participantsOf } from "../../kernel/participants.js";
import type { Api, ServerContext } from "../context.js";
import { badRequest } from "../errors.js";
import { notSaved } from "../errors.js";
import { StoreWriteError } from "../../store/sqlite-driver.js";
import { gameIdParams } from "../schemas.js";
import { messageWords, type MessageTable } from "../messages.js";
import { postMessage } from "./messages.js";
import { seat } from "./play.js";

/** A person's name in the game: a participant's (player, applicant, observer), or a departed player's, or else their id. */
export function personName(game: Game, person: string): string {
  return [...participantsOf(game.state), ...game.state.departed].find((p) => p.id === person)?.name ?? person;
}

function table(context: ServerContext): MessageTable {
  if (!context.hub.messages) throw new Error("this server keeps no messages");
  return context.hub.messages;
}

export function forumRoutes(app: Api, context: ServerContext): void {
  app.get(
    "/api/games/:id/posts",
    {
      schema: {
        operationId: "listPosts",
        tags: ["forum"],
        summary: 'The game\'s forum posts (its channel "general"), oldest first',
        params: gameIdParams,
        querystring: PostsQuery,
        response: { 200: Type.Array(ref(Post)), ...errorResponses(...inGame) },
      },
    },
    async (request) => {
      const { game } = await seat(context, request, request.params.id);
      const name = (person: string) => personName(game, person);
      return table(context)
        .list(game.id, { channel: "general", after: request.query.after ?? 0 })
        .map((m) => ({
          id: m.id,
          gameId: game.id,
          author: { id: m.userId ?? m.author, displayName: name(m.author) },
          body: messageWords(m, name),
          topic: m.channel,
          createdAt: m.at,
        }));
    },
  );

  app.post(
    "/api/games/:id/posts",
    {
      onRequest: context.messageLimit,
      schema: {
        operationId: "createPost",
        tags: ["forum"],
        summary: 'Post to the game\'s forum (its channel "general", or the channel named as topic)',
        params: gameIdParams,
        body: NewPost,
        response: { 201: PostCreated, ...errorResponses(...changing, ...inGame, 429) },
      },
    },
    async (request, reply) => {
      const { game, user, membership } = await seat(context, request, request.params.id);
      const body = request.body.body.trim();
      if (!body) throw badRequest("a post cannot be blank");
      // As a message in the channel the topic names: while the game goes on, an act the rules hear (and may refuse).
      const channel = request.body.topic?.trim() || "general";
      try {
        return reply.code(201).send(await postMessage(context, game, membership.playerId, user.id, { channel, text: body }));
      } catch (err) {
        if (err instanceof StoreWriteError) throw notSaved("your post", err);
        throw err;
      }
    },
  );
}
