/** Sign up, sign in, sign out, the current session, and a user's own settings. */
import type { FastifyInstance } from "fastify";
import { requireUser, sessionCookie, setSessionCookie, type ServerContext } from "../context.js";
import { UsernameTakenError } from "../accounts.js";
import { ApiError, badRequest } from "../errors.js";
import { hashPassword, verifyPassword } from "../passwords.js";
import { isTimeZone, timeZoneSchema, userSchema } from "../schemas.js";

const credentials = {
  type: "object",
  additionalProperties: false,
  required: ["username", "password"],
  properties: {
    username: { type: "string", minLength: 2, maxLength: 32, pattern: "^[A-Za-z0-9_.-]+$", description: "Letters, digits, '.', '_' or '-'" },
    password: { type: "string", minLength: 8, maxLength: 200 },
    displayName: { type: "string", minLength: 1, maxLength: 100 },
    timeZone: timeZoneSchema,
  },
} as const;

const sessionReply = { type: "object", properties: { user: { anyOf: [userSchema, { type: "null" }] }, csrf: { type: ["string", "null"] } } } as const;

export function authRoutes(app: FastifyInstance, context: ServerContext): void {
  const { directory } = context;
  // Slows password guessing: a few tries a minute from one address.
  const config = { rateLimit: { max: context.authRateLimit, timeWindow: "1 minute" } };

  app.post<{ Body: { username: string; password: string; displayName?: string; timeZone?: string } }>("/api/auth/signup", {
    config,
    schema: { tags: ["accounts"], summary: "Create an account and sign in", body: credentials, response: { 201: sessionReply } },
  }, async (request, reply) => {
    const { username, password, displayName, timeZone } = request.body;
    if (timeZone !== undefined && !isTimeZone(timeZone)) throw badRequest(`"${timeZone}" is not a time zone; use an IANA name such as Europe/Paris`);
    const hash = await hashPassword(password);
    let user;
    try {
      user = directory.createUser(username, displayName?.trim() || username, hash, timeZone ?? null);
    } catch (err) {
      if (err instanceof UsernameTakenError) throw new ApiError(409, "username-taken", err.message);
      throw err;
    }
    const session = directory.openSession(user.id);
    setSessionCookie(context, reply, session.token, session.expiresAt);
    return reply.code(201).send({ user, csrf: session.csrf });
  });

  app.post<{ Body: { username: string; password: string } }>("/api/auth/signin", {
    config,
    schema: { tags: ["accounts"], summary: "Sign in with a username and password", body: { ...credentials, properties: { username: { type: "string", maxLength: 32 }, password: { type: "string", maxLength: 200 } } }, response: { 200: sessionReply } },
  }, async (request, reply) => {
    const found = directory.credentials(request.body.username);
    // Hash even for an unknown user, so the reply's timing does not tell which usernames exist.
    const ok = await verifyPassword(request.body.password, found?.passwordHash ?? "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    if (!found || !ok) throw new ApiError(401, "bad-credentials", "wrong username or password");
    const session = directory.openSession(found.user.id);
    setSessionCookie(context, reply, session.token, session.expiresAt);
    return { user: found.user, csrf: session.csrf };
  });

  app.post("/api/auth/signout", { schema: { tags: ["accounts"], summary: "Sign out (ends this session)" } }, async (request, reply) => {
    const token = request.cookies[sessionCookie];
    if (token) directory.closeSession(token);
    reply.clearCookie(sessionCookie, { path: "/" });
    return { user: null, csrf: null };
  });

  app.get("/api/session", { schema: { tags: ["accounts"], summary: "Who is signed in, and the CSRF token to send with changes", response: { 200: sessionReply } } }, async (request) => {
    return { user: request.session?.user ?? null, csrf: request.session?.csrf ?? null };
  });

  app.patch<{ Body: { displayName?: string; timeZone?: string | null } }>("/api/me", {
    schema: {
      tags: ["accounts"],
      summary: "Change your display name (in every game you play: your history stays yours) or time zone",
      body: { type: "object", additionalProperties: false, properties: { displayName: { type: "string", minLength: 1, maxLength: 100 }, timeZone: { anyOf: [timeZoneSchema, { type: "null" }] } } },
      response: { 200: userSchema },
    },
  }, async (request) => {
    const user = requireUser(request);
    const { displayName, timeZone } = request.body;
    if (typeof timeZone === "string" && !isTimeZone(timeZone)) throw badRequest(`"${timeZone}" is not a time zone; use an IANA name such as Europe/Paris`);
    const name = displayName?.trim() ?? user.displayName;
    if (!name) throw badRequest("a display name cannot be blank");
    directory.updateUser(user.id, name, timeZone === undefined ? user.timeZone : timeZone);
    if (name !== user.displayName) {
      for (const m of directory.membershipsOf(user.id)) {
        const game = await context.hub.get(m.gameId);
        if (game && game.state.status === "active" && game.state.players.some((p) => p.id === m.playerId)) {
          await context.hub.change(game, (g) => g.rename(m.playerId, name));
        }
      }
    }
    return directory.user(user.id);
  });
}
