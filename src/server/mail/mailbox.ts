/**
 * Reading the server's mailbox over IMAP (imapflow): each unread mail is handed on (to be
 * acted on: mail-play.ts), then marked read. New mail is heard of at once through IDLE, with a
 * poll every minute besides; a connection lost is made again, waiting longer each time up to a
 * minute. Where several processes share a database, a mail read by two is still acted on once
 * (mail-play.ts's table of mails seen).
 */
import { ImapFlow } from "imapflow";

const pollMs = 60_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class Mailbox {
  private stopped = false;
  private client: ImapFlow | null = null;
  private poke: (() => void) | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    /** Acts on one mail: its first bytes (up to `limit`) and its whole size. */
    private readonly handle: (source: Buffer, size: number) => Promise<void>,
    private readonly limit: number,
    private readonly log: { warn: (what: object, words: string) => void; error: (what: object, words: string) => void },
  ) {}

  start(): void {
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke?.();
    await this.client?.logout().catch(() => undefined);
    await this.running;
  }

  private async run(): Promise<void> {
    let delay = 1000;
    while (!this.stopped) {
      try {
        await this.session();
        delay = 1000;
      } catch (err) {
        if (this.stopped) break;
        this.log.warn({ err }, `the mailbox (--imap-url) could not be read; trying again in ${delay / 1000} s`);
      }
      if (this.stopped) break;
      await sleep(delay);
      delay = Math.min(delay * 2, pollMs);
    }
  }

  private async session(): Promise<void> {
    const url = new URL(this.url);
    const client = new ImapFlow({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === "imaps:" ? 993 : 143),
      secure: url.protocol === "imaps:",
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
      // IDLE from the moment the mailbox is read, not after imapflow's 15 s of quiet: a move by mail is answered at once.
      disableAutoIdle: true,
    });
    this.client = client;
    const closed = new Promise<void>((resolve) => client.once("close", () => resolve()));
    client.on("error", () => undefined); // a lost connection ends the session below, and run() opens another
    await client.connect();
    await client.mailboxOpen("INBOX");
    client.on("exists", () => this.poke?.());
    while (!this.stopped && client.usable) {
      const woken = new Promise<void>((resolve) => (this.poke = resolve));
      await this.readUnread(client);
      // Ended by the next command (the search above, once woken).
      void client.idle().catch(() => undefined);
      await Promise.race([woken, closed, sleep(pollMs)]);
    }
    if (!this.stopped) await client.logout().catch(() => undefined);
  }

  private async readUnread(client: ImapFlow): Promise<void> {
    const unread = (await client.search({ seen: false }, { uid: true })) || [];
    for (const uid of unread) {
      if (this.stopped) return;
      const message = await client.fetchOne(String(uid), { source: { maxLength: this.limit }, size: true }, { uid: true });
      const source = message ? message.source : undefined;
      if (message && source) {
        await this.handle(source, message.size ?? source.length).catch((err: unknown) =>
          this.log.error({ err, uid }, "a mail from the mailbox could not be acted on; it is marked read and left there"),
        );
      }
      await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
    }
  }
}
