/**
 * Single-use links sent by mail: one verifies an address (24 hours), one resets a password (one
 * hour). The mail holds the token; the database only its hash, so a copy of the file opens no
 * account. A link is refused, in words, once used, past its time, or replaced by a newer one.
 */
import { randomBytes } from "node:crypto";
import { tokenHash } from "../accounts.js";
import { ApiError } from "../errors.js";
import type { SqlDatabase, SqlStatement } from "../../store/sqlite-driver.js";

export type LinkPurpose = "verify" | "reset";

const lifetimeMs: Record<LinkPurpose, number> = { verify: 24 * 3600_000, reset: 3600_000 };
const words: Record<LinkPurpose, { what: string; again: string }> = {
  verify: { what: "this verification link", again: "ask for a new one from your account page" },
  reset: { what: "this password reset link", again: "ask for a new one from the sign-in page (Forgot your password?)" },
};

export interface UsedLink {
  userId: string;
  /** The address a verification link was sent to. */
  address: string | null;
}

export class Links {
  private readonly q: Record<string, SqlStatement>;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: () => number,
  ) {
    this.q = {
      insert: db.prepare("INSERT INTO account_links (token_hash, user_id, purpose, address, expires_at) VALUES (?, ?, ?, ?, ?)"),
      // A new link replaces the account's older ones of its kind.
      retire: db.prepare("UPDATE account_links SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL"),
      find: db.prepare("SELECT user_id, address, expires_at, used_at FROM account_links WHERE token_hash = ? AND purpose = ?"),
      use: db.prepare("UPDATE account_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL"),
      prune: db.prepare("DELETE FROM account_links WHERE expires_at < ?"),
    };
  }

  /** A new link's token; call inside the transaction that queues its mail. */
  make(userId: string, purpose: LinkPurpose, address: string | null): string {
    const token = randomBytes(24).toString("base64url");
    const now = this.clock();
    this.db.transaction(() => {
      this.q.prune!.run(now - 7 * 24 * 3600_000);
      this.q.retire!.run(now, userId, purpose);
      this.q.insert!.run(tokenHash(token), userId, purpose, address, now + lifetimeMs[purpose]);
    });
    return token;
  }

  /** Uses the link, inside the caller's transaction with what it does; a 400 in words if it cannot be used. */
  use(token: string, purpose: LinkPurpose): UsedLink {
    const hash = tokenHash(token);
    const row = this.q.find!.get(hash, purpose) as { user_id: string; address: string | null; expires_at: number; used_at: number | null } | undefined;
    const { what, again } = words[purpose];
    if (!row) throw new ApiError(400, "bad-link", `${what} is not one of ours (was it copied whole?); ${again}`);
    if (row.used_at !== null) throw new ApiError(400, "link-used", `${what} was already used, or a newer one replaced it; ${again}`);
    if (row.expires_at <= this.clock()) throw new ApiError(400, "link-expired", `${what} has expired; ${again}`);
    this.q.use!.run(this.clock(), hash);
    return { userId: row.user_id, address: row.address };
  }
}
