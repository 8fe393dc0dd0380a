/**
 * A game restored from a backup under an open page, in a real browser: the operator backs the
 * file up, the game plays on, the server is stopped, the backup put in its place and the server
 * started again on the same address. The page's live stream reconnects, hears that the game has
 * fewer acts than it showed, and shows the game as restored, then its next act, without a reload.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { buildServer } from "../src/server/app.js";
import { launchChromium } from "./browser-helpers.js";
import { backupDatabase } from "../src/store/backup.js";
import { moving, suberTable, testPasswordCost, type TestServer } from "./server-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-restore-"));
const db = join(dir, "games.db");
let browser: Browser;

/** A server on the game file at `port` (0: any free one). */
async function serve(port: number): Promise<TestServer> {
  const app = await buildServer({ db, durability: "process", authRateLimit: 10_000, passwordCost: testPasswordCost });
  const url = await app.listen({ port, host: "127.0.0.1" });
  return { url, app, db, close: () => app.close() };
}

before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a page open while its game is restored from a backup shows the game as restored, then its next act, without a reload", async () => {
  let server = await serve(0);
  try {
    const table = await suberTable(server);
    const mover = await moving(table);
    const proposed = await mover.act(table.id, "propose", { change: { kind: "enact", text: "Be brief." } });
    assert.equal(proposed.status, 200, proposed.text);
    const kept = proposed.body.seq as number;
    const backup = join(dir, "backup.db");
    backupDatabase(db, backup);

    // Ada watches the log; after the backup, a vote she sees come in.
    const ada = table.clients[0]!;
    const context = await browser.newContext();
    const [name, value] = ada.cookie!.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    page.on("pageerror", (err) => assert.fail(`the page threw: ${err.message}`));
    await page.goto(`${server.url}/games/${table.id}/log`);
    await page.locator(`li[data-seq="${kept}"]`).waitFor();
    // Suber's proposals are numbered from 301.
    const voted = await mover.act(table.id, "vote", { proposal: 301, vote: "for" });
    assert.equal(voted.status, 200, voted.text);
    const lost = page.locator(`li[data-seq="${voted.body.seq}"] .log-head`);
    assert.match((await lost.textContent()) ?? "", /vote.*\bfor\b/);

    // The operator restores the backup, as the README says: stop, put it in place, start again.
    const port = Number(new URL(server.url).port);
    await server.close();
    for (const f of ["-wal", "-shm"]) if (existsSync(db + f)) rmSync(db + f);
    renameSync(backup, db);
    server = await serve(port);

    // The page hears the game has fewer acts than it showed: the lost vote is gone from its log.
    await lost.waitFor({ state: "detached" });
    await page.locator(`li[data-seq="${kept}"]`).waitFor();
    // And the next act, which takes the lost act's number, is shown as it is now.
    const against = await mover.act(table.id, "vote", { proposal: 301, vote: "against" });
    assert.equal(against.status, 200, against.text);
    assert.equal(against.body.seq, voted.body.seq, "the restored game's next act has the lost act's number");
    await page.locator(`li[data-seq="${against.body.seq}"] .log-head`, { hasText: "against" }).waitFor();
    await context.close();
  } finally {
    await server.close();
  }
});
