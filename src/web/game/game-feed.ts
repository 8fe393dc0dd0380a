/**
 * What a game's page reads from the server, and when, so that nothing is read twice. The
 * page is read once on load and once per act it hears of (the act's seq says whether the page
 * already has it, as after the player's own act); the rules only when their version changes;
 * the log's new entries only while a tab shows it (Log, Channels) or the game has not started
 * (the header says so, from the log); the channels and their messages only on the Channels tab.
 * The live stream opens once the page is read, saying which act the page has: the server
 * then tells at once of any act since, and again after a reconnect (Last-Event-ID); or, if the
 * game has fewer acts than that (restored from a backup), that the page must read it anew.
 * What was new to the player on load ("since you last looked") comes from the log read then.
 */
import { get } from "../api.js";
import type { Channel, GamePage, LogEntry, Message, Rule } from "../types.js";

/**
 * What was new to the player when the page loaded: the last act they had seen before (the
 * page's lastSeen then; later marks do not change it until a reload), and the log's entries
 * after it, up to the page's act then.
 */
export interface Since {
  lastSeen: number;
  entries: LogEntry[];
}

/** What the feed has read, as it changes (a read's parts in one go, so the page draws them together). */
export interface FeedView {
  page(page: GamePage): void;
  /** Once on load, if the player has looked at the game before. */
  since(since: Since): void;
  rules(rules: Rule[]): void;
  log(log: LogEntry[]): void;
  channels(channels: Channel[]): void;
  messages(messages: Message[]): void;
  error(message: string | null): void;
  connected(live: boolean): void;
}

/** The tabs that show the log, and those that show the channels. */
const logTabs = new Set(["log", "channels", "forum"]);
const channelTabs = new Set(["channels", "forum"]);

/**
 * Each message act's entry shows the message as it is now: an edit, deletion or redaction
 * arriving later changes what its earlier entries show (a redacted text stays nowhere).
 */
function withMessagesNow(log: LogEntry[]): LogEntry[] {
  const now = new Map<number, LogEntry["message"]>();
  for (const e of log) if (e.input.kind === "message" && e.message) now.set(e.input.message, e.message);
  return log.map((e) => (e.input.kind === "message" && e.message && now.get(e.input.message) !== e.message ? { ...e, message: now.get(e.input.message) } : e));
}

/** Runs `work` once at a time; calls while it runs ask for one more run after it, however many they are. */
function oneAtATime(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await work();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return run;
}

export class GameFeed {
  private page: GamePage | null = null;
  private rulesVersion = -1;
  private log: LogEntry[] = [];
  /** The last entry read, and the act the log has been read up to. */
  private logged = 0;
  private logReadTo = -1;
  /** The log's read under way, if any: the next waits for it. */
  private logRead: Promise<void> = Promise.resolve();
  /** Whether an action or a timer has been played; null until the log says. */
  started: boolean | null = null;
  private tab = "play";
  /** The act the page must have; and whether a read was asked for with no act to name. */
  private wanted = 0;
  private forced = false;
  private source: EventSource | null = null;
  private dropped = false;
  private closed = false;

  constructor(
    private readonly id: string,
    private readonly view: FeedView,
  ) {}

  start(tab: string): void {
    this.tab = tab;
    void this.refresh().finally(() => this.listen());
    if (channelTabs.has(tab)) void this.readMessages();
  }

  close(): void {
    this.closed = true;
    this.source?.close();
  }

  /** The tab shown: a tab that shows the log or the channels reads what it lacks of them. */
  show(tab: string): void {
    const was = this.tab;
    this.tab = tab;
    if (!this.page) return;
    if (channelTabs.has(tab) && !channelTabs.has(was)) void this.readMessages();
    if (this.wantsLog && this.logReadTo < this.page.view.seq) void this.readLog(this.page.view.seq).catch((err: Error) => this.view.error(err.message));
  }

  /** Reads the page again: to have act `seq` at least, or (with none) anew. Resolves once the page shows it. */
  refresh = (seq?: number): Promise<void> => {
    if (seq === undefined) this.forced = true;
    else this.wanted = Math.max(this.wanted, seq);
    return this.readPages();
  };

  /** The channels and every message again (an edit, deletion or redaction changes an old one); a failure leaves them as they were. */
  readMessages = oneAtATime(async () => {
    try {
      const all: Message[] = [];
      for (;;) {
        const more = await get<Message[]>(`/api/games/${this.id}/messages?after=${all.at(-1)?.id ?? 0}`);
        if (!more.length) break;
        all.push(...more);
      }
      const channels = await get<Channel[]>(`/api/games/${this.id}/channels`);
      this.view.messages(all);
      this.view.channels(channels);
    } catch {
      // the next message, or the player's next post, reads them again
    }
  });

  private get wantsLog(): boolean {
    return logTabs.has(this.tab) || this.started !== true;
  }

  private readPages = oneAtATime(async () => {
    while (!this.closed && (this.forced || (this.page?.view.seq ?? -1) < this.wanted)) {
      this.forced = false;
      try {
        await this.readPage();
        this.view.error(null);
      } catch (err) {
        this.view.error((err as Error).message);
        return; // the next act, or the player, tries again
      }
    }
  });

