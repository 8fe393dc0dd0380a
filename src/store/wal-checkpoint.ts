/**
 * Checkpoints off the event loop. SQLite checkpoints a WAL file on its own, inside whichever
 * commit takes the log past 1,000 pages: that commit then copies the log into the database and
 * syncs the disk twice, on the thread that committed. On a server that is the event loop,
 * and every game and page waited for those syncs (a 9 ms stall every ~320 acts on a quiet
 * disk, several times that on a busy one). So the server's connection checkpoints nothing
 * itself, and a worker thread with a connection of its own checkpoints after every
 * `every` commits, passively: the server goes on writing meanwhile.
 *
 * A checkpoint that runs while commits go on copies the log only as far as it was when it
 * began, and SQLite starts the log afresh only once all of it is copied: under steady load
 * the log would grow for good. So once it is past `maxFrames`, the server's connection
 * copies the little written since the thread's checkpoint itself, between two commits, and
 * the next commit starts the log afresh: one stall per `maxFrames` frames instead of one per
 * 1,000 pages.
 *
 * The thread starts at the first checkpoint due: a command that writes a few acts starts
 * none. Should it fail, SQLite's own checkpoints are turned back on.
 */
import type { Worker } from "node:worker_threads";
import { startWorker } from "../sandbox/worker-file.js";
import type { CheckpointReply } from "./checkpoint-worker.js";
import type { SqlDatabase } from "./sqlite-driver.js";

/** SQLite's own default, in pages, restored if the thread fails. */
const sqliteDefaultPages = 1000;

export class WalCheckpointer {
  /** Commits since the last checkpoint began. */
  private commits = 0;
  private worker: Worker | null = null;
  private running = false;
  private failed = false;
  /** Checkpoints the thread finished, and catch-ups on the server's connection (for tests and the benchmark). */
  readonly done = { checkpoints: 0, caughtUp: 0 };

  constructor(
    private readonly db: SqlDatabase,
    private readonly path: string,
    private readonly every = 200,
    private readonly maxFrames = 4000,
  ) {
    db.exec("PRAGMA wal_autocheckpoint = 0");
  }

  /** Called after each commit on the server's connection. */
  committed(): void {
    this.commits++;
    if (this.commits >= this.every && !this.running && !this.failed) this.start();
  }

  close(): void {
    void this.worker?.terminate().catch(() => undefined);
    this.worker = null;
  }

  private start(): void {
    this.commits = 0;
    this.running = true;
    try {
      this.worker ??= this.spawn();
      this.worker.postMessage(null);
    } catch (err) {
      this.fail(err);
    }
  }

  private spawn(): Worker {
    const worker = startWorker(import.meta.url, "checkpoint-worker", { workerData: { path: this.path } });
    worker.on("message", (reply: CheckpointReply) => {
      this.running = false;
      if (!reply.ok) {
        this.fail(new Error(reply.error));
        return;
      }
      this.done.checkpoints++;
      if (reply.log > this.maxFrames) this.catchUp();
      else if (this.commits >= this.every) this.start();
    });
    worker.on("error", (err) => this.fail(err));
    worker.on("exit", () => {
      if (this.worker === worker) this.fail(new Error("the checkpointer's thread ended"));
    });
    // A checkpoint left undone is safe: it never keeps a process alive.
    worker.unref();
    return worker;
  }

  /** Copies the rest of the log on the server's connection (nothing else writes meanwhile), so that it starts afresh. */
  private catchUp(): void {
    try {
      this.db.exec("PRAGMA wal_checkpoint(PASSIVE)");
      this.done.caughtUp++;
      this.commits = 0;
    } catch (err) {
      this.fail(err);
    }
  }

  private fail(cause: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.running = false;
    this.close();
    try {
      this.db.exec(`PRAGMA wal_autocheckpoint = ${sqliteDefaultPages}`);
    } catch {
      // The connection is closed: nothing left to checkpoint.
    }
    process.emitWarning(`the game file's checkpoints are back on the main thread: ${(cause as Error).message}`);
  }
}
