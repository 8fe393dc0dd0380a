/**
 * What an account does by mail: its address verified by a link, a forgotten password reset by
 * one, and a password changed while signed in. A reset request answers the same whether or not
 * the account exists, so that it tells no one which addresses have accounts.
 */
import { changing, errorResponses, LinkToken, Notice, PasswordChange, PasswordReset, ref, ResetRequest, Session, signedIn } from "../../api/index.js";
import { EmailTakenError, type User } from "../accounts.js";
import { passwordProblem } from "../common-passwords.js";
import { requireUser, sessionCookie, setSessionCookie, type Api, type ServerContext } from "../context.js";
import { ApiError, badRequest } from "../errors.js";
import type { MailService } from "../mail/mail-service.js";
import { checkSignIn } from "../sign-in.js";

/** The server's mail, or a 503 in words where its operator gave it none. */
export function mailOf(context: ServerContext): MailService {
  if (!context.mail)
    throw new ApiError(
      503,
      "no-mail",
      "this server sends no mail, so it cannot send you a link; ask its operator to start it with --smtp-url and --public-url",
    );
  return context.mail;
}

/** Roughly what an address looks like: one @, no spaces; the link sent to it says the rest. */
const addressShape = /^[^@\s<>(),;:"[\]]+@[^@\s<>(),;:"[\]]+\.[^@\s<>(),;:"[\]]+$/;

/** PATCH /api/me's address: a new one (or the same, unverified or bouncing) gets a link; null removes it. */
export function changeAddress(context: ServerContext, user: User, email: string | null): void {
  const address = email?.trim() ?? null;
  if (address !== null && !addressShape.test(address)) throw badRequest(`"${address}" is not an e-mail address; write it as name@example.org`);
  if (address === null) {
    context.accounts.setEmail(user.id, null);
    return;
  }
  if (address === user.email && user.emailStatus === "verified") return;
  // Another account's address is found out only by the one who opens the link (verify-email's 409),
  // so that this answer tells no one which addresses have accounts.
  mailOf(context).changeAddress(user, address);
}

export function accountMailRoutes(app: Api, context: ServerContext): void {
  const { accounts, passwords } = context;
  const config = { rateLimit: { max: context.authRateLimit, timeWindow: "1 minute" } };

  app.post(
    "/api/auth/verify-email",
    {
      config,
      schema: {
        operationId: "verifyEmail",
        tags: ["accounts"],
        summary: "Verify an e-mail address with the token its link carried (signed in or not)",
        security: [],
        body: LinkToken,
        response: { 200: Notice, ...errorResponses(...changing, 409, 429, 503) },
      },
    },
    async (request) => {
      const mail = mailOf(context);
      const verified = mail.transaction(() => {
        const link = mail.links.use(request.body.token, "verify");
        try {
          return accounts.verifyEmail(link.userId, link.address!) ? link.address : null;
        } catch (err) {
          if (err instanceof EmailTakenError) throw new ApiError(409, "email-taken", err.message);
          throw err;
        }
      });
      if (verified === null) throw new ApiError(400, "link-used", "your account's address changed since this link was sent; use the link sent to the new one");
      return { message: `${verified} is verified: the games you play can mail you there` };
    },
  );

  app.post(
    "/api/auth/password-reset",
    {
      config,
      schema: {
        operationId: "requestPasswordReset",
        tags: ["accounts"],
        summary: "Have a password reset link mailed to the account's verified address (the answer is the same whether or not there is one)",
        security: [],
        body: ResetRequest,
        response: { 202: Notice, ...errorResponses(...changing, 429, 503) },
      },
    },
    async (request, reply) => {
      const mail = mailOf(context);
      const given = request.body.account.trim();
      const user = given.includes("@") ? accounts.userByEmail(given) : accounts.credentials(given)?.user;
      if (user) mail.sendReset(user);
      return reply.code(202).send({
        message: "if that account has a verified e-mail address, a link to reset its password is on its way there; it works once, within the hour",
      });
    },
  );

  app.post(
    "/api/auth/password-reset/confirm",
    {
      config,
      schema: {
        operationId: "resetPassword",
        tags: ["accounts"],
        summary: "Choose a new password with the token a reset link carried; every session of the account ends, and you are signed in",
        security: [],
        body: PasswordReset,
        response: { 200: ref(Session), ...errorResponses(...changing, 429, 503) },
      },
    },
    async (request, reply) => {
      const mail = mailOf(context);
      const { token, password } = request.body;
      const hash = await passwords.hash(password);
      const user = mail.transaction(() => {
        const { userId } = mail.links.use(token, "reset");
        const user = accounts.user(userId)!;
        const weak = passwordProblem(password, user.username);
        if (weak) throw new ApiError(400, "weak-password", weak);
        accounts.setPasswordHash(userId, hash);
        accounts.endSessions(userId);
        return user;
      });
      mail.passwordChanged(user, "reset");
      const session = accounts.openSession(user.id, request.headers["user-agent"]);
      setSessionCookie(context, reply, session.token, session.expiresAt);
      return { user, csrf: session.csrf, mail: true, push: context.push !== null };
    },
  );

  app.post(
    "/api/me/password",
    {
      config,
      schema: {
        operationId: "changePassword",
        tags: ["accounts"],
        summary: "Change your password (your current one required); your other sessions end",
        body: PasswordChange,
        response: { 200: Notice, ...errorResponses(...changing, ...signedIn, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { currentPassword, password } = request.body;
      await checkSignIn(context, reply, user.username, currentPassword).catch((err: unknown) => {
        throw err instanceof ApiError && err.code === "bad-credentials"
          ? new ApiError(400, "wrong-password", "your current password is not the one given; type it again (or reset it by mail if you forgot it)")
          : err;
      });
      const weak = passwordProblem(password, user.username);
      if (weak) throw new ApiError(400, "weak-password", weak);
      accounts.setPasswordHash(user.id, await passwords.hash(password));
      accounts.endSessions(user.id, request.cookies[sessionCookie]);
      context.mail?.passwordChanged(user, "changed");
      return { message: "your password is changed; your other sessions ended, so sign in again on your other devices" };
    },
  );
}
