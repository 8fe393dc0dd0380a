/** The game's forum: where its players talk, outside the rules. */
import { Type } from "@sinclair/typebox";
import { changing, errorResponses, inGame, NewPost, Post, PostCreated, PostsQuery, ref } from "../../api/index.js";
import type { Api, ServerContext } from "../context.js";
import { badRequest } from "../errors.js";
import { notSaved } from "../errors.js";
import { StoreWriteError } from "../../store/sqlite-driver.js";
import { gameIdParams } from "../schemas.js";
import { seat } from "./play.js";

export function forumRoutes(app: Api, context: ServerContext): void {
  app.get(
    "/api/games/:id/posts",
    {
      schema: {
        operationId: "listPosts",
        tags: ["forum"],
        summary: "The game's forum posts, oldest first",
        params: gameIdParams,
        querystring: PostsQuery,
        response: { 200: Type.Array(ref(Post)), ...errorResponses(...inGame) },
      },
    },
    async (request) => {
      const { game } = await seat(context, request, request.params.id);
      return context.accounts.posts(game.id, request.query.after ?? 0);
    },
  );

  app.post(
    "/api/games/:id/posts",
    {
      schema: {
        operationId: "createPost",
        tags: ["forum"],
        summary: "Post to the game's forum",
        params: gameIdParams,
        body: NewPost,
        response: { 201: PostCreated, ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request, reply) => {
      const { game, user } = await seat(context, request, request.params.id);
      const body = request.body.body.trim();
      if (!body) throw badRequest("a post cannot be blank");
      let id: number;
      try {
        id = context.accounts.addPost(game.id, user.id, body);
      } catch (err) {
        if (err instanceof StoreWriteError) throw notSaved("your post", err);
        throw err;
      }
      context.hub.announce(game.id, { kind: "post", id });
      return reply.code(201).send({ id });
    },
  );
}
