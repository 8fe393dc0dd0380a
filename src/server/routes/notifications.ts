/**
 * What a player asks to be told by mail: for their account, for one game, and the one-click
 * unsubscribe every notification carries (RFC 8058: a mail client POSTs the form
 * "List-Unsubscribe=One-Click" to the link, with no cookie; the link's signature is the proof).
 */
import { Type } from "@sinclair/typebox";
import {
  changing,
  errorResponses,
  GameNotificationChange,
  GameNotificationSettings,
  inGame,
  Notice,
  NotificationSettings,
  notificationsOff,
  ref,
  signedIn,
  WeeklyReportsSchedule,
} from "../../api/index.js";
import { requireUser, type Api, type ServerContext } from "../context.js";
import { ApiError, forbidden } from "../errors.js";
import { gameIdParams } from "../schemas.js";
import { seat } from "./play.js";

const UnsubscribeToken = Type.Object({ token: Type.String({ minLength: 1, maxLength: 400 }) }, { additionalProperties: false });

export function notificationRoutes(app: Api, context: ServerContext): void {
  const { prefs } = context;

  app.get(
    "/api/me/notifications",
    {
      schema: {
        operationId: "getNotificationSettings",
        tags: ["accounts"],
        summary: "What you are told by mail, in every game that has no settings of its own",
        response: { 200: ref(NotificationSettings), ...errorResponses(...signedIn) },
      },
    },
    async (request) => prefs.account(requireUser(request).id),
  );

  app.put(
    "/api/me/notifications",
    {
      schema: {
        operationId: "setNotificationSettings",
        tags: ["accounts"],
        summary: "Choose what you are told by mail, in every game that has no settings of its own",
        body: NotificationSettings,
        response: { 200: ref(NotificationSettings), ...errorResponses(...changing, ...signedIn) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      prefs.setAccount(user.id, request.body);
      return prefs.account(user.id);
    },
  );

  app.get(
    "/api/games/:id/notifications",
    {
      schema: {
        operationId: "getGameNotificationSettings",
        tags: ["play"],
        summary: "What you are told by mail about this game",
        params: gameIdParams,
        response: { 200: ref(GameNotificationSettings), ...errorResponses(...inGame) },
      },
    },
    async (request) => {
      const { user } = await seat(context, request, request.params.id, true);
      return { ...prefs.game(user.id, request.params.id), playAddress: context.mail?.plays?.addressOf(user.id, request.params.id) ?? null };
    },
  );

  app.post(
    "/api/games/:id/mail-address",
    {
      schema: {
        operationId: "newPlayAddress",
        tags: ["play"],
        summary: "Give yourself a new address for playing this game by mail; mail to the old one is refused from now on",
        params: gameIdParams,
        response: { 200: ref(GameNotificationSettings), ...errorResponses(...changing, ...inGame, 409) },
      },
    },
    async (request) => {
      const { user } = await seat(context, request, request.params.id, true);
      const plays = context.mail?.plays;
      if (!plays)
        throw new ApiError(409, "no-mail", "this server reads no mail, so there is no address to play by mail; its operator can start it with --imap-url");
      return { ...prefs.game(user.id, request.params.id), playAddress: plays.rotate(user.id, request.params.id) };
    },
  );

  app.put(
    "/api/games/:id/notifications",
    {
      schema: {
        operationId: "setGameNotificationSettings",
        tags: ["play"],
        summary: "Choose what you are told by mail about this game, or (settings: null) follow your account's settings",
        params: gameIdParams,
        body: GameNotificationChange,
        response: { 200: ref(GameNotificationSettings), ...errorResponses(...changing, ...inGame) },
      },
    },
    async (request) => {
      const { user } = await seat(context, request, request.params.id, true);
      prefs.setGame(user.id, request.params.id, request.body.settings);
      return { ...prefs.game(user.id, request.params.id), playAddress: context.mail?.plays?.addressOf(user.id, request.params.id) ?? null };
    },
  );

  app.get(
    "/api/games/:id/weekly-reports",
    {
      schema: {
        operationId: "getWeeklyReports",
        tags: ["records"],
        summary: "When the game's short ruleset and proposals report are mailed each week to the players who ask for them",
        params: gameIdParams,
        response: { 200: WeeklyReportsSchedule, ...errorResponses(...inGame) },
      },
    },
    async (request) => {
      await seat(context, request, request.params.id, true);
      return { schedule: context.mail?.weekly.schedule(request.params.id) ?? null };
    },
  );

  app.put(
    "/api/games/:id/weekly-reports",
    {
      schema: {
        operationId: "setWeeklyReports",
        tags: ["records"],
        summary: "Choose (the game's creator) the day and hour, in the game's time zone, its reports are mailed each week; null: never",
        params: gameIdParams,
        body: WeeklyReportsSchedule,
        response: { 200: WeeklyReportsSchedule, ...errorResponses(...changing, ...inGame, 409) },
      },
    },
    async (request) => {
      const { user } = await seat(context, request, request.params.id, true);
      const settings = context.accounts.settings(request.params.id);
      if (settings?.ownerId !== user.id) throw forbidden("only the game's creator chooses when its weekly reports are mailed");
      if (!context.mail) throw new ApiError(409, "no-mail", "this server sends no mail, so it cannot mail reports; its operator can start it with --smtp-url");
      context.mail.weekly.setSchedule(request.params.id, request.body.schedule, settings.timeZone);
      return { schedule: request.body.schedule };
    },
  );

  /** The game's mail ended for the account the link was made for (a digest's link: every game's). */
  const unsubscribe = (token: string) => {
    const parts = context.mail?.signer.open(token);
    if (parts?.[0] === "d" && parts.length === 2 && context.accounts.user(parts[1]!)) {
      prefs.silence(parts[1]!, notificationsOff);
      return { message: "your games tell you nothing more, by mail or in your browsers; you can choose again on your account page" };
    }
    if (parts?.[0] !== "u" || parts.length !== 3)
      throw new ApiError(400, "bad-link", "this unsubscribe link is not one of ours (was it copied whole?); choose what you are told on your account page");
    const [, userId, gameId] = parts as [string, string, string];
    if (!context.accounts.membership(gameId, userId)) throw new ApiError(400, "bad-link", "you no longer play in this game, so it mails you nothing");
    prefs.setGame(userId, gameId, notificationsOff);
    return { message: "this game mails you no more; you can turn its mail on again in its settings" };
  };

  app.post(
    "/api/unsubscribe",
    {
      schema: {
        operationId: "unsubscribe",
        tags: ["accounts"],
        summary: "End a game's mail with the token of the link at the foot of its notifications (no sign-in needed)",
        security: [],
        body: UnsubscribeToken,
        response: { 200: Notice, ...errorResponses(...changing) },
      },
    },
    async (request) => unsubscribe(request.body.token),
  );

  // The one-click form a mail client posts to the link itself; a browser opening the link (GET) gets the page, which asks first.
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      "/unsubscribe/:token",
      {
        schema: {
          operationId: "unsubscribeOneClick",
          tags: ["accounts"],
          summary: "RFC 8058's one-click unsubscribe, as a mail client sends it (form List-Unsubscribe=One-Click)",
          security: [],
          params: UnsubscribeToken,
          response: { 200: Notice, ...errorResponses(...changing) },
        },
      },
      async (request) => unsubscribe((request.params as { token: string }).token),
    );
  });
}
