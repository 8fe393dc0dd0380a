/** Playing a game: its page, acting, the log, the past, dry runs and settings. */
import type { FastifyRequest } from "fastify";
import {
  ActReply,
  ActRequest,
  changing,
  DryRunReply,
  DryRunRequest,
  errorResponses,
  GamePage,
  GameView,
  inGame,
  LogPage,
  LogQuery,
  ref,
  RulesReply,
} from "../../api/index.js";
import { Type } from "@sinclair/typebox";
import { ActionError, type Game } from "../../kernel/game.js";
import { viewFor, visibleLog } from "../../kernel/visibility.js";
import { requireUser, type Api, type ServerContext } from "../context.js";
import type { Membership, User } from "../accounts.js";
import { badRequest, forbidden, notFound } from "../errors.js";
import { gameIdParams } from "../schemas.js";
import { permissionsOf } from "../../present/permissions.js";
import { previewDiff } from "../dry-run.js";
import { notYetAdmitted } from "./membership.js";
import { withMessages } from "../message-log.js";
import { gamePage, logEntry, momentFor, rulesVersion, stateAt } from "../views.js";
import { PageCache } from "../page-cache.js";

export interface Seat {
  user: User;
  game: Game;
  membership: Membership;
}

/** The game, and the signed-in user's seat in it; its players, and those who take part without playing, may look in. */
export async function seat(context: ServerContext, request: FastifyRequest, id: string, applicants = false): Promise<Seat> {
  const user = requireUser(request);
  const game = await context.hub.get(id);
  if (!game) throw notFound(`there is no game "${id}"; GET /api/games lists yours`);
  const membership = context.accounts.membership(id, user.id);
  if (!membership) throw forbidden("you are not a player in this game; join it with its invitation link");
  // An applicant waits outside, save where `applicants` lets them in (the channels: they may talk, e.g. ask to be admitted).
  if (!applicants) notYetAdmitted(game, membership.playerId);
  return { user, game, membership };
}

