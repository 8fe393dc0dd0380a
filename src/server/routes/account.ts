/** An account's sessions, seen and ended by their owner, and the account closed by its owner. */
import { Type } from "@sinclair/typebox";
import { changing, CloseAccount, errorResponses, Notice, ref, SessionInfo, signedIn } from "../../api/index.js";
import { tokenHash } from "../accounts.js";
import { requireUser, sessionCookie, type Api, type ServerContext } from "../context.js";
import { ApiError, notFound } from "../errors.js";
import { checkSignIn } from "../sign-in.js";

export function accountRoutes(app: Api, context: ServerContext): void {
  const { accounts } = context;

  app.get(
    "/api/me/sessions",
    {
      schema: {
        operationId: "listSessions",
        tags: ["accounts"],
        summary: "Where you are signed in: your open sessions, newest first",
        response: { 200: Type.Array(ref(SessionInfo)), ...errorResponses(...signedIn) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const mine = request.cookies[sessionCookie];
      const current = mine ? tokenHash(mine) : null;
      return accounts.sessionsOf(user.id).map((s) => ({ ...s, current: s.id === current }));
    },
  );

  app.delete(
    "/api/me/sessions/:session",
    {
      schema: {
        operationId: "endSession",
        tags: ["accounts"],
        summary: "Sign out one of your sessions (another device, or this one)",
        params: Type.Object({ session: Type.String({ maxLength: 100 }) }),
        response: { 200: Notice, ...errorResponses(...changing, ...signedIn, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!accounts.endSession(user.id, request.params.session))
        throw notFound("you have no open session with that id (it may have ended already); GET /api/me/sessions lists them");
      return { message: "that session is signed out" };
    },
  );

  app.post(
    "/api/me/close",
    {
      config: { rateLimit: { max: context.authRateLimit, timeWindow: "1 minute" } },
      schema: {
        operationId: "closeAccount",
        tags: ["accounts"],
        summary:
          "Close your account for good (your password required): no one can sign in to it, its address and settings are forgotten, and its games keep your acts under the name you had there",
        body: CloseAccount,
        response: { 200: Notice, ...errorResponses(...changing, ...signedIn, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await checkSignIn(context, reply, user.username, request.body.password).catch((err: unknown) => {
        throw err instanceof ApiError && err.code === "bad-credentials"
          ? new ApiError(400, "wrong-password", "that is not your password, so your account stays open")
          : err;
      });
      accounts.closeAccount(user.id);
      reply.clearCookie(sessionCookie, { path: "/" });
      return { message: "your account is closed; your games keep your acts under the name you had in them" };
    },
  );
}
