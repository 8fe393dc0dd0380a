/** The game's forum: where its players talk, outside the rules. */
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.js";
import { badRequest } from "../errors.js";
import { notSaved } from "../hub.js";
import { StoreWriteError } from "../../store/sqlite-driver.js";
import { gameIdParams } from "../schemas.js";
import { seat } from "./play.js";

export function forumRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get<{ Params: { id: string }; Querystring: { after?: number } }>("/api/games/:id/posts", {
    schema: { tags: ["forum"], summary: "The game's forum posts, oldest first", params: gameIdParams, querystring: { type: "object", additionalProperties: false, properties: { after: { type: "integer", minimum: 0 } } } },
  }, async (request) => {
    const { game } = await seat(context, request, request.params.id);
    return context.directory.posts(game.id, request.query.after ?? 0);
  });

  app.post<{ Params: { id: string }; Body: { body: string } }>("/api/games/:id/posts", {
    schema: {
      tags: ["forum"],
      summary: "Post to the game's forum",
      params: gameIdParams,
      body: { type: "object", additionalProperties: false, required: ["body"], properties: { body: { type: "string", minLength: 1, maxLength: 10_000 } } },
    },
  }, async (request, reply) => {
    const { game, user } = await seat(context, request, request.params.id);
    const body = request.body.body.trim();
    if (!body) throw badRequest("a post cannot be blank");
    let id: number;
    try {
      id = context.directory.addPost(game.id, user.id, body);
    } catch (err) {
      if (err instanceof StoreWriteError) throw notSaved("your post", err);
      throw err;
    }
    context.hub.announce(game.id, { kind: "post", id });
    return reply.code(201).send({ id });
  });
}

