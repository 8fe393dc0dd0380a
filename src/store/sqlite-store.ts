/**
 * The embedded store: one SQLite file holds every game's log and snapshots, in WAL mode.
 * Each act is one row written in one transaction, so nothing half-written ever shows.
 * Durability "full" (the default) syncs every act to disk before acknowledging it: nothing
 * acknowledged is lost even if the machine loses power. The syncs are grouped: commits do not
 * sync, and one sync of the write-ahead log off the event loop covers every commit before it,
 * across games (wal-sync.ts); {@link SqliteStore.durable} waits for it. "process" syncs only at
 * WAL checkpoints: an acknowledged act survives the process being killed, but the last acts
 * may be lost if the machine itself crashes.
 */
import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Act, GameInfo, GameState } from "../kernel/types.js";
import { openSqlite, sqliteCode, StoreWriteError, writeFailure, type SqlDatabase } from "./sqlite-driver.js";
import { WalSync } from "./wal-sync.js";
import { migrations } from "./migrations.js";
import { WalCheckpointer } from "./wal-checkpoint.js";
import { importProblem, StoreConflictError, takeCompanion, withCompanion, type GameStore, type Snapshot } from "../kernel/game-store.js";

type Db = SqlDatabase;

/** How long a connection waits for another process's lock before it reports the file busy (ms). */
export const busyTimeoutMs = 5000;

/** The file's schema version; throws if the file is another program's or a newer Nomos's. */
function schemaVersion(db: Db, path: string): number {
  // One statement, so both are read from the same moment even while another process migrates.
  const row = db.prepare("SELECT (SELECT user_version FROM pragma_user_version) AS version, EXISTS (SELECT 1 FROM sqlite_master) AS tables").get();
  const version = Number(row?.version ?? 0);
  if (version > migrations.length) throw new Error(`${path} was written by a newer version of Nomos (schema ${version}); upgrade Nomos to open it`);
  // Tables without a version are another program's: do not write ours into its file.
  if (version === 0 && Number(row?.tables)) throw new Error(`${path} is not a Nomos game file: it is a SQLite database of another program`);
  return version;
}

/** Brings the schema up to date. */
function migrate(db: Db, path: string): void {
  if (schemaVersion(db, path) === migrations.length) return;
  db.transaction(() => {
    // Read again under the write lock: two processes opening a new file at once would
    // otherwise both see version 0 and the second would fail creating the tables.
    const version = schemaVersion(db, path);
    for (let v = version; v < migrations.length; v++) migrations[v]!(db);
    db.exec(`PRAGMA user_version = ${migrations.length}`);
  });
}

/**
 * Says which file an error from opening concerns. "Not a database" and "corrupt" mean the
 * file is not a game file. Errors not from SQLite (a native module built for another Node,
 * or our own messages) pass through unchanged.
 */
function explain(path: string, failure: unknown): unknown {
  const err = failure instanceof StoreWriteError ? failure.cause : failure;
  const code = sqliteCode(err);
  const message = (err as Error).message;
  if (code === undefined) return err;
  if (code === "NOTADB" || code === "CORRUPT") return new Error(`${path} is not a Nomos game file: ${message}`);
  return new Error(`cannot open ${path}: ${message}`);
}

/**
 * Switching a new file to WAL needs it alone, and SQLite answers "busy" at once rather
 * than wait (node:sqlite does, when two processes open a new file together): try again.
 */
function useWal(db: Db): void {
  for (let attempt = 1; ; attempt++) {
    try {
      db.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (err) {
      if (sqliteCode(err) !== "BUSY" || attempt === 100) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10); // a synchronous 10 ms sleep
    }
  }
}

interface GameRow {
  id: string;
  name: string;
  preset: string | null;
  created_at: number;
  seed: string;
}

function toInfo(row: GameRow): GameInfo {
  return { id: row.id, name: row.name, preset: row.preset, createdAt: row.created_at, seed: row.seed };
}

export class SqliteStore implements GameStore {
  private readonly statements;
  private readonly companions = new Map<string, (act: Act) => void>();
  /** SQLite's data_version as read in this turn of the event loop ({@link foreignWrites}). */
  private dataVersion: number | null = null;

  private constructor(
    private readonly db: Db,
    private readonly path: string,
    private readonly sync: WalSync | null,
    private readonly checkpointer: WalCheckpointer | null,
  ) {
    this.statements = {
      insertGame: db.prepare("INSERT INTO games (id, name, preset, created_at, seed) VALUES (?, ?, ?, ?, ?)"),
      insertAct: db.prepare("INSERT INTO acts (game_id, seq, time, body) VALUES (?, ?, ?, ?)"),
      lastSeq: db.prepare("SELECT COALESCE(MAX(seq), 0) AS seq FROM acts WHERE game_id = ?"),
      // Changes when another connection commits, never for this one's own commits (SQLite's data_version).
      dataVersion: db.prepare("PRAGMA data_version"),
      readActs: db.prepare("SELECT seq, body FROM acts WHERE game_id = ? AND seq > ? ORDER BY seq"),
      insertSnapshot: db.prepare("INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)"),
      pruneSnapshots: db.prepare(
        "DELETE FROM snapshots WHERE game_id = ? AND seq NOT IN (SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 2)",
      ),
      latestSnapshot: db.prepare("SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1"),
      getGame: db.prepare("SELECT * FROM games WHERE id = ?"),
      listGames: db.prepare("SELECT * FROM games ORDER BY created_at DESC, rowid DESC"),
      setDeadline: db.prepare("UPDATE games SET next_deadline = ? WHERE id = ?"),
      dueGames: db.prepare("SELECT id FROM games WHERE next_deadline <= ? ORDER BY next_deadline"),
      upcomingDeadlines: db.prepare("SELECT id, next_deadline AS at FROM games WHERE next_deadline > ?"),
    };
  }

