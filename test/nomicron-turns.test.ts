/** Nomicron's calendar (rule 201): turns on US Central time across both daylight-saving changes of 2026, and an engine stopped across turns. */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { buildServer } from "../src/server/app.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { ApiClient } from "./server-helpers.js";
import { beginRound, hour, messages, nextTimer, nomicronGame, reload, round, runTo, type Table } from "./nomicron-helpers.js";

const utc = (month: number, date: number, h: number) => Date.UTC(2026, month - 1, date, h);

/** The moments the turns' timers fire, as UTC ms, from the next beginning on. */
async function turnMoments(t: Table, count: number): Promise<{ name: string; at: number }[]> {
  const seen: { name: string; at: number }[] = [];
  while (seen.length < count) {
    const [name, at] = ["turn.begins", "turn.middle", "turn.ends"]
      .flatMap((n) =>
        Object.values(t.game.state.timers)
          .filter((x) => x.name === n)
          .map((x) => [n, x.at] as const),
      )
      .sort((a, b) => a[1] - b[1])[0]!;
    await runTo(t, at);
    seen.push({ name, at });
  }
  return seen;
}

test("spring: turns begin Monday 22:00, middle Thursday 10:00, end Saturday 22:00 Central; across the change to daylight time the interim is 47 hours", async () => {
  const t = await nomicronGame(utc(2, 18, 12));
  await beginRound(t, t.id.ada!);
  assert.deepEqual(round(t), { number: 1, turn: null, inConvention: false, turnName: null }, "the round waits for Monday's turn");
  assert.equal(nextTimer(t, "turn.begins"), utc(2, 24, 4), "Monday 23 February 22:00 CST is 04:00 UTC");
  const moments = await turnMoments(t, 7);
  assert.deepEqual(moments, [
    { name: "turn.begins", at: utc(2, 24, 4) },
    { name: "turn.middle", at: utc(2, 26, 16) },
    { name: "turn.ends", at: utc(3, 1, 4) },
    { name: "turn.begins", at: utc(3, 3, 4) },
    { name: "turn.middle", at: utc(3, 5, 16) },
    { name: "turn.ends", at: utc(3, 8, 4) },
    { name: "turn.begins", at: utc(3, 10, 3) },
  ]);
  assert.equal((moments[6]!.at - moments[5]!.at) / hour, 47, "the interim across 8 March is 47 hours");
  assert.deepEqual(round(t), { number: 1, turn: 3, inConvention: false, turnName: "1-3" });
  assert.equal(nextTimer(t, "turn.middle"), utc(3, 12, 15), "Thursday 10:00 CDT is 15:00 UTC");
  const log = await messages(t);
  for (const line of ["Turn 1-1 begins.", "Turn 1-1 ends.", "Turn 1-2 begins.", "Turn 1-3 begins."]) assert.ok(log.includes(line), line);
});

test("autumn: across the change back to standard time the interim is 49 hours", async () => {
  const t = await nomicronGame(utc(10, 21, 12));
  await beginRound(t, t.id.ada!);
  const moments = await turnMoments(t, 4);
  assert.deepEqual(
    moments.map((m) => m.at),
    [utc(10, 27, 3), utc(10, 29, 15), utc(11, 1, 3), utc(11, 3, 4)],
  );
  assert.equal((moments[3]!.at - moments[2]!.at) / hour, 49, "the interim across 1 November is 49 hours");
});

test("the engine stopped across several turns: on reloading, the missed beginnings, middles and ends fire in order and the turns are named as they passed", async () => {
  const t = await nomicronGame(utc(2, 18, 12));
  await beginRound(t, t.id.ada!);
  await runTo(t, utc(2, 24, 5));
  assert.equal(round(t).turnName, "1-1");
  // Down for three weeks: turns 1-1 to 1-3 end and 1-4 begins while nobody is there.
  t.clock.now = utc(3, 17, 12);
  await reload(t);
  await runTo(t, t.clock.now);
  assert.deepEqual(round(t), { number: 1, turn: 4, inConvention: false, turnName: "1-4" });
  const log = (await messages(t)).filter((m) => /^Turn 1-/.test(m));
  assert.deepEqual(log, ["Turn 1-1 begins.", "Turn 1-1 ends.", "Turn 1-2 begins.", "Turn 1-2 ends.", "Turn 1-3 begins.", "Turn 1-3 ends.", "Turn 1-4 begins."]);
  const acts = await t.store.readActs(t.game.id);
  const fired = acts.filter((a) => a.input.kind === "timer").map((a) => a.time);
  assert.deepEqual(
    [...fired].sort((a, b) => a - b),
    fired,
    "the timers fired in the order of their times",
  );
  assert.ok(fired.includes(utc(3, 10, 3)), "each at its own time, the beginning of 1-3 at 22:00 CDT");
});

test("a server stopped across a turn's end and the next beginning: started again, it plays the missed deadlines before anyone opens the game", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomicron-server-"));
  const db = join(dir, "games.db");
  let now = utc(2, 18, 12);
  const start = async () => {
    const app = await buildServer({ db, durability: "process", authRateLimit: 10_000, clock: () => (now += 1000) });
    return { app, url: await app.listen({ port: 0, host: "127.0.0.1" }) };
  };
  let server = await start();
  try {
    const clients: ApiClient[] = [];
    for (const name of ["Ada", "Alan", "Grace"]) clients.push(await new ApiClient(server.url).signup(name.toLowerCase(), name));
    const created = await clients[0]!.post("/api/games", { name: "Forum", preset: "nomicron" });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id: string = created.body.id;
    for (const client of clients.slice(1)) assert.equal((await client.post(`/api/invites/${created.body.invite}/join`)).status, 200);
    for (const [number, kind] of [
      [1, "close-floor"],
      [2, "begin-round"],
    ] as const) {
      assert.equal((await clients[0]!.act(id, "motion", { kind })).status, 200);
      for (const client of clients) assert.equal((await client.act(id, "vote-motion", { motion: number, vote: "for" })).status, 200);
    }
    now = utc(2, 24, 5); // Turn 1-1 has begun.
    const during = await clients[1]!.get(`/api/games/${id}`);
    assert.equal(during.body.view.state.find((s: { name: string }) => s.name === "round").value.turnName, "1-1");
    await server.app.close();

    // Down from Tuesday 24 February to Wednesday 4 March: 1-1 ends (and its middle passes), 1-2 begins.
    now = utc(3, 4, 12);
    server = await start();
    const store = SqliteStore.open(db);
    const fired = (await store.readActs(id)).filter((a) => a.input.kind === "timer").map((a) => a.time);
    store.close();
    assert.deepEqual(fired.slice(-3), [utc(2, 26, 16), utc(3, 1, 4), utc(3, 3, 4)], "middle, end and beginning fired at their times, before anyone asked");
    const alan = Object.assign(new ApiClient(server.url), { cookie: clients[1]!.cookie, csrf: clients[1]!.csrf });
    const page = await alan.get(`/api/games/${id}`);
    assert.equal(page.status, 200);
    assert.equal(page.body.view.state.find((s: { name: string }) => s.name === "round").value.turnName, "1-2");
  } finally {
    await server.app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
