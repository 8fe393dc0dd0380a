/**
 * The game's channels and their messages: list them, post, edit, delete, redact. Every change
 * is an act (GameHub.message: the rules hear it, and may refuse it, saying why); the text is
 * kept beside the act, so a redaction removes it for good. Watchers hear "message" news.
 */
import { Type } from "@sinclair/typebox";
import {
  Channel,
  changing,
  errorResponses,
  inGame,
  Message,
  MessageCreated,
  MessageEdit,
  MessageParams,
  MessagesQuery,
  NewMessage,
  Redaction,
  ref,
} from "../../api/index.js";
import type { Game } from "../../kernel/game.js";
import type { MessageOp } from "../../kernel/messages.js";
import type { Api, ServerContext } from "../context.js";
import { badRequest } from "../errors.js";
import { gameIdParams } from "../schemas.js";
import { channelList, messageList } from "../message-views.js";
import { seat } from "./play.js";

export function messageRoutes(app: Api, context: ServerContext): void {
  /** Posts, edits, deletes or redacts as the signed-in user, and tells the game's watchers. */
  const change = async (game: Game, person: string, op: MessageOp): Promise<{ id: number }> => {
    const done = await context.hub.message(game, person, op);
    context.hub.announce(game.id, { kind: "message", id: done.id });
    return done;
  };

  app.get(
    "/api/games/:id/channels",
    {
      schema: {
        operationId: "listChannels",
        tags: ["messages"],
        summary: "The game's channels you may read, with how many messages each holds",
        params: gameIdParams,
        response: { 200: Type.Array(ref(Channel)), ...errorResponses(...inGame) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      return channelList(game.state, membership.playerId);
    },
  );

  app.get(
    "/api/games/:id/messages",
    {
      schema: {
        operationId: "listMessages",
        tags: ["messages"],
        summary: "Messages you may read, oldest first (one channel's, or every readable channel's), at most 200 after `after`",
        params: gameIdParams,
        querystring: MessagesQuery,
        response: { 200: Type.Array(ref(Message)), ...errorResponses(...inGame) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      const { channel, after } = request.query;
      const person = membership.playerId;
      if (channel !== undefined && !channelList(game.state, person).some((c) => c.id === channel))
        throw badRequest(`there is no channel "${channel}" in this game (GET /api/games/${game.id}/channels lists those you may read)`);
      return messageList(context, game, person, { channel, after: after ?? 0 });
    },
  );

  app.post(
    "/api/games/:id/messages",
    {
      schema: {
        operationId: "postMessage",
        tags: ["messages"],
        summary: "Post a message in a channel: an act the rules hear (they may refuse it, saying why)",
        params: gameIdParams,
        body: NewMessage,
        response: { 201: MessageCreated, ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request, reply) => {
      const { game, membership } = await seat(context, request, request.params.id);
      const done = await change(game, membership.playerId, { op: "post", channel: request.body.channel, text: request.body.text });
      return reply.code(201).send(done);
    },
  );

  app.patch(
    "/api/games/:id/messages/:message",
    {
      schema: {
        operationId: "editMessage",
        tags: ["messages"],
        summary: "Replace the text of a message of yours (rules hear the edit)",
        params: MessageParams,
        body: MessageEdit,
        response: { 200: MessageCreated, ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      return change(game, membership.playerId, { op: "edit", message: request.params.message, text: request.body.text });
    },
  );

  app.delete(
    "/api/games/:id/messages/:message",
    {
      schema: {
        operationId: "deleteMessage",
        tags: ["messages"],
        summary: "Delete a message of yours: everyone sees that it was deleted, not what it said",
        params: MessageParams,
        response: { 200: MessageCreated, ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      return change(game, membership.playerId, { op: "delete", message: request.params.message });
    },
  );

  app.post(
    "/api/games/:id/messages/:message/redact",
    {
      schema: {
        operationId: "redactMessage",
        tags: ["messages"],
        summary: "Remove a message's text for good, where the rules allow you (the game's host, if no rule says): the fact and your reason stay",
        params: MessageParams,
        body: Redaction,
        response: { 200: MessageCreated, ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      return change(game, membership.playerId, { op: "redact", message: request.params.message, reason: request.body.reason });
    },
  );
}
