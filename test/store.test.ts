/** The SQLite store, through its interface: what it keeps, what it refuses. */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Act, GameInfo } from "../src/kernel/types.js";
import { StoreConflictError } from "../src/store/store.js";
import { SqliteStore } from "../src/store/sqlite-store.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-store-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const info = (id: string, createdAt = 1): GameInfo => ({ id, name: `game ${id}`, preset: "suber", createdAt, seed: "seed" });
const act = (seq: number): Act => ({ seq, time: seq * 1000, seed: "00", input: { kind: "action", actor: "p1", name: "noop", input: { n: seq } }, effects: [] });

test("acts appended are read back in order, across reopening the file", () => {
  const file = join(dir, "games", "kept.db");
  const store = SqliteStore.open(file);
  store.createGame(info("a"), act(1));
  for (let seq = 2; seq <= 5; seq++) store.appendAct("a", act(seq));
  store.close();
  const again = SqliteStore.open(file);
  assert.deepEqual(again.readActs("a"), [1, 2, 3, 4, 5].map(act));
  assert.deepEqual(again.readActs("a", 3), [act(4), act(5)]);
  assert.equal(again.lastSeq("a"), 5);
  assert.deepEqual(again.getGame("a"), info("a"));
  again.close();
});

test("an act out of sequence is refused and nothing is written", () => {
  const store = SqliteStore.open(":memory:");
  store.createGame(info("a"), act(1));
  assert.throws(() => store.appendAct("a", act(3)), StoreConflictError);
  assert.throws(() => store.appendAct("a", act(1)), /the log's next act is 2/);
  assert.equal(store.lastSeq("a"), 1);
  assert.throws(() => store.createGame(info("a"), act(1)), /already exists/);
  store.close();
});

test("the latest snapshot wins; games are listed newest first", () => {
  const store = SqliteStore.open(":memory:");
  store.createGame(info("old", 1), act(1));
  store.createGame(info("new", 2), act(1));
  const state = (seq: number) => ({ seq, name: "x" }) as never;
  store.saveSnapshot("old", { seq: 1, state: state(1) });
  store.saveSnapshot("old", { seq: 7, state: state(7) });
  assert.equal(store.latestSnapshot("old")?.seq, 7);
  assert.equal(store.latestSnapshot("new"), undefined);
  assert.deepEqual(store.listGames().map((g) => g.id), ["new", "old"]);
  store.close();
});

test("a file that is not a game file is refused with a clear message", () => {
  const file = join(dir, "notes.txt");
  writeFileSync(file, "These are my notes, not a database. ".repeat(20));
  assert.throws(() => SqliteStore.open(file), /notes\.txt is not a Nomos game file/);
});
