/**
 * A game's settings, changed by its creator: the time zone its deadlines are announced in, and
 * its invitation (whether the link takes newcomers; a new link, the old one then refused in
 * words). What the rules say of membership still holds for whoever the link lets in.
 */
import { Type } from "@sinclair/typebox";
import { changing, errorResponses, GameSettings, inGame, Joining, ref, TimeZone } from "../../api/index.js";
import type { GameSettings as Settings } from "../accounts.js";
import type { Api, ServerContext } from "../context.js";
import { badRequest, forbidden } from "../errors.js";
import { gameIdParams, isTimeZone } from "../schemas.js";
import { seat } from "./play.js";

const reply = (s: Settings): GameSettings => ({ timeZone: s.timeZone, joining: s.joining, invite: s.inviteCode });

/** The game and its settings, if the user asking created it; else a 403 naming its creator. */
export async function ownedGame(context: ServerContext, request: Parameters<typeof seat>[1], id: string) {
  const { game, user } = await seat(context, request, id, true);
  const settings = context.accounts.settings(game.id);
  if (!settings || settings.ownerId !== user.id) {
    const owner = settings && context.accounts.user(settings.ownerId)?.displayName;
    throw forbidden(`only the game's creator${owner ? `, ${owner},` : ""} can change its settings and its invitation`);
  }
  return { game, settings };
}

export function gameSettingsRoutes(app: Api, context: ServerContext): void {
  const { accounts } = context;
  const owned = (request: Parameters<typeof seat>[1], id: string) => ownedGame(context, request, id);

  app.patch(
    "/api/games/:id/settings",
    {
      schema: {
        operationId: "updateGameSettings",
        tags: ["play"],
        summary:
          "Change the game's settings (its creator only): the time zone its deadlines are announced in, and whether its invitation link takes newcomers (joining: open; approval, each newcomer asks and the creator approves or declines; closed, every new player and observer is refused in words)",
        params: gameIdParams,
        body: Type.Object({ timeZone: Type.Optional(TimeZone), joining: Type.Optional(Joining) }, { additionalProperties: false }),
        response: { 200: ref(GameSettings), ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request) => {
      const { timeZone, joining } = request.body;
      if (timeZone === undefined && joining === undefined) throw badRequest("say what to change: timeZone, joining (open, approval or closed), or both");
      const { game } = await owned(request, request.params.id);
      if (timeZone !== undefined && !isTimeZone(timeZone)) throw badRequest(`"${timeZone}" is not a time zone; use an IANA name such as Europe/Paris`);
      if (timeZone !== undefined) accounts.setTimeZone(game.id, timeZone);
      if (joining !== undefined) accounts.setJoining(game.id, joining);
      return reply(accounts.settings(game.id)!);
    },
  );

  app.post(
    "/api/games/:id/settings/new-invite",
    {
      schema: {
        operationId: "renewInvite",
        tags: ["play"],
        summary: "Make a new invitation link for the game (its creator only): the old link then admits no one, and says that it was replaced",
        params: gameIdParams,
        response: { 200: ref(GameSettings), ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request) => {
      const { game, settings } = await owned(request, request.params.id);
      accounts.newInvite(game.id, settings.inviteCode);
      return reply(accounts.settings(game.id)!);
    },
  );
}
