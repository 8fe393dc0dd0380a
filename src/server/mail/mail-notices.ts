/**
 * Notifications by mail: to the account's verified address, each with its one-click unsubscribe
 * link (signed, so that no one can end another's mail) and, where the server reads mail, the
 * player's own address for answering it with a move; or kept for their daily digest, if they
 * chose one.
 */
import type { User } from "../accounts.js";
import type { NoticeChannel, NoticeGame } from "../notify/duties.js";
import type { Notice } from "../notify/notices.js";
import type { NotificationSettings } from "../../api/notifications.js";
import type { Digests } from "./digests.js";
import type { MailWriter } from "./compose.js";
import type { Signer } from "./keys.js";
import type { Outbox } from "./outbox.js";

export class MailNotices implements NoticeChannel {
  constructor(
    private readonly outbox: Outbox,
    private readonly writer: MailWriter,
    private readonly signer: Signer,
    private readonly digests: Digests,
    /** The player's address for playing the game by mail, where the server reads mail. */
    private readonly playAddress?: (userId: string, gameId: string) => string,
  ) {}

  queue(user: User, game: NoticeGame, notice: Notice, settings: Required<NotificationSettings>): boolean {
    if (!user.email || user.emailStatus !== "verified") return false;
    if (settings.digestHour !== null && !notice.timely) {
      this.digests.hold(user.id, game, settings.digestHour, notice);
      return true;
    }
    const about = { ...game, ...(this.playAddress ? { replyTo: this.playAddress(user.id, game.id) } : {}) };
    const to = { address: user.email, displayName: user.displayName };
    this.outbox.add(user.id, this.writer.notification(to, about, notice, this.signer.sign(["u", user.id, game.id])));
    return true;
  }

  wake(): void {
    this.outbox.wake();
    this.digests.wake();
  }
}