  private async readPage(): Promise<void> {
    const next = await get<GamePage>(`/api/games/${this.id}`);
    const seq = next.view.seq;
    const [rules, log, channels] = await Promise.all([
      next.rulesVersion === this.rulesVersion ? null : get<{ rules: Rule[] }>(`/api/games/${this.id}/rules`).then((r) => r.rules),
      this.wantsLog && this.logReadTo < seq ? this.readLog(seq, false) : null,
      // An act may open or close a channel.
      this.page && channelTabs.has(this.tab) ? get<Channel[]>(`/api/games/${this.id}/channels`) : null,
    ]);
    this.rulesVersion = next.rulesVersion;
    const since = this.page === null && next.lastSeen !== null ? this.since(next.lastSeen, seq) : null;
    this.page = next;
    if (rules) this.view.rules(rules);
    if (since instanceof Promise) void since.then(this.view.since, (err: Error) => this.view.error(err.message));
    else if (since) this.view.since(since);
    this.view.page(next);
    if (log) this.view.log(log);
    if (channels) this.view.channels(channels);
    // The Log tab opened while this was read, past a page of entries read for the header alone.
    if (this.wantsLog && this.logReadTo < seq) void this.readLog(seq).catch((err: Error) => this.view.error(err.message));
  }

  /**
   * The log's entries after the last read, up to act `seq` at least, one read at a time (a
   * read asked for meanwhile waits, then reads only what is still missing); the whole log if
   * any came, else null. `show` says it to the page itself.
   */
  private readLog(seq: number, show = true): Promise<LogEntry[] | null> {
    const read = this.logRead.then(() => (this.logReadTo < seq ? this.readLogNow(seq) : null));
    this.logRead = read.then(
      () => undefined,
      () => undefined,
    );
    if (!show) return read;
    return read.then((log) => {
      if (log) this.view.log(log);
      return log;
    });
  }

  private async readLogNow(seq: number): Promise<LogEntry[] | null> {
    const read: LogEntry[] = [];
    for (;;) {
      const reply = await get<{ entries: LogEntry[]; last: number }>(`/api/games/${this.id}/log?after=${this.logged}`);
      read.push(...reply.entries);
      if (reply.entries.length) this.logged = reply.entries.at(-1)!.seq;
      this.started ||= reply.entries.some((e) => e.input.kind === "action" || e.input.kind === "timer");
      // Short of the last act: the page of entries was full, or the acts after it are not the player's to read (one more read says which).
      if (!reply.entries.length || this.logged >= reply.last) {
        this.logReadTo = Math.max(this.logReadTo, seq);
        break;
      }
      if (!this.wantsLog) break; // read on when a tab shows the log
    }
    if (!read.length) return null;
    const first = read[0]!.seq;
    this.log = withMessagesNow([...this.log.filter((e) => e.seq < first), ...read]);
    return this.log;
  }

  /**
   * What was new to the player on load: the log's entries after the act they had last seen, up to
   * the page's. The log read on load holds them, unless the game is long and that read stopped
   * short of them (the Play tab needs no more of the log): then the rest are read apart, once.
   */
  private since(lastSeen: number, seq: number): Since | Promise<Since> {
    const entries = this.log.filter((e) => e.seq > lastSeen && e.seq <= seq);
    if (lastSeen >= seq || this.logReadTo >= seq) return { lastSeen, entries };
    return this.readSince(Math.max(lastSeen, this.logged), seq).then((rest) => ({ lastSeen, entries: [...entries, ...rest] }));
  }

  private async readSince(after: number, seq: number): Promise<LogEntry[]> {
    const read: LogEntry[] = [];
    while (after < seq) {
      const reply = await get<{ entries: LogEntry[] }>(`/api/games/${this.id}/log?after=${after}`);
      if (!reply.entries.length) break;
      read.push(...reply.entries.filter((e) => e.seq <= seq));
      after = reply.entries.at(-1)!.seq;
    }
    return read;
  }

  /**
   * The game was restored from a backup: it has fewer acts than the page showed, so nothing read
   * is a part of it. The next read takes the page, rules, log and channels anew.
   */
  private forget(): void {
    this.wanted = 0;
    this.forced = true;
    this.rulesVersion = -1;
    this.log = [];
    this.logged = 0;
    this.logReadTo = -1;
    this.started = null;
    this.view.log([]);
    if (channelTabs.has(this.tab)) void this.readMessages();
  }

  private listen(): void {
    if (this.closed) return;
    const source = new EventSource(`/api/games/${this.id}/live${this.page ? `?after=${this.page.view.seq}` : ""}`);
    this.source = source;
    source.addEventListener("open", () => {
      this.view.connected(true);
      // The first read failed: try again now the server answers. Messages missed while away have no act to catch up by.
      if (!this.page) void this.refresh();
      else if (this.dropped && channelTabs.has(this.tab)) void this.readMessages();
    });
    source.addEventListener("error", () => {
      this.dropped = true;
      this.view.connected(false);
    });
    source.addEventListener("act", (event) => {
      const news = JSON.parse((event as MessageEvent<string>).data) as { seq: number; restored?: boolean };
      if (news.restored) this.forget();
      void this.refresh(Number(news.seq));
    });
    source.addEventListener("message", () => {
      if (channelTabs.has(this.tab)) void this.readMessages();
    });
  }
}
