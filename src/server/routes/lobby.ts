/** The lobby: presets, your games, creating a game, and joining one by its invitation. */
import {
  changing,
  errorResponses,
  GameSummary,
  InviteAbout,
  InviteParams,
  JoinRequest,
  NewGame as NewGameRequest,
  Preset,
  ref,
  RulesetPreview,
  RulesetText,
  signedIn,
  type GameSummary as Summary,
} from "../../api/index.js";
import { Type } from "@sinclair/typebox";
import { RulesetImportError } from "../../records/import/errors.js";
import { rulesetFromText } from "../../ruleset-sources/from-text.js";
import { listPresets, loadPreset } from "../../ruleset-sources/presets.js";
import { requireUser, type Api, type ServerContext } from "../context.js";
import { ApiError, badRequest, notFound } from "../errors.js";
import { isTimeZone } from "../schemas.js";
import type { Game, NewGame } from "../../kernel/game.js";
import type { GameSettings } from "../accounts.js";
import { awaiting } from "./membership.js";

const summaryRef = ref(GameSummary);

export function summary(game: Game, me: string | null, timeZone: string): Summary {
  return {
    id: game.id,
    name: game.state.name,
    preset: game.state.preset,
    status: game.state.status,
    players: game.state.players.map((p) => ({ id: p.id, name: p.name })),
    me,
    ...(me !== null && awaiting(game, me) !== undefined ? { awaits: awaiting(game, me) } : {}),
    ...(me !== null && game.state.observers?.some((o) => o.id === me) ? { observes: true } : {}),
    ...(me !== null && departure(game, me) !== undefined ? { left: departure(game, me) } : {}),
    timeZone,
    createdAt: game.info.createdAt,
  };
}

/** Why a person who was a player of the game no longer is one, as the game recorded it. */
function departure(game: Game, me: string): string | undefined {
  if (game.state.players.some((p) => p.id === me)) return undefined;
  return game.state.departed.find((p) => p.id === me)?.reason;
}

/** What a request to join waits for, where the game's creator approves each newcomer. */
export const approvalAwaited = (owner: string) => `the approval of ${owner}, who created the game; you join as soon as they approve`;