  /** Opens (creating if needed) a game file; ":memory:" for a store that lives in memory. */
  static open(path: string, options: { durability?: "full" | "process" } = {}): SqliteStore {
    if (path !== ":memory:") {
      const dir = dirname(resolve(path));
      if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    }
    let db: Db;
    try {
      db = openSqlite(path);
    } catch (err) {
      throw explain(path, err);
    }
    try {
      // The busy timeout comes first, so that a second process opening the file waits for
      // the first instead of failing (node:sqlite's default timeout is 0).
      db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
      schemaVersion(db, path); // before switching to WAL, which changes the file
      useWal(db);
      // NORMAL either way: under "full" the store syncs the log itself, grouped (wal-sync.ts).
      db.exec("PRAGMA synchronous = NORMAL");
      db.exec("PRAGMA foreign_keys = ON");
      // What is deleted is overwritten, not left in free pages: a redacted message's text is gone from the file.
      db.exec("PRAGMA secure_delete = ON");
      migrate(db, path);
    } catch (err) {
      db.close();
      throw explain(path, err);
    }
    const sync = options.durability === "process" || path === ":memory:" ? null : new WalSync(`${resolve(path)}-wal`, (refusal) => db.refuseWrites(refusal));
    const checkpointer = path === ":memory:" ? null : new WalCheckpointer(db, resolve(path));
    db.afterCommit(() => {
      sync?.committed();
      checkpointer?.committed();
    });
    return new SqliteStore(db, path, sync, checkpointer);
  }

  /** Throws if the disk failed a sync earlier: nothing more is written to a file that may have lost writes. */
  private writable(): void {
    try {
      this.sync?.check();
    } catch (err) {
      throw writeFailure(err);
    }
  }

