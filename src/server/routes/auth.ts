/** Sign up, sign in, sign out, the current session, and a user's own settings. */
import { changing, errorResponses, MyChanges, ref, Session, SignIn, SignUp, signedIn, User } from "../../api/index.js";
import { requireUser, sessionCookie, setSessionCookie, type Api, type ServerContext } from "../context.js";
import { UsernameTakenError } from "../accounts.js";
import { ApiError, badRequest } from "../errors.js";
import { ActionError } from "../../kernel/game.js";
import { passwordProblem } from "../common-passwords.js";
import { isTimeZone } from "../schemas.js";
import { checkSignIn } from "../sign-in.js";
import { changeAddress } from "./account-mail.js";

const session = ref(Session);

export function authRoutes(app: Api, context: ServerContext): void {
  const { accounts, passwords } = context;
  // Slows password guessing: a few tries a minute from one address (each account has a limit of its own: ../sign-in.ts).
  const config = { rateLimit: { max: context.authRateLimit, timeWindow: "1 minute" } };

  app.post(
    "/api/auth/signup",
    {
      config,
      schema: {
        operationId: "signUp",
        tags: ["accounts"],
        summary: "Create an account and sign in",
        security: [],
        body: SignUp,
        response: { 201: session, ...errorResponses(...changing, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const { username, password, displayName, timeZone } = request.body;
      if (timeZone !== undefined && !isTimeZone(timeZone)) throw badRequest(`"${timeZone}" is not a time zone; use an IANA name such as Europe/Paris`);
      const weak = passwordProblem(password, username);
      if (weak) throw new ApiError(400, "weak-password", weak);
      const hash = await passwords.hash(password);
      let user: ReturnType<typeof accounts.createUser>;
      try {
        user = accounts.createUser(username, displayName?.trim() || username, hash, timeZone ?? null);
      } catch (err) {
        if (err instanceof UsernameTakenError) throw new ApiError(409, "username-taken", err.message);
        throw err;
      }
      const session = accounts.openSession(user.id, request.headers["user-agent"]);
      setSessionCookie(context, reply, session.token, session.expiresAt);
      return reply.code(201).send({ user, csrf: session.csrf, mail: context.mail !== null, push: context.push !== null });
    },
  );

  app.post(
    "/api/auth/signin",
    {
      config,
      schema: {
        operationId: "signIn",
        tags: ["accounts"],
        summary: "Sign in with a username and password",
        security: [],
        body: SignIn,
        response: { 200: session, ...errorResponses(...changing, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await checkSignIn(context, reply, request.body.username, request.body.password);
      const session = accounts.openSession(user.id, request.headers["user-agent"]);
      setSessionCookie(context, reply, session.token, session.expiresAt);
      return { user, csrf: session.csrf, mail: context.mail !== null, push: context.push !== null };
    },
  );

  app.post(
    "/api/auth/signout",
    {
      schema: {
        operationId: "signOut",
        tags: ["accounts"],
        summary: "Sign out (ends this session)",
        response: { 200: session, ...errorResponses(...changing) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[sessionCookie];
      if (token) accounts.closeSession(token);
      reply.clearCookie(sessionCookie, { path: "/" });
      return { user: null, csrf: null, mail: context.mail !== null, push: context.push !== null };
    },
  );

  app.get(
    "/api/session",
    {
      schema: {
        operationId: "getSession",
        tags: ["accounts"],
        summary: "Who is signed in, and the CSRF token to send with changes",
        response: { 200: session, ...errorResponses(400, 500) },
      },
    },
    async (request) => {
      return { user: request.session?.user ?? null, csrf: request.session?.csrf ?? null, mail: context.mail !== null, push: context.push !== null };
    },
  );

  app.patch(
    "/api/me",
    {
      schema: {
        operationId: "updateMe",
        tags: ["accounts"],
        summary:
          "Change your display name (in every game you play: your history stays yours), time zone or e-mail address (a new one is sent a link that verifies it)",
        body: MyChanges,
        response: { 200: ref(User), ...errorResponses(...changing, ...signedIn, 409, 422, 503) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { displayName, timeZone, email } = request.body;
      if (typeof timeZone === "string" && !isTimeZone(timeZone)) throw badRequest(`"${timeZone}" is not a time zone; use an IANA name such as Europe/Paris`);
      const name = displayName?.trim() ?? user.displayName;
      if (!name) throw badRequest("a display name cannot be blank");
      if (email !== undefined) changeAddress(context, user, email);
      accounts.updateUser(user.id, name, timeZone === undefined ? user.timeZone : timeZone);
      const refused: string[] = [];
      if (name !== user.displayName) {
        for (const m of accounts.membershipsOf(user.id)) {
          const game = await context.hub.get(m.gameId);
          if (game && game.state.status === "active" && game.state.players.some((p) => p.id === m.playerId)) {
            // A game's rules may refuse the new name ("membership.rename"): the other games take it.
            await context.hub
              .change(game, (g) => g.rename(m.playerId, name))
              .catch((err: unknown) => {
                if (!(err instanceof ActionError && err.code === "refused")) throw err;
                refused.push(`in "${game.state.name}" you keep your name: ${err.message}`);
              });
          }
        }
      }
      if (refused.length) throw new ApiError(422, "refused", `your name is now ${name}, except where a game's rules refuse it: ${refused.join("; ")}`);
      return accounts.user(user.id);
    },
  );
}
