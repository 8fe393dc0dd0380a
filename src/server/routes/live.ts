/**
 * Live updates by server-sent events. Each event says only that something happened (its
 * seq, or a message's number), never what: the page then fetches its own filtered view, so a
 * secret cannot travel down a shared channel; and each goes only to watchers who may know of
 * it (GameHub.watch). A page that reconnects sends Last-Event-ID and hears at once if it missed acts;
 * a page opening the stream after reading the game says which act it read (?after=) to the same end.
 */
import { Type } from "@sinclair/typebox";
import { errorResponses, inGame } from "../../api/index.js";
import type { Api, ServerContext } from "../context.js";
import type { News } from "../hub.js";
import { gameIdParams } from "../schemas.js";
import { seat } from "./play.js";

const heartbeatMs = 20_000;

const stream = {
  description: "A stream of server-sent events that stays open",
  content: {
    "text/event-stream": {
      schema: Type.String({
        description:
          '`act` events (id: the act\'s seq, data: {"seq": n}, with "restored": true when the game has fewer acts than the page heard of: it was restored from a backup, and the page must read it anew) and `message` events (data: {"id": n}: a message posted, edited, deleted or redacted); each only to those who may know of it (a private channel\'s messages, and their acts, reach its readers alone)',
      }),
    },
  },
};

export function liveRoutes(app: Api, context: ServerContext): void {
  app.get(
    "/api/games/:id/live",
    {
      schema: {
        operationId: "watchGame",
        tags: ["play"],
        summary:
          "Server-sent events: `act` (data: {seq}) after every act you may know of, `message` (data: {id}) after a message is posted, edited, deleted or redacted in a channel you read",
        params: gameIdParams,
        querystring: Type.Object(
          {
            after: Type.Optional(
              Type.Integer({
                minimum: 0,
                description: "The last act you have read: if the game has moved on since, an `act` event says so at once (as Last-Event-ID does)",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: stream, ...errorResponses(...inGame) },
      },
    },
    async (request, reply) => {
      const { game, membership } = await seat(context, request, request.params.id);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
      // A reconnecting page's Last-Event-ID is newer than the act its URL names.
      const lastSeen = Number(request.headers["last-event-id"] ?? request.query.after);
      const newest = game.state.seq;
      // A page that missed acts, or that heard of acts this game no longer has (it was restored
      // from a backup), is told of the newest act: it fetches the game again.
      const behind = Number.isFinite(lastSeen) && lastSeen !== newest;
      // The act a page catches up on may be the one the hub is about to announce: it hears of each once.
      let told = !Number.isFinite(lastSeen) ? -1 : lastSeen > newest ? newest - 1 : lastSeen;
      const send = (news: News, restored = false) => {
        if (news.kind === "post") raw.write(`event: message\ndata: ${JSON.stringify({ id: news.id })}\n\n`);
        else if (news.seq > told) {
          told = news.seq;
          raw.write(`id: ${news.seq}\nevent: act\ndata: ${JSON.stringify(restored ? { seq: news.seq, restored } : { seq: news.seq })}\n\n`);
        }
      };
      raw.write("retry: 1000\n\n");
      // Once the disk has it, as every watcher hears of an act (GameHub.change).
      if (behind) {
        void Promise.resolve(context.hub.engine.store.durable?.()).then(
          () => raw.destroyed || send({ kind: "act", seq: newest }, lastSeen > newest),
          () => undefined, // a disk that failed: the page hears nothing it could lose
        );
      }
      // Each watcher hears only of what they may know of: a private channel's messages reach its readers alone.
      const unwatch = context.hub.watch(game.id, membership.playerId, send, () => raw.end());
      const heartbeat = setInterval(() => raw.write(": still here\n\n"), heartbeatMs);
      const stop = () => {
        clearInterval(heartbeat);
        unwatch();
      };
      raw.on("close", stop);
      raw.on("error", stop);
    },
  );
}