  /** Why nothing can be written now (a sync the disk failed, a game file the process may not write), or null. */
  writeProblem(): string | null {
    if (this.sync?.failure) return `${this.sync.failure.message}; it refuses every change until it restarts`;
    if (this.path === ":memory:") return null;
    try {
      accessSync(resolve(this.path), constants.W_OK);
      return null;
    } catch (err) {
      return `it may not write its game file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
    }
  }

  /**
   * Resolves once everything committed so far is on the disk (at once under "process"
   * durability, or when nothing is waiting). Whatever is acknowledged to a person waits for it.
   */
  async durable(): Promise<void> {
    try {
      await this.sync?.durable();
    } catch (err) {
      throw writeFailure(err);
    }
  }

  async createGame(info: GameInfo, first: Act): Promise<void> {
    this.writable();
    this.db.transaction(() => {
      if (this.statements.getGame.get(info.id)) throw new Error(`a game with the id "${info.id}" already exists`);
      this.statements.insertGame.run(info.id, info.name, info.preset, info.createdAt, info.seed);
      this.statements.insertAct.run(info.id, first.seq, first.time, JSON.stringify(first));
      takeCompanion(this.companions, info.id)?.(first);
    });
    await this.durable();
  }

  /** One transaction: a failure anywhere (a taken id, a full disk) leaves no trace of the game. */
  async importGame(info: GameInfo, acts: Act[], snapshot?: Snapshot): Promise<void> {
    const problem = importProblem(acts, snapshot);
    if (problem) throw new Error(`game ${info.id} cannot be imported: ${problem}`);
    const state = snapshot && JSON.stringify(snapshot.state);
    this.db.transaction(() => {
      if (this.statements.getGame.get(info.id)) throw new Error(`a game with the id "${info.id}" already exists`);
      this.statements.insertGame.run(info.id, info.name, info.preset, info.createdAt, info.seed);
      for (const act of acts) this.statements.insertAct.run(info.id, act.seq, act.time, JSON.stringify(act));
      if (snapshot && state) this.statements.insertSnapshot.run(info.id, snapshot.seq, state);
      takeCompanion(this.companions, info.id)?.(acts[acts.length - 1]!);
    });
    await this.durable();
  }

  /** Resolves once the act is on the disk; other games' acts go on meanwhile, their syncs grouped with this one's. */
  async appendAct(gameId: string, act: Act, deadline?: number | null): Promise<void> {
    this.writeAct(gameId, act, deadline);
    await this.durable();
  }

  /** Writes the act (committed, not yet synced): {@link durable} says when the disk has it. */
  writeAct(gameId: string, act: Act, deadline?: number | null): void {
    this.writable();
    const body = JSON.stringify(act);
    this.db.transaction(() => {
      const last = this.lastSeq(gameId);
      if (act.seq !== last + 1) throw new StoreConflictError(gameId, last + 1, act.seq);
      this.statements.insertAct.run(gameId, act.seq, act.time, body);
      if (deadline !== undefined) this.statements.setDeadline.run(deadline, gameId);
      takeCompanion(this.companions, gameId, act)?.(act);
    });
  }

  /** The write runs inside the act's transaction, on this store's database ({@link sql}). */
  alongside<T>(gameId: string, write: (act: Act) => void, work: () => Promise<T>): Promise<T> {
    return withCompanion(this.companions, gameId, write, work);
  }

  readActs(gameId: string, afterSeq = 0): Act[] {
    return (this.statements.readActs.all(gameId, afterSeq) as unknown as { seq: number; body: string }[]).map((row) => {
      try {
        return JSON.parse(row.body) as Act;
      } catch (err) {
        throw new Error(`${this.path}: act ${row.seq} of game ${gameId} is damaged (${(err as Error).message})`);
      }
    });
  }

  lastSeq(gameId: string): number {
    return Number(this.statements.lastSeq.get(gameId)?.seq ?? 0);
  }

  /**
   * Read once per turn of the event loop, not per request (each read takes SQLite's WAL read
   * lock, a few µs to tens under load). The requests handled in one turn arrived by its poll,
   * so another process's commit is seen by the next turn, well within a millisecond under
   * load: as if it had come a moment later, which a commit racing a request may anyway.
   */
  foreignWrites(): number {
    if (this.dataVersion === null) {
      this.dataVersion = Number(this.statements.dataVersion.get()?.data_version ?? 0);
      setImmediate(() => {
        this.dataVersion = null;
      });
    }
    return this.dataVersion;
  }

  /**
   * A snapshot only saves folding time: the log is the record. One the disk refuses (full,
   * read-only) is skipped, so that an act already saved is not then reported as failed.
   */
  saveSnapshot(gameId: string, snapshot: Snapshot): void {
    const state = JSON.stringify(snapshot.state);
    try {
      this.db.transaction(() => {
        this.statements.insertSnapshot.run(gameId, snapshot.seq, state);
        this.statements.pruneSnapshots.run(gameId, gameId);
      });
    } catch (err) {
      if (!(err instanceof StoreWriteError)) throw err;
    }
  }

  latestSnapshot(gameId: string): Snapshot | undefined {
    const row = this.statements.latestSnapshot.get(gameId) as unknown as { seq: number; state: string } | undefined;
    if (!row) return undefined;
    try {
      return { seq: row.seq, state: JSON.parse(row.state) as GameState };
    } catch (err) {
      throw new Error(`${this.path}: the snapshot at act ${row.seq} of game ${gameId} is damaged (${(err as Error).message})`);
    }
  }

  getGame(gameId: string): GameInfo | undefined {
    const row = this.statements.getGame.get(gameId) as unknown as GameRow | undefined;
    return row ? toInfo(row) : undefined;
  }

  listGames(): GameInfo[] {
    return (this.statements.listGames.all() as unknown as GameRow[]).map(toInfo);
  }

  dueGames(now: number): string[] {
    return (this.statements.dueGames.all(now) as unknown as { id: string }[]).map((row) => row.id);
  }

  upcomingDeadlines(now: number): { id: string; at: number }[] {
    return this.statements.upcomingDeadlines.all(now) as unknown as { id: string; at: number }[];
  }

  noteDeadline(gameId: string, deadline: number | null): void {
    try {
      this.db.transaction(() => this.statements.setDeadline.run(deadline, gameId));
    } catch (err) {
      // Only a hint for the next start: a disk that refuses it costs a load then, nothing more.
      if (!(err instanceof StoreWriteError)) throw err;
    }
  }

  /**
   * Pushes what deleted rows held out of the write-ahead log, where the pages written before
   * stay until a checkpoint (the file itself is kept clean by secure_delete). Best effort and
   * without waiting: another process reading the file leaves it to the next checkpoint.
   */
  scrub(): void {
    try {
      this.db.exec("PRAGMA busy_timeout = 0");
      this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch {
      // busy: SQLite's own checkpoints copy the pages later
    } finally {
      this.db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    }
  }

  /** The open database, for the server's own records kept in the same file. */
  get sql(): SqlDatabase {
    return this.db;
  }

  /** Which SQLite library is in use: Node's own, or better-sqlite3. */
  get driver(): SqlDatabase["driver"] {
    return this.db.driver;
  }

  /** The checkpoints made off the event loop so far (wal-checkpoint.ts). */
  get checkpoints(): Readonly<WalCheckpointer["done"]> {
    return this.checkpointer?.done ?? { checkpoints: 0, caughtUp: 0 };
  }

  close(): void {
    this.checkpointer?.close();
    this.db.close();
    this.sync?.close();
  }
}
