/**
 * Checking a sign-in: the account's throttle first (src/server/sign-in-throttle.ts), then the
 * password, then, once it is known to be right, its hash brought up to the present cost.
 */
import type { FastifyReply } from "fastify";
import { durationWords } from "../present/practice-clock.js";
import type { User } from "./accounts.js";
import type { ServerContext } from "./context.js";
import { ApiError } from "./errors.js";
import { PasswordsBusyError } from "./passwords.js";

/** The user whose password this is, or an ApiError in words (401, 429 with Retry-After, 503). */
export async function checkSignIn(context: ServerContext, reply: FastifyReply, username: string, password: string): Promise<User> {
  const { accounts, passwords, signIns } = context;
  const wait = signIns.attempt(username);
  if (wait !== undefined) {
    const seconds = Math.ceil(wait / 1000);
    void reply.header("retry-after", String(seconds));
    throw new ApiError(429, "rate-limited", `too many failed sign-ins to this account; try again in ${durationWords(seconds * 1000)}`);
  }
  const found = accounts.credentials(username);
  // Checked even for an unknown user (against a decoy), so the time taken does not tell which usernames exist.
  const ok = await passwords.verify(password, found?.passwordHash).catch((err: unknown) => {
    if (err instanceof PasswordsBusyError) signIns.forgive(username);
    throw err;
  });
  if (!found || !ok) throw new ApiError(401, "bad-credentials", "wrong username or password");
  signIns.succeeded(username);
  if (passwords.outdated(found.passwordHash)) {
    // A hash cheaper than new ones (N = 16384 before issue 16): replaced now that the password is
    // known; if the server is too busy to hash it again, at a later sign-in.
    const upgraded = await passwords.hash(password).catch((err: unknown) => {
      if (err instanceof PasswordsBusyError) return undefined;
      throw err;
    });
    if (upgraded) accounts.setPasswordHash(found.user.id, upgraded);
  }
  return found.user;
}
