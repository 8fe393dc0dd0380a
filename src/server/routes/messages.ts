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
import { channelReadBy, type MessageOp } from "../../kernel/messages.js";
import type { Api, ServerContext } from "../context.js";
import { badRequest } from "../errors.js";
import { gameIdParams } from "../schemas.js";
import { channelList, messageList } from "../message-views.js";
import type { MessageTable } from "../messages.js";
import { seat } from "./play.js";

function table(context: ServerContext): MessageTable {
  if (!context.hub.messages) throw new Error("this server keeps no messages");
  return context.hub.messages;
}

/**
 * A participant posts (the API's channels, the forum's old route): while the game goes on, an
 * act the rules hear and may refuse, saying why; after it, only talk, where they may read and
 * the channel is open. Returns the message's number.
 */
export async function postMessage(
  context: ServerContext,
  game: Game,
  person: string,
  userId: string,
  { channel, text }: { channel: string; text: string },
): Promise<{ id: number }> {
  if (game.state.status === "active" || !text.trim() || !channelList(game.state, person).some((c) => c.id === channel && c.open))
    return context.hub.message(game, person, { op: "post", channel, text }, userId);
  const id = table(context).insertTalk(game.id, channel, person, userId, text, context.clock());
  context.hub.announce(game.id, { kind: "post", id }, (viewer) => channelReadBy(game.state, channel, viewer));
  return { id };
}

export function messageRoutes(app: Api, context: ServerContext): void {
  /** Posts, edits, deletes or redacts as the signed-in user (the hub tells the game's watchers). */
  const change = (game: Game, person: string, op: MessageOp, userId: string): Promise<{ id: number }> => context.hub.message(game, person, op, userId);

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
      const { game, membership } = await seat(context, request, request.params.id, true);
      return channelList(game.state, membership.playerId, table(context).counts(game.id));
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
      const { game, membership } = await seat(context, request, request.params.id, true);
      const { channel, after } = request.query;
      const person = membership.playerId;
      // A closed channel's history stays readable.
      if (channel !== undefined && !channelList(game.state, person).some((c) => c.id === channel))
        throw badRequest(`there is no channel "${channel}" in this game (GET /api/games/${game.id}/channels lists those you may read)`);
      return messageList(table(context), game, person, { channel, after: after ?? 0 });
    },
  );

  app.post(
    "/api/games/:id/messages",
    {
      onRequest: context.messageLimit,
      schema: {
        operationId: "postMessage",
        tags: ["messages"],
        summary: "Post a message in a channel: an act the rules hear (they may refuse it, saying why)",
        params: gameIdParams,
        body: NewMessage,
        response: { 201: MessageCreated, ...errorResponses(...changing, ...inGame, 429) },
      },
    },
    async (request, reply) => {
      const { game, membership, user } = await seat(context, request, request.params.id, true);
      return reply.code(201).send(await postMessage(context, game, membership.playerId, user.id, request.body));
    },
  );

  app.patch(
    "/api/games/:id/messages/:message",
    {
      onRequest: context.messageLimit,
      schema: {
        operationId: "editMessage",
        tags: ["messages"],
        summary: "Replace the text of a message of yours (rules hear the edit)",
        params: MessageParams,
        body: MessageEdit,
        response: { 200: MessageCreated, ...errorResponses(...changing, ...inGame, 429) },
      },
    },
    async (request) => {
      const { game, membership, user } = await seat(context, request, request.params.id, true);
      return change(game, membership.playerId, { op: "edit", message: request.params.message, text: request.body.text }, user.id);
    },
  );

  app.delete(
    "/api/games/:id/messages/:message",
    {
      onRequest: context.messageLimit,
      schema: {
        operationId: "deleteMessage",
        tags: ["messages"],
        summary: "Delete a message of yours: everyone sees that it was deleted, not what it said",
        params: MessageParams,
        response: { 200: MessageCreated, ...errorResponses(...changing, ...inGame, 429) },
      },
    },
    async (request) => {
      const { game, membership, user } = await seat(context, request, request.params.id, true);
      return change(game, membership.playerId, { op: "delete", message: request.params.message }, user.id);
    },
  );

  app.post(
    "/api/games/:id/messages/:message/redact",
    {
      onRequest: context.messageLimit,
      schema: {
        operationId: "redactMessage",
        tags: ["messages"],
        summary: "Remove a message's text for good, where the rules allow you (the game's host, if no rule says): the fact and your reason stay",
        params: MessageParams,
        body: Redaction,
        response: { 200: MessageCreated, ...errorResponses(...changing, ...inGame, 429) },
      },
    },
    async (request) => {
      const { game, membership, user } = await seat(context, request, request.params.id, true);
      return change(game, membership.playerId, { op: "redact", message: request.params.message, reason: request.body.reason }, user.id);
    },
  );
}
