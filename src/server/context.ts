/** What every route shares: the game hub, the server's records and the signed-in user. */
import type { JoinRequests } from "./join-requests.js";
import type { Newcomers } from "./newcomers.js";
import type { DryRunSlots } from "./dry-run-slots.js";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { Accounts, Session, User } from "./accounts.js";
import { ApiError } from "./errors.js";
import type { GameHub } from "./hub.js";
import type { MessageLimiter } from "./message-limit.js";
import type { Passwords } from "./passwords.js";
import type { SignInThrottle } from "./sign-in-throttle.js";
import type { MailService } from "./mail/mail-service.js";
import type { NotificationPrefs } from "./notify/settings.js";
import type { PushService } from "./push/push-service.js";
import type { SeenMarks } from "./seen.js";
import { forwardedProtocol, type TrustProxy } from "./proxy.js";

export interface ServerContext {
  hub: GameHub;
  accounts: Accounts;
  clock: () => number;
  /** Set the cookies' Secure flag (when the server is reached over HTTPS); also set where a trusted proxy says the request came over HTTPS. */
  secureCookies: boolean;
  /** Which proxies' X-Forwarded-* headers to believe (src/server/proxy.ts); undefined: none. */
  trustProxy: TrustProxy | undefined;
  /** Set when the server begins to stop: /readyz answers 503, responses close their connections. */
  lifecycle: { draining: boolean };
  /** Sign-ins and sign-ups allowed per address per minute. */
  authRateLimit: number;
  /** Hashing and checking passwords, a few at a time. */
  passwords: Passwords;
  /** Sign-in attempts per account, across restarts. */
  signIns: SignInThrottle;
  /** Every message route's onRequest: how fast one person may post (src/server/message-limit.ts). */
  messageLimit: MessageLimiter;
  /** Dry runs a few at a time, a couple per person (src/server/dry-run-slots.ts). */
  dryRuns: DryRunSlots;
  /** The server's mail (src/server/mail); null where the operator gave no relay. */
  mail: MailService | null;
  /** Notifications to browsers (src/server/push); null where the operator set up none. */
  push: PushService | null;
  /** What each account asks to be told, by mail and push. */
  prefs: NotificationPrefs;
  /** The last act each player has seen of each game: what their page calls new. */
  seen: SeenMarks;
  /** Seats newcomers, by the link or by approval, one player per person (src/server/newcomers.ts). */
  newcomers: Newcomers;
  /** Requests to join a game whose creator approves each newcomer. */
  joinRequests: JoinRequests;
}

/** The server as routes see it: request and reply types come from the contract's schemas (src/api). */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export const sessionCookie = "nomos_session";

declare module "fastify" {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** The signed-in user, or a 401 saying how to sign in. */
export function requireUser(request: FastifyRequest): User {
  if (!request.session)
    throw new ApiError(401, "signed-out", "you are not signed in; sign in (POST /api/auth/signin) or sign up (POST /api/auth/signup) first");
  return request.session.user;
}

export function setSessionCookie(context: ServerContext, reply: FastifyReply, token: string, expiresAt: number): void {
  const secure = context.secureCookies || forwardedProtocol(reply.request, context.trustProxy) === "https";
  reply.setCookie(sessionCookie, token, { path: "/", httpOnly: true, sameSite: "lax", secure, expires: new Date(expiresAt) });
}
