/**
 * The server's records beside the games: accounts, sessions, who plays as which player in
 * which game, invitations and the forum. They live in the same SQLite file as the games.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Joining } from "../api/game.js";
import { ForeignWrites, ReadCache } from "./read-cache.js";
import type { SqlDatabase, SqlStatement } from "../store/sqlite-driver.js";

export interface User {
  id: string;
  username: string;
  displayName: string;
  timeZone: string | null;
  createdAt: number;
  email: string | null;
  emailStatus: "unverified" | "verified" | "bouncing" | null;
}

export interface Session {
  user: User;
  csrf: string;
  expiresAt: number;
}

export interface GameSettings {
  gameId: string;
  ownerId: string;
  inviteCode: string;
  timeZone: string;
  /** Whether the invitation link takes new players and observers. */
  joining: Joining;
}

export interface Membership {
  gameId: string;
  userId: string;
  playerId: string;
  joinedAt: number;
}

interface UserRow {
  id: string;
  username: string;
  display_name: string;
  time_zone: string | null;
  created_at: number;
  password_hash: string;
  email: string | null;
  email_verified_at: number | null;
  email_failing_at: number | null;
}

const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  timeZone: row.time_zone,
  createdAt: row.created_at,
  email: row.email,
  emailStatus: row.email === null ? null : row.email_failing_at !== null ? "bouncing" : row.email_verified_at !== null ? "verified" : "unverified",
});
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

export const sessionLifetimeMs = 30 * 24 * 3600 * 1000;

/** One of an account's sessions, as its owner sees it. */
export interface SessionInfo {
  id: string;
  createdAt: number;
  expiresAt: number;
  userAgent: string | null;
}

export class EmailTakenError extends Error {
  constructor() {
    super("another account has verified this address; sign in to that one, or reset its password if it is yours");
    this.name = "EmailTakenError";
  }
}

export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`the username "${username}" is taken; choose another`);
    this.name = "UsernameTakenError";
  }
}

/**
 * Every write is its own transaction (`db.transaction`), whose commit throws if the disk
 * refuses it ({@link StoreWriteError}): nothing is reported saved that was not.
 */
