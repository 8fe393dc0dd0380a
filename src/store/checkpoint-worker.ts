/**
 * The checkpointer's thread (wal-checkpoint.ts): its own connection to the game file, which
 * copies the write-ahead log into the database when asked. A checkpoint syncs the disk twice
 * (the log, then the file); here those waits hold no request.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openSqlite } from "./sqlite-driver.js";

/** `log`: the frames in the log now. */
export type CheckpointReply = { ok: true; log: number } | { ok: false; error: string };

const port = parentPort;
if (!port) throw new Error("the checkpointer runs only as a worker thread");
const db = openSqlite((workerData as { path: string }).path);
// PASSIVE never waits for the server's connection, which goes on writing meanwhile.
db.exec("PRAGMA busy_timeout = 0");
// Not OFF: SQLite syncs the log before copying it, and the file after, so that restarting the log loses nothing.
db.exec("PRAGMA synchronous = NORMAL");
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");

port.on("message", () => {
  let reply: CheckpointReply;
  try {
    const row = checkpoint.get();
    reply = { ok: true, log: Number(row?.log ?? 0) };
  } catch (err) {
    reply = { ok: false, error: (err as Error).message };
  }
  port.postMessage(reply);
});