export function playRoutes(app: Api, context: ServerContext): void {
  const { accounts } = context;
  const pages = new PageCache();

  app.get(
    "/api/games/:id",
    {
      schema: {
        operationId: "getGame",
        response: { 200: ref(GamePage), ...errorResponses(...inGame) },
        tags: ["play"],
        summary:
          "The game as you may see it: players, every state the rules declare (secrets filtered), the actions offered, timers, and the rules' version (the rules themselves: GET .../rules)",
        params: gameIdParams,
      },
    },
    async (request, reply) => {
      const { game, membership, user } = await seat(context, request, request.params.id);
      const settings = accounts.settings(game.id);
      const lastSeen = context.seen.of(game.id, user.id);
      // Every player's page is read after every act: each is built and serialized once per act.
      const body = await pages.get(game, membership.playerId, settings, lastSeen, () =>
        context.hub.read(game, async (g) => String(reply.serialize(await gamePage(g, settings, membership.playerId, lastSeen)))),
      );
      return reply.type("application/json; charset=utf-8").send(body);
    },
  );

  // The rules in effect, serialized once per version and shared by every player.
  const rulesCache = new Map<string, { version: number; body: string }>();
  // A game unloaded takes its cached pages and rules with it: idle games cost the server nothing.
  context.hub.onUnload((id) => {
    pages.forget(id);
    rulesCache.delete(id);
  });
  app.get(
    "/api/games/:id/rules",
    {
      schema: {
        operationId: "getRules",
        response: {
          200: ref(RulesReply),
          304: Type.Null({ description: "The rules are unchanged since the ETag sent in If-None-Match" }),
          ...errorResponses(...inGame),
        },
        tags: ["play"],
        summary:
          "The rules in effect: number, title, text, mutability, revision, code, what the code may do (permissions) and history. Send If-None-Match with the last ETag to get 304 while they are unchanged",
        params: gameIdParams,
      },
    },
    async (request, reply) => {
      const { game } = await seat(context, request, request.params.id);
      const version = rulesVersion(game.state);
      const etag = `"rules-${game.id}-${version}"`;
      reply.header("ETag", etag).header("Cache-Control", "private, no-cache");
      if (request.headers["if-none-match"] === etag) return reply.code(304).send(null); // fastify sends a 304 without a body
      let cached = rulesCache.get(game.id);
      if (cached?.version !== version) {
        const rules = viewFor(game.state, null).rules.map((r) => {
          const permissions = permissionsOf(game.state, r.number);
          return permissions ? { ...r, permissions } : r;
        });
        const repealed = game.state.repealed.map((r) => ({ ...r, inEffect: false, suspended: null }));
        cached = { version, body: JSON.stringify({ version, rules, repealed }) };
        rulesCache.set(game.id, cached);
      }
      return reply.type("application/json; charset=utf-8").send(cached.body);
    },
  );

  app.post(
    "/api/games/:id/act",
    {
      schema: {
        operationId: "act",
        tags: ["play"],
        summary: "Take an action as your player (propose, vote, judge...: GET the game for the actions offered and their input forms)",
        params: gameIdParams,
        body: ActRequest,
        response: { 200: ref(ActReply), ...errorResponses(...changing, ...inGame, 409, 422, 503) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      const outcome = await context.hub.change(game, (g) => g.act(membership.playerId, request.body.action, request.body.input ?? {}));
      return { seq: outcome.act.seq, failed: outcome.failed, entry: logEntry(game.state, outcome.act, membership.playerId) };
    },
  );

  app.get(
    "/api/games/:id/log",
    {
      schema: {
        operationId: "getLog",
        tags: ["play"],
        summary: "The game's log as you may read it, oldest first",
        params: gameIdParams,
        querystring: LogQuery,
        response: { 200: ref(LogPage), ...errorResponses(...inGame) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      const acts = await context.hub.engine.store.readActs(game.id, request.query.after ?? 0);
      const limit = request.query.limit ?? 500;
      const entries = visibleLog(game.state, acts.slice(0, limit), membership.playerId);
      return { last: game.state.seq, entries: withMessages(game, context.hub.messages, entries) };
    },
  );

  app.get(
    "/api/games/:id/at",
    {
      schema: {
        operationId: "getGameAt",
        tags: ["play"],
        summary: "The game as it stood after a given act (seq) or at a given time (ISO 8601), as you may see it",
        params: gameIdParams,
        querystring: Type.Object(
          { seq: Type.Optional(Type.Integer({ minimum: 1 })), time: Type.Optional(Type.String({ maxLength: 40 })) },
          { additionalProperties: false },
        ),
        response: { 200: ref(GameView), ...errorResponses(...inGame) },
      },
    },
    async (request) => {
      const { game, membership } = await seat(context, request, request.params.id);
      const acts = await context.hub.engine.store.readActs(game.id, 0);
      if (request.query.seq === undefined && request.query.time === undefined) throw badRequest("say which moment: ?seq=<act number> or ?time=<ISO 8601 time>");
      const state = stateAt(acts, game, momentFor(acts, request.query, game.state.seq));
      return viewFor(state, membership.playerId);
    },
  );

  app.post(
    "/api/games/:id/dry-run",
    {
      schema: {
        operationId: "dryRun",
        tags: ["play"],
        summary:
          "Try actions on a copy of the game and see what they would change (for example: propose, then everyone votes yes); the real game is untouched. The copy holds only what you may see (secrets read as their initial value) and draws its own random numbers, so its outcome can differ from the real game's where hidden state or chance decides",
        params: gameIdParams,
        body: DryRunRequest,
        response: { 200: ref(DryRunReply), ...errorResponses(...changing, ...inGame, 429, 503) },
      },
    },
    async (request) => {
      const { game, membership, user } = await seat(context, request, request.params.id);
      const release = await context.dryRuns.enter(user.id);
      // The copy holds only what the asker may see, whoever each step acts as.
      const copy = await game.fork({ as: membership.playerId }).catch((err) => {
        release();
        throw err;
      });
      try {
        const before = viewFor(copy.state, membership.playerId);
        const steps = [];
        for (const step of request.body.steps) {
          const actor = step.as ?? membership.playerId;
          try {
            const outcome = await copy.act(actor, step.action, step.input ?? {});
            steps.push({ ok: true, as: actor, action: step.action, failed: outcome.failed, entry: logEntry(copy.state, outcome.act, membership.playerId) });
          } catch (err) {
            if (!(err instanceof ActionError)) throw err;
            steps.push({ ok: false, as: actor, action: step.action, error: { code: err.code, message: err.message } });
          }
        }
        return { steps, changes: previewDiff(before, viewFor(copy.state, membership.playerId), copy.state) };
      } finally {
        copy.close();
        release();
      }
    },
  );
}
