/**
 * The store's checkpoints (src/store/wal-checkpoint.ts): a thread of its own copies the
 * write-ahead log into the game file, so the server's connection never does, and the log
 * stays bounded under steady writing.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Act, GameInfo } from "../src/kernel/types.js";
import { SqliteStore } from "../src/store/sqlite-store.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-checkpoint-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const info: GameInfo = { id: "busy", name: "a busy game", preset: "suber", createdAt: 1, seed: "seed" };
const text = "x".repeat(2000);
const act = (seq: number): Act => ({ seq, time: seq, seed: "00", input: { kind: "action", actor: "p1", name: "say", input: { n: seq, text } }, effects: [] });

test("a busy file's log is copied into the database by another thread, and stays bounded", async () => {
  const file = join(dir, "busy.db");
  const store = SqliteStore.open(file);
  // The server's own connection leaves checkpoints to the thread.
  assert.equal(Number(store.sql.prepare("PRAGMA wal_autocheckpoint").get()?.wal_autocheckpoint), 0);
  await store.createGame(info, act(1));
  const acts = 12_000;
  for (let seq = 2; seq <= acts; seq++) {
    store.writeAct(info.id, act(seq));
    // Acknowledged in batches, as a busy server does (group commit): the thread answers meanwhile.
    if (seq % 50 === 0) await store.durable();
  }
  await store.durable();
  for (let waited = 0; store.checkpoints.caughtUp === 0 && waited < 200; waited++) await new Promise((r) => setTimeout(r, 50));
  const { checkpoints, caughtUp } = store.checkpoints;
  assert.ok(checkpoints >= 5, `the thread checkpointed ${checkpoints} times`);
  assert.ok(caughtUp >= 1, "the log was started afresh at least once");
  // Each act takes one page or more of the log: without checkpoints it would pass 48 MB.
  const walBytes = statSync(`${file}-wal`).size;
  assert.ok(walBytes < 32e6, `the log holds ${walBytes} bytes`);

  // In WAL mode only checkpoints write to the database file itself.
  const fileBytes = statSync(file).size;
  assert.ok(fileBytes > 12e6, `the database file holds ${fileBytes} bytes`);

  store.close();
  const again = SqliteStore.open(file);
  assert.equal(again.lastSeq(info.id), acts);
  assert.deepEqual(again.readActs(info.id, acts - 1), [act(acts)]);
  assert.equal(again.sql.prepare("PRAGMA integrity_check").get()?.integrity_check, "ok");
  again.close();
});
