/**
 * Sign-ins per account, whatever the address they come from (the per-address limit is
 * @fastify/rate-limit's, on request.ip). Each account has a leaky bucket: every attempt adds
 * one, a right password empties it, and it drains by one every windowMs / failures. A full
 * bucket refuses attempts until the next one drains: `failures` quick wrong passwords pause
 * the account's sign-in for windowMs / failures (3 minutes by default), and a steady guesser
 * gets `failures` tries per window (5 in 15 minutes), from however many addresses. So a pause
 * never lasts longer than one drip, and an attacker cannot shut a user out for long (sessions
 * already open are untouched). Kept in the database, so a restart forgives nothing; a row
 * goes once its bucket has drained. Usernames no account has are counted too, so a refusal
 * does not tell which exist.
 */
import type { SqlDatabase, SqlStatement } from "../store/sqlite-driver.js";

export interface SignInLimit {
  /** Wrong passwords in a row before an account's sign-in pauses... */
  failures: number;
  /** ...and the window in which that many are allowed, in ms. */
  windowMs: number;
}

export const defaultSignInLimit: SignInLimit = { failures: 5, windowMs: 15 * 60_000 };

export class SignInThrottle {
  private readonly q: Record<"get" | "set" | "forgive" | "clear" | "prune", SqlStatement>;
  /** How long one attempt stays in the bucket. */
  private readonly dripMs: number;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: () => number,
    private readonly limit: SignInLimit = defaultSignInLimit,
  ) {
    this.dripMs = limit.windowMs / limit.failures;
    // clear_at: when the account's bucket will be empty; its fill is (clear_at - now) / dripMs.
    this.q = {
      get: db.prepare("SELECT clear_at FROM sign_in_failures WHERE account = ?"),
      set: db.prepare("INSERT INTO sign_in_failures (account, clear_at) VALUES (?, ?) ON CONFLICT (account) DO UPDATE SET clear_at = excluded.clear_at"),
      forgive: db.prepare("UPDATE sign_in_failures SET clear_at = clear_at - ? WHERE account = ?"),
      clear: db.prepare("DELETE FROM sign_in_failures WHERE account = ?"),
      prune: db.prepare("DELETE FROM sign_in_failures WHERE clear_at <= ?"),
    };
  }

  /**
   * Counts an attempt before its password is checked, so that attempts sent together cannot
   * all slip in before the first is counted. Returns undefined if it may go on, or how long
   * (ms) until the account may be tried again.
   */
  attempt(username: string): number | undefined {
    const now = this.clock();
    const account = username.toLowerCase();
    const clearAt = Math.max(now, Number(this.q.get.get(account)?.clear_at ?? 0));
    const wait = clearAt - now - (this.limit.failures - 1) * this.dripMs;
    if (wait > 0) return wait;
    this.db.transaction(() => {
      this.q.prune.run(now);
      this.q.set.run(account, clearAt + this.dripMs);
    });
    return undefined;
  }

  /** An attempt counted whose password was never checked (the server was too busy). */
  forgive(username: string): void {
    this.db.transaction(() => this.q.forgive.run(this.dripMs, username.toLowerCase()));
  }

  /** The right password: the account's count starts afresh. */
  succeeded(username: string): void {
    this.db.transaction(() => this.q.clear.run(username.toLowerCase()));
  }
}