export class Accounts {
  private readonly q: Record<string, SqlStatement>;
  /** Sessions by token hash, memberships by "game user", settings by game (read-cache.ts). */
  private readonly sessions = new ReadCache<Session>();
  private readonly memberships = new ReadCache<Membership>();
  private readonly gameSettings = new ReadCache<GameSettings>(1_000);
  private readonly foreign: ForeignWrites;
  /** What a closed account leaves behind nowhere: its links, mail settings, game addresses, mail and browsers. */
  private readonly forgetOnClose: SqlStatement[];

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: () => number = Date.now,
    /** The store's count of other processes' writes (SqliteStore.foreignWrites); without it nothing is cached. */
    foreignWrites?: () => number,
  ) {
    this.foreign = new ForeignWrites(foreignWrites, [this.sessions, this.memberships, this.gameSettings]);
    this.forgetOnClose = ["account_links", "notification_settings", "play_addresses", "outbox", "push_subscriptions", "join_requests"].map((table) =>
      db.prepare(`DELETE FROM ${table} WHERE user_id = ?`),
    );
    this.q = {
      insertUser: db.prepare("INSERT INTO users (id, username, display_name, password_hash, time_zone, created_at) VALUES (?, ?, ?, ?, ?, ?)"),
      userByName: db.prepare("SELECT * FROM users WHERE username = ?"),
      userById: db.prepare("SELECT * FROM users WHERE id = ?"),
      updateUser: db.prepare("UPDATE users SET display_name = ?, time_zone = ? WHERE id = ?"),
      updatePassword: db.prepare("UPDATE users SET password_hash = ? WHERE id = ?"),
      setEmail: db.prepare("UPDATE users SET email = ?, email_verified_at = NULL, email_failing_at = NULL WHERE id = ?"),
      retireResets: db.prepare("UPDATE account_links SET used_at = ? WHERE user_id = ? AND purpose = 'reset' AND used_at IS NULL"),
      verifyEmail: db.prepare("UPDATE users SET email_verified_at = ?, email_failing_at = NULL WHERE id = ? AND email = ?"),
      userByEmail: db.prepare("SELECT * FROM users WHERE email = ? COLLATE NOCASE AND email_verified_at IS NOT NULL"),
      endSessions: db.prepare("DELETE FROM sessions WHERE user_id = ? AND token_hash IS NOT ?"),
      insertSession: db.prepare("INSERT INTO sessions (token_hash, user_id, csrf, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, ?, ?)"),
      sessionsOf: db.prepare(
        "SELECT token_hash, created_at, expires_at, user_agent FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC",
      ),
      endOne: db.prepare("DELETE FROM sessions WHERE user_id = ? AND token_hash = ?"),
      close: db.prepare(
        "UPDATE users SET username = ?, display_name = ?, password_hash = '!', email = NULL, email_verified_at = NULL, email_failing_at = NULL, closed_at = ? WHERE id = ?",
      ),
      session: db.prepare("SELECT s.csrf, s.expires_at, u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?"),
      deleteSession: db.prepare("DELETE FROM sessions WHERE token_hash = ?"),
      pruneSessions: db.prepare("DELETE FROM sessions WHERE expires_at <= ?"),
      insertSettings: db.prepare("INSERT INTO game_settings (game_id, owner_id, invite_code, time_zone) VALUES (?, ?, ?, ?)"),
      settings: db.prepare("SELECT * FROM game_settings WHERE game_id = ?"),
      settingsByInvite: db.prepare("SELECT * FROM game_settings WHERE invite_code = ?"),
      updateTimeZone: db.prepare("UPDATE game_settings SET time_zone = ? WHERE game_id = ?"),
      updateJoining: db.prepare("UPDATE game_settings SET joining = ? WHERE game_id = ?"),
      updateInvite: db.prepare("UPDATE game_settings SET invite_code = ? WHERE game_id = ?"),
      retireInvite: db.prepare("INSERT INTO retired_invites (code, game_id, retired_at) VALUES (?, ?, ?)"),
      retiredInvite: db.prepare("SELECT game_id FROM retired_invites WHERE code = ?"),
      insertMembership: db.prepare("INSERT INTO memberships (game_id, user_id, player_id, joined_at) VALUES (?, ?, ?, ?)"),
      membership: db.prepare("SELECT * FROM memberships WHERE game_id = ? AND user_id = ?"),
      membershipsOfUser: db.prepare("SELECT * FROM memberships WHERE user_id = ? ORDER BY joined_at DESC"),
      membersOfGame: db.prepare("SELECT m.*, u.display_name FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.game_id = ?"),
    };
  }

  // ---- accounts ----

  createUser(username: string, displayName: string, passwordHash: string, timeZone: string | null): User {
    if (this.q.userByName!.get(username)) throw new UsernameTakenError(username);
    const id = randomUUID();
    try {
      this.db.transaction(() => this.q.insertUser!.run(id, username, displayName, passwordHash, timeZone, this.clock()));
    } catch (err) {
      if (this.q.userByName!.get(username)) throw new UsernameTakenError(username);
      throw err;
    }
    return this.user(id)!;
  }

  /** The user and their password hash, for signing in. */
  credentials(username: string): { user: User; passwordHash: string } | undefined {
    const row = this.q.userByName!.get(username) as unknown as UserRow | undefined;
    return row && { user: toUser(row), passwordHash: row.password_hash };
  }

  user(id: string): User | undefined {
    const row = this.q.userById!.get(id) as unknown as UserRow | undefined;
    return row && toUser(row);
  }

  updateUser(id: string, displayName: string, timeZone: string | null): void {
    this.sessions.clear(); // they carry the user
    this.db.transaction(() => this.q.updateUser!.run(displayName, timeZone, id));
  }

  /** A new hash of the same password (a costlier one, at sign-in). */
  setPasswordHash(id: string, passwordHash: string): void {
    this.db.transaction(() => this.q.updatePassword!.run(passwordHash, id));
  }

  // ---- e-mail: an address is verified by the link sent to it (src/server/mail/links.ts) ----

  /** A new address (unverified) or none; call inside the transaction that queues its link. */
  setEmail(id: string, email: string | null): void {
    this.sessions.clear();
    this.db.transaction(() => {
      this.q.setEmail!.run(email, id);
      // A reset link sent to the old address opens the account no more.
      this.q.retireResets!.run(this.clock(), id);
    });
  }

  /** Verifies the account's address, if it is still `address`; false if the account changed it since. */
  verifyEmail(id: string, address: string): boolean {
    const holder = this.userByEmail(address);
    if (holder && holder.id !== id) throw new EmailTakenError();
    if ((this.q.userById!.get(id) as unknown as UserRow | undefined)?.email !== address) return false;
    this.sessions.clear();
    this.db.transaction(() => this.q.verifyEmail!.run(this.clock(), id, address));
    return true;
  }

  /** The account whose verified address this is. */
  userByEmail(address: string): User | undefined {
    const row = this.q.userByEmail!.get(address) as unknown as UserRow | undefined;
    return row && toUser(row);
  }

  /** Ends every session of the account but the one whose token is `keep` (a password changed: the other devices sign in again). */
  endSessions(id: string, keep?: string): void {
    this.sessions.clear();
    this.db.transaction(() => this.q.endSessions!.run(id, keep === undefined ? null : tokenHash(keep)));
  }

  // ---- sessions: the cookie holds a random token, the database only its hash ----

  openSession(userId: string, userAgent?: string): { token: string; csrf: string; expiresAt: number } {
    const token = randomBytes(32).toString("base64url");
    const csrf = randomBytes(24).toString("base64url");
    const now = this.clock();
    const expiresAt = now + sessionLifetimeMs;
    this.db.transaction(() => {
      this.q.pruneSessions!.run(now);
      this.q.insertSession!.run(tokenHash(token), userId, csrf, now, expiresAt, userAgent?.slice(0, 300) ?? null);
    });
    return { token, csrf, expiresAt };
  }

  session(token: string): Session | undefined {
    this.foreign.check();
    const hash = tokenHash(token);
    const now = this.clock();
    const found = this.sessions.get(
      hash,
      () => {
        const row = this.q.session!.get(hash, now) as unknown as (UserRow & { csrf: string; expires_at: number }) | undefined;
        return row && { user: toUser(row), csrf: row.csrf, expiresAt: row.expires_at };
      },
      !this.db.inTransaction,
    );
    return found && found.expiresAt > now ? found : undefined;
  }

  closeSession(token: string): void {
    const hash = tokenHash(token);
    this.sessions.forget(hash);
    this.db.transaction(() => this.q.deleteSession!.run(hash));
  }

  /** The account's open sessions, newest first; a session's id is its token's hash, which opens nothing. */
  sessionsOf(userId: string): SessionInfo[] {
    return (this.q.sessionsOf!.all(userId, this.clock()) as { token_hash: string; created_at: number; expires_at: number; user_agent: string | null }[]).map(
      (r) => ({
        id: r.token_hash,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        userAgent: r.user_agent,
      }),
    );
  }

  /** Ends one of the account's sessions by its id; false if it has none such. */
  endSession(userId: string, id: string): boolean {
    if (!this.sessionsOf(userId).some((s) => s.id === id)) return false;
    this.sessions.forget(id);
    this.db.transaction(() => this.q.endOne!.run(userId, id));
    return true;
  }

  /**
   * Closes the account for good: no one can sign in to it, its username is free again, its address
   * and sessions are gone. Its games keep their acts and the player in them (the log requires it),
   * under the name the account last had there. Nothing is mailed to it again.
   */
  closeAccount(userId: string): void {
    this.sessions.clear();
    const now = this.clock();
    this.db.transaction(() => {
      // Longer than any username one may choose (32): never taken before the account closes.
      this.q.close!.run(`closed-${userId}`, "a closed account", now, userId);
      this.q.endSessions!.run(userId, null);
      for (const forget of this.forgetOnClose) forget.run(userId);
    });
  }

  // ---- games ----

  createSettings(gameId: string, ownerId: string, timeZone: string): GameSettings {
    const inviteCode = randomBytes(12).toString("base64url");
    this.gameSettings.forget(gameId);
    this.db.transaction(() => this.q.insertSettings!.run(gameId, ownerId, inviteCode, timeZone));
    return { gameId, ownerId, inviteCode, timeZone, joining: "open" };
  }

  settings(gameId: string): GameSettings | undefined {
    this.foreign.check();
    return this.gameSettings.get(gameId, () => this.toSettings(this.q.settings!.get(gameId)), !this.db.inTransaction);
  }

  settingsByInvite(code: string): GameSettings | undefined {
    return this.toSettings(this.q.settingsByInvite!.get(code));
  }

  setTimeZone(gameId: string, timeZone: string): void {
    this.gameSettings.forget(gameId);
    this.db.transaction(() => this.q.updateTimeZone!.run(timeZone, gameId));
  }

  setJoining(gameId: string, joining: Joining): void {
    this.gameSettings.forget(gameId);
    this.db.transaction(() => this.q.updateJoining!.run(joining, gameId));
  }

  /** A new invitation link for the game; the old one is kept as retired, so that it is refused in words. */
  newInvite(gameId: string, oldCode: string): string {
    const code = randomBytes(12).toString("base64url");
    this.gameSettings.forget(gameId);
    this.db.transaction(() => {
      this.q.updateInvite!.run(code, gameId);
      this.q.retireInvite!.run(oldCode, gameId, this.clock());
    });
    return code;
  }

  /** The game an invitation code was for, if it was replaced by a newer link. */
  retiredInvite(code: string): string | undefined {
    return (this.q.retiredInvite!.get(code) as { game_id: string } | undefined)?.game_id;
  }

  addMember(gameId: string, userId: string, playerId: string): Membership {
    this.memberships.forget(`${gameId} ${userId}`);
    const joinedAt = this.clock();
    this.db.transaction(() => this.q.insertMembership!.run(gameId, userId, playerId, joinedAt));
    return { gameId, userId, playerId, joinedAt };
  }

  membership(gameId: string, userId: string): Membership | undefined {
    this.foreign.check();
    return this.memberships.get(
      `${gameId} ${userId}`,
      () => {
        const row = this.q.membership!.get(gameId, userId) as { game_id: string; user_id: string; player_id: string; joined_at: number } | undefined;
        return row && { gameId: row.game_id, userId: row.user_id, playerId: row.player_id, joinedAt: row.joined_at };
      },
      !this.db.inTransaction,
    );
  }

  membershipsOf(userId: string): Membership[] {
    return (this.q.membershipsOfUser!.all(userId) as { game_id: string; user_id: string; player_id: string; joined_at: number }[]).map((row) => ({
      gameId: row.game_id,
      userId: row.user_id,
      playerId: row.player_id,
      joinedAt: row.joined_at,
    }));
  }

  private toSettings(row: unknown): GameSettings | undefined {
    const r = row as { game_id: string; owner_id: string; invite_code: string; time_zone: string; joining: Joining } | undefined;
    return r && { gameId: r.game_id, ownerId: r.owner_id, inviteCode: r.invite_code, timeZone: r.time_zone, joining: r.joining };
  }
}