export function lobbyRoutes(app: Api, context: ServerContext): void {
  const { hub, accounts, joinRequests } = context;
  const ownerName = (settings: GameSettings) => accounts.user(settings.ownerId)?.displayName ?? "its creator";
  /** The summary for `user`, saying so while their request to join awaits the creator's approval. */
  const summaryFor = (game: Game, settings: GameSettings, userId: string, me: string | null) => {
    const s = summary(game, me, settings.timeZone);
    const playing = me !== null && game.state.players.some((p) => p.id === me);
    return joinRequests.get(game.id, userId) && !playing ? { ...s, awaits: approvalAwaited(ownerName(settings)) } : s;
  };

  /** The game an invitation code is for, or a 404 saying to ask for a new link. */
  async function invited(code: string) {
    const settings = accounts.settingsByInvite(code);
    const game = settings && (await hub.get(settings.gameId));
    if (!settings || !game) {
      if (accounts.retiredInvite(code) !== undefined)
        throw new ApiError(404, "invite-replaced", "this invitation link was replaced by a newer one: ask the game's players for the new link");
      throw notFound("this invitation is not valid: ask the game's players for a new link");
    }
    return { settings, game };
  }

  app.get(
    "/api/presets",
    {
      schema: {
        operationId: "listPresets",
        tags: ["lobby"],
        summary: "The rulesets a game can start from",
        security: [],
        response: { 200: Type.Array(ref(Preset)), ...errorResponses(400, 500) },
      },
    },
    async () => listPresets(),
  );

  app.get(
    "/api/games",
    {
      schema: {
        operationId: "listGames",
        tags: ["lobby"],
        summary: "The games you play",
        response: { 200: Type.Array(summaryRef), ...errorResponses(...signedIn) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const out = [];
      for (const m of accounts.membershipsOf(user.id)) {
        const game = await hub.get(m.gameId);
        if (game) out.push(summary(game, m.playerId, accounts.settings(m.gameId)?.timeZone ?? "UTC"));
      }
      return out;
    },
  );

  app.post(
    "/api/rulesets/preview",
    {
      schema: {
        operationId: "previewRuleset",
        tags: ["lobby"],
        summary:
          "Read a published ruleset's text as a new game would: the layout recognised, the rules (number, title, mutability, text, stated history), the rules no longer in effect, and notes; or a 400 naming the line that could not be read",
        body: RulesetText,
        response: { 200: ref(RulesetPreview), ...errorResponses(...changing, ...signedIn) },
      },
    },
    async (request) => {
      requireUser(request);
      const r = readRuleset(request.body);
      const { layout, title, asOf, preamble, epilogue } = r.imported;
      return {
        layout,
        title,
        asOf,
        preamble,
        epilogue,
        rules: r.rules.map(({ code, ...rule }) => ({ ...rule, hasCode: !!code })),
        archived: r.archived,
        handPlay: r.handPlay,
        notes: r.notes,
      };
    },
  );

  app.post(
    "/api/games",
    {
      schema: {
        operationId: "createGame",
        tags: ["lobby"],
        summary:
          "Create a game from a preset ruleset, or from a published ruleset's text (optionally with a preset's code attached rule by rule); you join it as its first player",
        body: NewGameRequest,
        response: { 201: summaryRef, ...errorResponses(...changing, ...signedIn) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { preset, ruleset, timeZone = user.timeZone ?? "UTC", practice = false } = request.body;
      const name = request.body.name.trim();
      if (!name) throw badRequest("a game needs a name");
      if (!isTimeZone(timeZone)) throw badRequest(`"${timeZone}" is not a time zone; use an IANA name such as Europe/Paris`);
      if ((preset === undefined) === (ruleset === undefined))
        throw badRequest("say what the game starts from: a preset (GET /api/presets) or a ruleset's text");
      let spec: NewGame;
      if (ruleset) {
        const r = readRuleset(ruleset);
        spec = { name, preset: r.codeFrom, rules: r.rules, archived: r.archived };
      } else {
        try {
          const { rules, archived } = loadPreset(preset!);
          spec = { name, preset: preset!, rules, archived };
        } catch (err) {
          throw badRequest((err as Error).message);
        }
      }
      // The game, its founder's player, its settings and the founder's seat: all or nothing.
      let settings: GameSettings | undefined;
      const { game, player } = await hub.found(
        { ...spec, practice },
        user.displayName,
        (g, p) => {
          settings = accounts.createSettings(g.id, user.id, timeZone);
          accounts.addMember(g.id, user.id, p.id);
        },
        request.body.as === "observer",
      );
      return reply.code(201).send({ ...summary(game, player.id, timeZone), invite: settings!.inviteCode });
    },
  );

  app.get(
    "/api/invites/:code",
    {
      schema: {
        operationId: "getInvite",
        tags: ["lobby"],
        summary: "The game an invitation is for",
        params: InviteParams,
        response: { 200: summaryRef, ...errorResponses(...signedIn, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { settings, game } = await invited(request.params.code);
      return summaryFor(game, settings, user.id, accounts.membership(game.id, user.id)?.playerId ?? null);
    },
  );

  app.get(
    "/api/invites/:code/about",
    {
      schema: {
        operationId: "aboutInvite",
        tags: ["lobby"],
        summary: "What an invitation is for, to anyone with its link (signed in or not): the game's name, its ruleset's title, and who invited you",
        security: [],
        params: InviteParams,
        response: { 200: InviteAbout, ...errorResponses(400, 404, 500) },
      },
    },
    async (request) => {
      const { settings, game } = await invited(request.params.code);
      const preset = game.state.preset;
      const title = preset ? listPresets().find((p) => p.name === preset)?.title : undefined;
      return {
        game: game.state.name,
        ruleset: title ?? "a ruleset of its own",
        invitedBy: accounts.user(settings.ownerId)?.displayName ?? "a player",
        joining: settings.joining,
      };
    },
  );

  app.post(
    "/api/invites/:code/join",
    {
      schema: {
        operationId: "joinGame",
        tags: ["lobby"],
        summary:
          'Join the game an invitation is for: as a player, or with { as: "observer" } taking part without playing. An observer joins as a player later the same way ({ as: "player" })',
        params: InviteParams,
        body: Type.Optional(JoinRequest),
        response: { 200: summaryRef, ...errorResponses(...changing, ...signedIn, 404, 409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { settings, game } = await invited(request.params.code);
      const as = request.body?.as ?? "player";
      const existing = accounts.membership(game.id, user.id);
      const observer = existing && game.state.observers?.some((o) => o.id === existing.playerId);
      // One person, one player (Nomic VIII 109): joining twice is answered with the first; an observer may join as a player.
      if (existing && !(observer && as === "player")) return summary(game, existing.playerId, settings.timeZone);
      if (game.state.status === "over") throw new ApiError(409, "game-over", "this game is over; it cannot be joined");
      if (settings.joining === "closed") {
        throw new ApiError(
          403,
          "joining-closed",
          `${game.state.name} takes no new players or observers just now: ${ownerName(settings)} has closed its invitation; ask them to open it`,
        );
      }
      if (settings.joining === "approval") {
        // Asked of the creator; seated when they approve (routes/join-requests.ts).
        if (!joinRequests.ask(game.id, user.id, as))
          throw new ApiError(
            409,
            "too-many-requests",
            `${game.state.name} has too many requests to join waiting for ${ownerName(settings)}; try again once they have answered some`,
          );
        return summaryFor(game, settings, user.id, existing?.playerId ?? null);
      }
      const me = await context.newcomers.seat(game, user, as);
      // A request made while the link wanted approval is answered by joining.
      joinRequests.remove(game.id, user.id);
      // The game as it now stands (reloaded, if another process wrote to it meanwhile).
      return summary((await hub.get(game.id)) ?? game, me, settings.timeZone);
    },
  );
}

/** A ruleset read from its text; what cannot be read is a 400 naming the line. */
function readRuleset(body: RulesetText) {
  try {
    return rulesetFromText(body.text, {
      ...(body.layout !== undefined ? { layout: body.layout } : {}),
      ...(body.codeFrom !== undefined ? { codeFrom: body.codeFrom } : {}),
      ...(body.offices !== undefined ? { offices: body.offices } : {}),
    });
  } catch (err) {
    throw new ApiError(400, err instanceof RulesetImportError ? "unreadable-ruleset" : "invalid-input", `${(err as Error).message}; nothing was imported`);
  }
}
