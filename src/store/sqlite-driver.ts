/**
 * The SQLite library under the store. On Node 24 and later, Node's own node:sqlite; on
 * older Node, better-sqlite3. (better-sqlite3 before 13 aborts the process on Node 24.19+
 * when the garbage collector finalizes a statement, and 13 does not run on Node 20.)
 * NOMOS_SQLITE=builtin or NOMOS_SQLITE=better-sqlite3 chooses one explicitly.
 */
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

export type SqlValue = null | number | bigint | string | Uint8Array;
export type Row = Record<string, SqlValue>;

export interface SqlStatement {
  run(...params: SqlValue[]): void;
  get(...params: SqlValue[]): Row | undefined;
  all(...params: SqlValue[]): Row[];
}

export interface SqlDatabase {
  readonly driver: "builtin" | "better-sqlite3";
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  /**
   * Runs `work` in a transaction: committed if it returns, rolled back if it throws. A
   * commit the disk refused throws {@link StoreWriteError}: every write goes through here, so
   * none is reported saved that was not (a lone `INSERT ... RETURNING` read with `get()`
   * would hand back its row even when its implicit commit then failed).
   */
  transaction<T>(work: () => T): T;
  /** Whether a transaction is open: what is read then may yet be rolled back. */
  readonly inTransaction: boolean;
  /** Called after each outermost transaction commits (the store's group commit counts them: wal-sync.ts). */
  afterCommit(listener: () => void): void;
  /** From now on every transaction throws this (as a {@link StoreWriteError}) before writing anything: the disk failed a sync. */
  refuseWrites(reason: Error): void;
  close(): void;
}

/** SQLite's primary result code ("BUSY", "FULL"...) of an error from either library; undefined if SQLite did not raise it. */
export function sqliteCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; errcode?: unknown };
  // better-sqlite3 names the (extended) code: "SQLITE_NOTADB", "SQLITE_IOERR_WRITE".
  if (typeof e.code === "string" && e.code.startsWith("SQLITE_")) return e.code.split("_")[1];
  // node:sqlite gives its number.
  if (typeof e.errcode === "number") return primaryCodes[e.errcode & 0xff] ?? String(e.errcode);
  return undefined;
}

const primaryCodes: Record<number, string> = { 5: "BUSY", 8: "READONLY", 10: "IOERR", 11: "CORRUPT", 13: "FULL", 26: "NOTADB" };

/** Why a write could not be saved, in a user's words, by SQLite's code. */
const writeProblems: Record<string, { reason: StoreWriteError["reason"]; words: string }> = {
  FULL: { reason: "full", words: "its disk is full" },
  READONLY: { reason: "read-only", words: "its game file is read-only" },
  IOERR: { reason: "io", words: "its disk failed to write" },
  BUSY: { reason: "busy", words: "another program holds its game file" },
};

/** A write SQLite did not commit: nothing of it was saved. The message ends "...: its disk is full". */
export class StoreWriteError extends Error {
  constructor(
    /** "unconfirmed": the write was made but the disk failed to confirm it, so it may have been saved. */
    readonly reason: "full" | "read-only" | "io" | "busy" | "unconfirmed",
    readonly words: string,
    options: { cause: unknown },
  ) {
    super(`the write was not saved: ${words}`, options);
    this.name = "StoreWriteError";
  }
}

/** The error to throw for a failed write: a {@link StoreWriteError} when the file or disk refused it. */
export function writeFailure(err: unknown): unknown {
  if (err instanceof StoreWriteError) return err;
  if ((err as { unconfirmed?: unknown })?.unconfirmed === true)
    return new StoreWriteError("unconfirmed", "its disk failed to confirm it was written", { cause: err });
  if ((err as { afterFailedSync?: unknown })?.afterFailedSync === true)
    return new StoreWriteError("io", "its disk failed to confirm an earlier write, and nothing more is written until the server restarts", { cause: err });
  const problem = writeProblems[sqliteCode(err) ?? ""];
  return problem ? new StoreWriteError(problem.reason, problem.words, { cause: err }) : err;
}

/** What both libraries offer, as far as the store needs it. */
interface RawDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): { run(...p: SqlValue[]): unknown; get(...p: SqlValue[]): unknown; all(...p: SqlValue[]): unknown[] };
  close(): unknown;
}

interface BuiltinModule {
  DatabaseSync: new (path: string) => RawDatabase;
}

function builtin(): BuiltinModule | undefined {
  try {
    return (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.("node:sqlite") as BuiltinModule | undefined;
  } catch {
    return undefined;
  }
}

function chooseDriver(): SqlDatabase["driver"] {
  const wanted = process.env.NOMOS_SQLITE;
  if (wanted === "builtin" || wanted === "better-sqlite3") return wanted;
  const major = Number(process.versions.node.split(".")[0]);
  return major >= 24 && builtin() ? "builtin" : "better-sqlite3";
}

function wrap(driver: SqlDatabase["driver"], raw: RawDatabase): SqlDatabase {
  let open = true;
  let depth = 0;
  let committed: (() => void) | undefined;
  let refused: Error | null = null;
  const exec = (sql: string) => void raw.exec(sql);
  return {
    driver,
    get inTransaction() {
      return depth > 0;
    },
    exec,
    prepare(sql) {
      const statement = raw.prepare(sql);
      return {
        run: (...p) => void statement.run(...p),
        get: (...p) => statement.get(...p) as Row | undefined,
        all: (...p) => statement.all(...p) as Row[],
      };
    },
    transaction<T>(work: () => T): T {
      // Nested, it is a savepoint: the directory's writes join the store's transaction when
      // they must commit with an act (a join and its membership), and roll back with it.
      const nested = depth > 0;
      const savepoint = `nomos_${depth}`;
      if (refused) throw writeFailure(refused);
      try {
        exec(nested ? `SAVEPOINT ${savepoint}` : "BEGIN IMMEDIATE");
      } catch (err) {
        throw writeFailure(err);
      }
      depth++;
      try {
        const result = work();
        exec(nested ? `RELEASE ${savepoint}` : "COMMIT");
        if (!nested) committed?.();
        return result;
      } catch (err) {
        // SQLite may have rolled back already (a full disk, say); the first error is the one to report.
        try {
          exec(nested ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : "ROLLBACK");
        } catch {
          // Nothing left to roll back.
        }
        throw writeFailure(err);
      } finally {
        depth--;
      }
    },
    afterCommit(listener) {
      committed = listener;
    },
    refuseWrites(reason) {
      refused = reason;
    },
    close() {
      if (open) raw.close();
      open = false;
    },
  };
}

export function openSqlite(path: string): SqlDatabase {
  const driver = chooseDriver();
  if (driver === "builtin") {
    const sqlite = builtin();
    if (!sqlite) throw new Error("NOMOS_SQLITE=builtin needs a Node with node:sqlite (Node 22.13 or later)");
    return wrap(driver, new sqlite.DatabaseSync(path));
  }
  const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
  return wrap(driver, new Database(path) as unknown as RawDatabase);
}
