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
import { startServer, suberTable } from "./server-helpers.js";

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

test("a page read while an act waits for the disk shows it only once the disk has it", async () => {
  const server = await startServer({ durability: "full" });
  try {
    const table = await suberTable(server, ["Ada Lovelace", "Grace Hopper"]);
    const [ada, grace] = table.clients as [NonNullable<(typeof table.clients)[0]>, NonNullable<(typeof table.clients)[0]>];
    const before = (await grace.get(`/api/games/${table.id}`)).body.view.seq as number;

    const mover = (await ada.get(`/api/games/${table.id}`)).body.view.state.find((s: { name: string }) => s.name === "turn").value.player;
    const proposer = mover === table.players["Ada Lovelace"] ? ada : grace;
    syncs.held = [];
    const asked = syncs.asked;
    const proposed = proposer.act(table.id, "propose", { change: { kind: "enact", text: "Players wear hats." } });
    // The act is done and written: its reply waits for the disk.
    await until(() => syncs.asked > asked);

    let shown = false;
    const read = grace.get(`/api/games/${table.id}`).then((page) => {
      shown = true;
      return page;
    });
    // Either the page's reply waits for the disk too, or it comes back without waiting.
    await Promise.race([read, until(() => syncs.asked > asked + 1)]);
    assert.equal(shown, false, "the page was sent while the act it shows was not yet on the disk");

    release();
    assert.equal((await proposed).status, 200);
    const page = await read;
    assert.equal(page.status, 200);
    assert.ok(page.body.view.seq > before, "the page shows the act once it is on the disk");
  } finally {
    release();
    await server.close();
  }
});
