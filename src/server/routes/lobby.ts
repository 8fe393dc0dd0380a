/** The lobby: presets, your games, creating a game, and joining one by its invitation. */
import type { FastifyInstance } from "fastify";
import { listPresets, loadPreset } from "../../ruleset/presets.js";
import { requireUser, type ServerContext } from "../context.js";
import { ApiError, badRequest, notFound } from "../errors.js";
import { isTimeZone, timeZoneSchema } from "../schemas.js";
import type { Game } from "../../kernel/game.js";

const gameSummary = {
  type: "object",
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    preset: { type: ["string", "null"] },
    status: { type: "string" },
    players: { type: "array", items: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } } },
    me: { type: ["string", "null"], description: "Your player id in this game" },
    timeZone: { type: "string" },
    createdAt: { type: "integer" },
  },
} as const;

const inviteParams = { type: "object", properties: { code: { type: "string", maxLength: 64 } } } as const;

export function summary(game: Game, me: string | null, timeZone: string) {
  return {
    id: game.id,
    name: game.state.name,
    preset: game.state.preset,
    status: game.state.status,
    players: game.state.players.map((p) => ({ id: p.id, name: p.name })),
    me,
    timeZone,
    createdAt: game.info.createdAt,
  };
}

export function lobbyRoutes(app: FastifyInstance, context: ServerContext): void {
  const { hub, directory } = context;
  // A double click must not make two players of one person.
  const pendingJoins = new Map<string, Promise<string>>();

  /** The game an invitation code is for, or a 404 saying to ask for a new link. */
  async function invited(code: string) {
    const settings = directory.settingsByInvite(code);
    const game = settings && (await hub.get(settings.gameId));
    if (!settings || !game) throw notFound("this invitation is not valid: ask the game's players for a new link");
    return { settings, game };
  }

  app.get("/api/presets", { schema: { tags: ["lobby"], summary: "The rulesets a game can start from" } }, async () => listPresets());

  app.get("/api/games", { schema: { tags: ["lobby"], summary: "The games you play", response: { 200: { type: "array", items: gameSummary } } } }, async (request) => {
    const user = requireUser(request);
    const out = [];
    for (const m of directory.membershipsOf(user.id)) {
      const game = await hub.get(m.gameId);
      if (game) out.push(summary(game, m.playerId, directory.settings(m.gameId)?.timeZone ?? "UTC"));
    }
    return out;
  });

  app.post<{ Body: { name: string; preset: string; timeZone?: string } }>("/api/games", {
    schema: {
      tags: ["lobby"],
      summary: "Create a game from a preset ruleset; you join it as its first player",
      body: { type: "object", additionalProperties: false, required: ["name", "preset"], properties: { name: { type: "string", minLength: 1, maxLength: 100 }, preset: { type: "string", maxLength: 64 }, timeZone: timeZoneSchema } },
      response: { 201: { type: "object", properties: { ...gameSummary.properties, invite: { type: "string" } } } },
    },
  }, async (request, reply) => {
    const user = requireUser(request);
    const { preset, timeZone = user.timeZone ?? "UTC" } = request.body;
    const name = request.body.name.trim();
    if (!name) throw badRequest("a game needs a name");
    if (!isTimeZone(timeZone)) throw badRequest(`"${timeZone}" is not a time zone; use an IANA name such as Europe/Paris`);
    let rules;
    try {
      rules = loadPreset(preset).rules;
    } catch (err) {
      throw badRequest((err as Error).message);
    }
    const game = await hub.create({ name, preset, rules });
    const settings = directory.createSettings(game.id, user.id, timeZone);
    const player = await hub.change(game, (g) => g.join(user.displayName));
    directory.addMember(game.id, user.id, player.id);
    return reply.code(201).send({ ...summary(game, player.id, timeZone), invite: settings.inviteCode });
  });

  app.get<{ Params: { code: string } }>("/api/invites/:code", {
    schema: { tags: ["lobby"], summary: "The game an invitation is for", params: inviteParams, response: { 200: gameSummary } },
  }, async (request) => {
    const user = requireUser(request);
    const { settings, game } = await invited(request.params.code);
    return summary(game, directory.membership(game.id, user.id)?.playerId ?? null, settings.timeZone);
  });

  app.post<{ Params: { code: string } }>("/api/invites/:code/join", {
    schema: { tags: ["lobby"], summary: "Join the game an invitation is for", params: inviteParams, response: { 200: gameSummary } },
  }, async (request) => {
    const user = requireUser(request);
    const { settings, game } = await invited(request.params.code);
    const existing = directory.membership(game.id, user.id);
    // One person, one player (Nomic VIII 109): joining twice is answered with the first.
    if (existing) return summary(game, existing.playerId, settings.timeZone);
    if (game.state.status === "over") throw new ApiError(409, "game-over", "this game is over; it cannot be joined");
    const key = `${game.id}:${user.id}`;
    let joining = pendingJoins.get(key);
    if (!joining) {
      joining = hub.change(game, (g) => g.join(user.displayName)).then((player) => directory.addMember(game.id, user.id, player.id).playerId);
      pendingJoins.set(key, joining);
      void joining.finally(() => pendingJoins.delete(key)).catch(() => undefined);
    }
    return summary(game, await joining, settings.timeZone);
  });
}
