/**
 * A consistent copy of a game file while a server serves it: games, accounts, sessions and
 * messages, as they stood at one moment.
 *
 * By `VACUUM INTO`, not SQLite's online backup API. Both drivers run it as plain SQL (node:sqlite
 * has no backup() before Node 22.16, better-sqlite3's is asynchronous and its own). It copies
 * within one read transaction, so the copy is of one moment; in WAL mode writers go on meanwhile
 * (the write-ahead log grows until the copy is done, then checkpoints as usual). The backup API,
 * run from another process, starts over whenever the server writes between its steps, so under a
 * steady stream of acts it may never finish. VACUUM INTO also leaves out free pages: text deleted
 * or redacted before the copy is not in it (the store keeps secure_delete's promise).
 * SQLite does not sync the file it writes: the copy is written beside the target, synced, then
 * renamed into place, so a crash never leaves half a backup under the name asked for.
 */
import { closeSync, existsSync, fsyncSync, openSync, realpathSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { openSqlite, type SqlDatabase } from "./sqlite-driver.js";
import { busyTimeoutMs } from "./sqlite-store.js";

export interface BackupReport {
  source: string;
  target: string;
  bytes: number;
  games: number;
  acts: number;
  accounts: number;
  sessions: number;
  messages: number;
}

/** What went wrong, in words for whoever ran the backup (the CLI prints it as an error). */
export class BackupError extends Error {
  override name = "BackupError";
}

function syncPath(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Rows in `table`; 0 where a file of an older schema has no such table yet. */
function count(db: SqlDatabase, table: string): number {
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)) return 0;
  return Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n ?? 0);
}

/** Copies the game file `source` to `target`; refuses to replace an existing file unless `force`. */
export function backupDatabase(source: string, target: string, options: { force?: boolean } = {}): BackupReport {
  if (!existsSync(source)) throw new BackupError(`there is no game file ${source} to back up (pass --db <file>, or set NOMOS_DB)`);
  const to = resolve(target);
  if (existsSync(to)) {
    if (realpathSync(to) === realpathSync(source)) throw new BackupError(`${target} is the game file itself; name another file for the backup`);
    if (!options.force) throw new BackupError(`${target} exists already; name another file, or pass --force to replace it`);
  }
  if (!existsSync(dirname(to))) throw new BackupError(`there is no folder ${dirname(to)} to write ${target} into; create it first`);

  const partial = `${to}.partial-${process.pid}`;
  const db = openSqlite(source);
  try {
    // Wait for a writer that holds the file a moment (a server's commit), as the store does.
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    const nomos = db
      .prepare("SELECT (SELECT user_version FROM pragma_user_version) AS version, (SELECT count(*) FROM sqlite_master WHERE name = 'games') AS games")
      .get();
    if (!Number(nomos?.version) || !Number(nomos?.games)) throw new BackupError(`${source} is not a Nomos game file`);
    rmSync(partial, { force: true });
    db.prepare("VACUUM INTO ?").run(partial);
  } catch (err) {
    rmSync(partial, { force: true });
    if (err instanceof BackupError) throw err;
    throw new BackupError(`could not back up ${source}: ${(err as Error).message}`, { cause: err });
  } finally {
    db.close();
  }

  // Read back before it takes the name: a copy that does not open and check is no backup.
  const copy = openSqlite(partial);
  let report: Omit<BackupReport, "bytes">;
  try {
    const check = copy.prepare("PRAGMA quick_check").get();
    if (Object.values(check ?? {})[0] !== "ok")
      throw new BackupError(`the copy of ${source} does not check out (${JSON.stringify(check)}); nothing was written`);
    report = {
      source,
      target,
      games: count(copy, "games"),
      acts: count(copy, "acts"),
      accounts: count(copy, "users"),
      sessions: count(copy, "sessions"),
      messages: count(copy, "messages"),
    };
  } catch (err) {
    copy.close();
    rmSync(partial, { force: true });
    throw err;
  }
  copy.close();
  syncPath(partial);
  renameSync(partial, to);
  syncPath(dirname(to)); // the rename itself, durable
  return { ...report, bytes: statSync(to).size };
}
