/** The SQLite store, through its interface: what it keeps, what it refuses. */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Act, GameInfo, GameState } from "../src/kernel/types.js";
import { openSqlite } from "../src/store/sqlite-driver.js";
import { StoreConflictError } from "../src/kernel/game-store.js";
import { SqliteStore } from "../src/store/sqlite-store.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-store-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const info = (id: string, createdAt = 1): GameInfo => ({ id, name: `game ${id}`, preset: "suber", createdAt, seed: "seed" });
const act = (seq: number): Act => ({ seq, time: seq * 1000, seed: "00", input: { kind: "action", actor: "p1", name: "noop", input: { n: seq } }, effects: [] });
const state = (seq: number) => ({ seq, name: `at ${seq}` }) as unknown as GameState;

test("acts appended are read back in order, across reopening the file", async () => {
  const file = join(dir, "games", "kept.db"); // the folder does not exist yet
  const store = SqliteStore.open(file);
  await store.createGame(info("a"), act(1));
  for (let seq = 2; seq <= 5; seq++) await store.appendAct("a", act(seq));
  store.saveSnapshot("a", { seq: 4, state: state(4) });
  store.close();
  const again = SqliteStore.open(file);
  assert.deepEqual(again.readActs("a"), [1, 2, 3, 4, 5].map(act));
  assert.deepEqual(again.readActs("a", 3), [act(4), act(5)]);
  assert.equal(again.lastSeq("a"), 5);
  assert.deepEqual(again.getGame("a"), info("a"));
  assert.deepEqual(again.latestSnapshot("a"), { seq: 4, state: state(4) });
  assert.deepEqual(again.listGames(), [info("a")]);
  again.close();
});

test("an unknown game has no acts, no snapshot and last seq 0", () => {
  const store = SqliteStore.open(":memory:");
  assert.deepEqual(store.readActs("nope"), []);
  assert.equal(store.lastSeq("nope"), 0);
  assert.equal(store.latestSnapshot("nope"), undefined);
  assert.equal(store.getGame("nope"), undefined);
  assert.deepEqual(store.listGames(), []);
  store.close();
});

test("an act out of sequence is refused and nothing is written", async () => {
  const store = SqliteStore.open(":memory:");
  await store.createGame(info("a"), act(1));
  await assert.rejects(store.appendAct("a", act(3)), StoreConflictError);
  await assert.rejects(store.appendAct("a", act(1)), /the log's next act is 2/);
  assert.equal(store.lastSeq("a"), 1);
  assert.deepEqual(store.readActs("a"), [act(1)]);
  await assert.rejects(store.createGame(info("a"), act(1)), /already exists/);
  assert.deepEqual(store.readActs("a"), [act(1)]);
  store.close();
});

test("of two writers on one file, the second to append the same seq gets a conflict", async () => {
  const file = join(dir, "two-writers.db");
  const first = SqliteStore.open(file);
  const second = SqliteStore.open(file);
  await first.createGame(info("a"), act(1));
  await first.appendAct("a", act(2));
  await assert.rejects(second.appendAct("a", { ...act(2), time: 99 }), StoreConflictError);
  await second.appendAct("a", act(3)); // after reloading, it goes on
  assert.deepEqual(first.readActs("a"), [act(1), act(2), act(3)]);
  first.close();
  second.close();
});

test("the latest snapshot wins; games are listed newest first", async () => {
  const store = SqliteStore.open(":memory:");
  await store.createGame(info("old", 1), act(1));
  await store.createGame(info("new", 2), act(1));
  for (const seq of [1, 7, 3, 12]) store.saveSnapshot("old", { seq, state: state(seq) });
  assert.deepEqual(store.latestSnapshot("old"), { seq: 12, state: state(12) });
  store.saveSnapshot("old", { seq: 12, state: state(13) }); // saved again at the same seq: replaced
  assert.deepEqual(store.latestSnapshot("old"), { seq: 12, state: state(13) });
  assert.equal(store.latestSnapshot("new"), undefined);
  assert.deepEqual(
    store.listGames().map((g) => g.id),
    ["new", "old"],
  );
  store.close();
});

test("a damaged act says which game and act", async () => {
  const file = join(dir, "damaged.db");
  const store = SqliteStore.open(file);
  await store.createGame(info("a"), act(1));
  await store.appendAct("a", act(2));
  store.close();
  const raw = openSqlite(file); // damage it behind the store's back
  raw.exec(`UPDATE acts SET body = '{"seq": 2, "ti' WHERE seq = 2`);
  raw.close();
  const again = SqliteStore.open(file);
  assert.throws(() => again.readActs("a"), /act 2 of game a is damaged/);
  again.close();
});

test("a file that is not a game file is refused with a clear message", () => {
  const file = join(dir, "notes.txt");
  writeFileSync(file, "These are my notes, not a database. ".repeat(20));
  assert.throws(() => SqliteStore.open(file), /notes\.txt is not a Nomos game file/);
  assert.throws(() => SqliteStore.open(dir), /cannot open .*nomos-store-/); // a folder
});

test("another program's SQLite database is refused and left as it was", () => {
  const file = join(dir, "other.db");
  const raw = openSqlite(file);
  raw.exec("CREATE TABLE contacts (name TEXT)");
  raw.close();
  const before = readFileSync(file);
  assert.throws(() => SqliteStore.open(file), /other\.db is not a Nomos game file/);
  assert.deepEqual(readFileSync(file), before);
});

test("a file from a newer version of Nomos is refused", () => {
  const file = join(dir, "newer.db");
  SqliteStore.open(file).close();
  const raw = openSqlite(file);
  raw.exec("PRAGMA user_version = 99");
  raw.close();
  assert.throws(() => SqliteStore.open(file), /newer version of Nomos \(schema 99\)/);
});
