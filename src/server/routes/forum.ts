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
      const { game, user, membership } = await seat(context, request, request.params.id);
      const body = request.body.body.trim();
      if (!body) throw badRequest("a post cannot be blank");
      const topic = request.body.topic?.trim() || "general";
      const write = () => context.accounts.addPost(game.id, user.id, body, topic);
      // A post by a player in a game going on is an act too (the rules hear it); otherwise it is only talk.
      const inPlay = game.state.status === "active" && game.state.players.some((p) => p.id === membership.playerId);
      let id: number;
      try {
        id = inPlay ? await context.hub.post(game, membership.playerId, topic, write) : write();
      } catch (err) {
        if (err instanceof StoreWriteError) throw notSaved("your post", err);
        throw err;
      }
      context.hub.announce(game.id, { kind: "post", id });
      return reply.code(201).send({ id });
    },
  );
}
