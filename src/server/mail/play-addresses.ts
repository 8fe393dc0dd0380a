/**
 * Each player's own address for playing a game by mail: the server's mailbox with a token,
 * nomos+<token>@nomic.example.org (plus-addressing), the Reply-To of every mail the game sends
 * them. The token is made from the server's key, the account, the game and a generation (so a
 * mail can carry it again without its being kept); the database keeps only its hash, to find
 * whose it is, and the generation, which the player moves on to retire an address that leaked.
 */
import { createHmac } from "node:crypto";
import { tokenHash } from "../accounts.js";
import type { SqlDatabase, SqlStatement } from "../../store/sqlite-driver.js";

export class PlayAddresses {
  private readonly q: Record<string, SqlStatement>;
  private readonly local: string;
  private readonly domain: string;

  constructor(
    private readonly db: SqlDatabase,
    private readonly key: Buffer,
    /** The server's mailbox: nomos@nomic.example.org. */
    mailbox: string,
  ) {
    [this.local, this.domain] = mailbox.split("@") as [string, string];
    this.q = {
      get: db.prepare("SELECT generation FROM play_addresses WHERE user_id = ? AND game_id = ?"),
      put: db.prepare(
        "INSERT INTO play_addresses (user_id, game_id, generation, token_hash) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET generation = excluded.generation, token_hash = excluded.token_hash",
      ),
      find: db.prepare("SELECT user_id, game_id FROM play_addresses WHERE token_hash = ?"),
    };
  }

  /** The player's address for the game (made on first use). */
  addressOf(userId: string, gameId: string): string {
    let row = this.q.get!.get(userId, gameId) as { generation: number } | undefined;
    if (!row) {
      this.store(userId, gameId, 1);
      row = { generation: 1 };
    }
    return `${this.local}+${this.token(userId, gameId, row.generation)}@${this.domain}`;
  }

  /** A new address for the game; the old one is refused from now on. */
  rotate(userId: string, gameId: string): string {
    const row = this.q.get!.get(userId, gameId) as { generation: number } | undefined;
    this.store(userId, gameId, (row?.generation ?? 0) + 1);
    return this.addressOf(userId, gameId);
  }

  /** Whose address a mail was sent to: the token after the '+' of one of its recipients, if it is ours and current. */
  owner(recipients: string[]): { userId: string; gameId: string; token: string } | undefined {
    for (const address of recipients) {
      const match = /^([^+@]+)\+([0-9a-f]{32})@(.+)$/i.exec(address.trim());
      if (!match || match[1]!.toLowerCase() !== this.local.toLowerCase() || match[3]!.toLowerCase() !== this.domain.toLowerCase()) continue;
      const token = match[2]!.toLowerCase();
      const row = this.q.find!.get(tokenHash(token)) as { user_id: string; game_id: string } | undefined;
      if (row) return { userId: row.user_id, gameId: row.game_id, token };
    }
    return undefined;
  }

  /** Whether one of the recipients is a play address of ours at all (current or not). */
  isPlayAddress(recipients: string[]): boolean {
    return recipients.some((a) => {
      const [local, domain] = a.toLowerCase().split("@");
      return domain === this.domain.toLowerCase() && local?.startsWith(`${this.local.toLowerCase()}+`);
    });
  }

  private store(userId: string, gameId: string, generation: number): void {
    this.db.transaction(() => this.q.put!.run(userId, gameId, generation, tokenHash(this.token(userId, gameId, generation))));
  }

  /** 128 bits, in hex: a mail system may change the case of an address's local part. */
  private token(userId: string, gameId: string, generation: number): string {
    return createHmac("sha256", this.key).update(`play ${userId} ${gameId} ${generation}`).digest().subarray(0, 16).toString("hex");
  }
}
