/**
 * The server's own secrets, made at its first start and kept in the database: one signs the
 * unsubscribe links in mails, so that one click ends a game's mail without signing in, and no
 * one can forge a link for someone else.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { SqlDatabase } from "../../store/sqlite-driver.js";

/** The server's key of this name, made on first use (by whichever process gets there first): 32 random bytes unless `make` says otherwise. */
export function serverKey(db: SqlDatabase, name: string, make: () => Buffer = () => randomBytes(32)): Buffer {
  const read = db.prepare("SELECT value FROM server_keys WHERE name = ?");
  let row = read.get(name) as { value: string } | undefined;
  if (!row) {
    db.transaction(() => db.prepare("INSERT OR IGNORE INTO server_keys (name, value) VALUES (?, ?)").run(name, make().toString("base64url")));
    row = read.get(name) as { value: string };
  }
  return Buffer.from(row.value, "base64url");
}

export class Signer {
  private readonly key: Buffer;

  constructor(db: SqlDatabase) {
    this.key = serverKey(db, "mail-links");
  }

  /** A token carrying `parts` (letters, digits, '-' and '_'), signed: short enough for a link's path. */
  sign(parts: string[]): string {
    if (!parts.every((p) => /^[\w-]+$/.test(p))) throw new Error(`a signed token's parts are words: ${JSON.stringify(parts)}`);
    const body = parts.join(".");
    return `${body}.${this.mac(body)}`;
  }

  /** The parts of a token this server signed; undefined for any other. */
  open(token: string): string[] | undefined {
    const at = token.lastIndexOf(".");
    if (at < 0) return undefined;
    const body = token.slice(0, at);
    const given = Buffer.from(token.slice(at + 1), "base64url");
    const expected = Buffer.from(this.mac(body), "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return body.split(".");
  }

  private mac(body: string): string {
    // 128 bits of the MAC: plenty against forgery, and the link stays short.
    return createHmac("sha256", this.key).update(body).digest().subarray(0, 16).toString("base64url");
  }
}
