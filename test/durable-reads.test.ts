/**
 * A page never shows what the disk does not have yet. A game runs its next act while the
 * last one's sync is under way, so a page built meanwhile holds that act; its reply waits
 * for the sync as the act's own reply does. The disk is made slow here by holding the real
 * store's syncs until the test lets them go (the SQLite file and its syncs are real).
 */
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { type ApiClient, listen, type Reply, startServer, suberTable } from "./server-helpers.js";

/** The store's durability waits, counted; while `held` is a list, each waits there first. */
const syncs = { asked: 0, held: null as (() => void)[] | null };
const durable = SqliteStore.prototype.durable;
SqliteStore.prototype.durable = async function (this: SqliteStore) {
  syncs.asked++;
  const held = syncs.held;
  if (held) await new Promise<void>((resolve) => held.push(resolve));
  return durable.call(this);
};

function release(): void {
  const waiting = syncs.held ?? [];
  syncs.held = null;
  for (const resume of waiting) resume();
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await sleep(5);
}

/** The mover acts while the disk is held; the other player reads the page meanwhile. */
async function actWhileTheDiskWaits(table: Awaited<ReturnType<typeof suberTable>>, act: (mover: ApiClient) => Promise<Reply>): Promise<void> {
  const [ada, grace] = table.clients as [ApiClient, ApiClient];
  const page = () => grace.get(`/api/games/${table.id}`);
  const before = (await page()).body.view;
  const mover = before.state.find((s: { name: string }) => s.name === "turn").value.player;
  const moving = mover === table.players["Ada Lovelace"] ? ada : grace;

  syncs.held = [];
  const asked = syncs.asked;
  const acted = act(moving);
  // The act is done and written: its reply waits for the disk.
  await until(() => syncs.asked > asked);
  const read = page();
  // Either the page's reply waits for the disk too, or it comes back without waiting.
  const early = await Promise.race([read, until(() => syncs.asked > asked + 1).then(() => null)]);
  if (early) assert.equal(early.body.view.seq, before.seq, "a page was sent showing an act the disk did not have yet");
  release();
  assert.equal((await acted).status, 200);
  const after = await read;
  assert.equal(after.status, 200);
  if (!early) assert.ok(after.body.view.seq > before.seq, "the page sent once the disk had the act shows it");
}

test("a page read while an act waits for the disk does not show it before the disk has it", async () => {
  const server = await startServer({ durability: "full", unloadIdleAfterMs: 300 });
  try {
    const table = await suberTable(server, ["Ada Lovelace", "Grace Hopper"]);
    // A game founded since the server started, then the same game loaded again from the disk.
    await actWhileTheDiskWaits(table, (mover) => mover.act(table.id, "propose", { change: { kind: "enact", text: "Players wear hats." } }));
    await until(() => server.app.loadedGames() === 0);
    await actWhileTheDiskWaits(table, (mover) => mover.act(table.id, "vote", { proposal: 301, vote: "for" }));
  } finally {
    release();
    await server.close();
  }
});

test("a live page that connects while an act waits for the disk hears of it only once the disk has it", async () => {
  const server = await startServer({ durability: "full" });
  try {
    const table = await suberTable(server, ["Ada Lovelace", "Grace Hopper"]);
    const [ada, grace] = table.clients as [ApiClient, ApiClient];
    const before = (await grace.get(`/api/games/${table.id}`)).body.view;
    const moving = before.state.find((s: { name: string }) => s.name === "turn").value.player === table.players["Ada Lovelace"] ? ada : grace;
    syncs.held = [];
    const asked = syncs.asked;
    const acted = moving.act(table.id, "propose", { change: { kind: "enact", text: "Players wear hats." } });
    await until(() => syncs.asked > asked);
    // The page read act `before.seq` and opens its stream: the act under way is newer. A server
    // that did not wait for the disk would name it as the stream opens.
    const stream = await listen(grace, table.id, { after: before.seq });
    try {
      assert.doesNotMatch(await stream.until(/event: act/, 1000), /event: act/, "the stream named an act the disk did not have yet");
      release();
      assert.equal((await acted).status, 200);
      await stream.until(new RegExp(`id: ${before.seq + 1}\n`));
      // The next act's news comes after any other of the first: the page heard of that one once.
      assert.equal((await moving.act(table.id, "vote", { proposal: 301, vote: "for" })).status, 200);
      const told = await stream.until(new RegExp(`id: ${before.seq + 2}\n`));
      assert.deepEqual(told.match(/(?<=id: )\d+/g), [String(before.seq + 1), String(before.seq + 2)], "once the disk has each act, the page hears of it, once");
    } finally {
      stream.close();
    }
  } finally {
    release();
    await server.close();
  }
});
