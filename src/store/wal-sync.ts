/**
 * Group commit for a SQLite file in WAL mode. Transactions commit with `synchronous =
 * NORMAL`, which writes their frames to the write-ahead log without syncing it; durability
 * comes from here: one fdatasync of the WAL file, run on libuv's threadpool (never on the
 * event loop), covers every commit made before it began, whichever game or account made it.
 * Commits that arrive while a sync runs wait for the next one, so on a busy server a sync
 * covers many commits and the disk is asked once per batch, not once per act.
 *
 * Why this is as durable as `synchronous = FULL`: a commit's frames are in the WAL file once
 * its transaction returns; after the fdatasync they are on the disk, and SQLite's recovery
 * replays every WAL frame whose checksum and salt hold, up to the last commit. Under NORMAL,
 * SQLite itself syncs the WAL before a checkpoint copies it into the database and the
 * database after, so a WAL restart never loses a frame it overwrites. A torn write of
 * frames not yet synced is ignored by recovery (bad checksum or old salt), and nothing of
 * them was acknowledged. Callers acknowledge only after {@link WalSync.durable} resolves.
 *
 * A failed sync means the disk may have dropped writes (Linux may clear the error after
 * reporting it once): every waiter is refused, and so is every later write, for good. The two
 * are told apart: a waiter's commit is in the log, so it may well be in the file when SQLite
 * recovers it at the next start (`unconfirmed`), while a later write was never made.
 */
import { closeSync, fdatasync, openSync } from "node:fs";
import { busyTime } from "../busy-time.js";

export class WalSync {
  private fd: number | null = null;
  /** Commits made, and the count the last finished sync covered. */
  private written = 0;
  private synced = 0;
  private running = false;
  private waiters: { upTo: number; resolve: () => void; reject: (err: Error) => void }[] = [];
  private failedWith: Error | null = null;

  /** `failed`: told once, when a sync fails, of what every later write is refused with. */
  constructor(
    private readonly walPath: string,
    private readonly failed?: (refusal: Error) => void,
  ) {}

  /** Called after each commit on the connection. */
  committed(): void {
    this.written++;
  }

  /** Throws if an earlier sync failed: nothing more may be written (and nothing of this write was). */
  check(): void {
    if (this.failure) throw refusal(this.failure);
  }

  /** The sync that failed, if one did. */
  get failure(): Error | null {
    return this.failedWith;
  }

  /** Resolves once every commit made so far is on the disk. */
  durable(): Promise<void> {
    if (this.failedWith) return Promise.reject(this.failedWith);
    const upTo = this.written;
    if (this.synced >= upTo) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ upTo, resolve, reject });
      this.start();
    });
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private start(): void {
    if (this.running || this.failedWith) return;
    const target = this.written;
    let fd: number;
    try {
      // Opened on first use: the WAL file exists once the first transaction has written to it.
      this.fd ??= openSync(this.walPath, "r");
      fd = this.fd;
    } catch (err) {
      this.fail(err);
      return;
    }
    this.running = true;
    const started = busyTime.on ? performance.now() : 0;
    fdatasync(fd, (err) => {
      this.running = false;
      if (busyTime.on) {
        busyTime.syncMs += performance.now() - started;
        busyTime.syncs++;
      }
      if (err) {
        this.fail(err);
        return;
      }
      this.synced = Math.max(this.synced, target);
      const waiting = this.waiters;
      this.waiters = [];
      for (const w of waiting) {
        if (w.upTo <= this.synced) w.resolve();
        else this.waiters.push(w);
      }
      if (this.waiters.length) this.start();
    });
  }

  private fail(cause: unknown): void {
    this.failedWith = Object.assign(new Error(`the disk failed to sync the game file's log: ${(cause as Error).message}`), {
      code: "SQLITE_IOERR",
      unconfirmed: true,
      cause,
    });
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w.reject(this.failedWith);
    this.failed?.(refusal(this.failedWith));
  }
}

/** What a write after a failed sync is refused with: nothing of it was made. */
function refusal(failure: Error): Error {
  return Object.assign(new Error(`${failure.message}; no write is made until the server restarts`), { code: "SQLITE_IOERR", afterFailedSync: true });
}
