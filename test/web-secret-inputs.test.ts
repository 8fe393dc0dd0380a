/**
 * A secret input on the Log tab, in a real browser (Debian's chromium, driven by
 * playwright-core): Ada's sealed bid reads "hidden" to Grace, who sees that Ada bid on the
 * vase and nothing of how much, and reads whole to Ada. The game is set up through the API.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { pageAs, useBrowser } from "./browser-helpers.js";
import { bidAmount, holdsNumber, pledgeSum, sealedBidRule } from "./secret-input-helpers.js";
import { adopt, type ApiClient, suberTable } from "./server-helpers.js";

const rig = useBrowser();

const logLine = (page: Page, action: string) => page.locator("ol.log .log-head", { hasText: `Ada Lovelace — ${action}` });

test("the Log tab shows another player's sealed bid as hidden, and the bidder her own", async () => {
  const table = await suberTable(rig.server, ["Grace Hopper", "Ada Lovelace", "Alan Turing"]);
  const [grace, ada] = table.clients as [ApiClient, ApiClient];
  await adopt(table, 301, { kind: "enact", text: "Lots are sold by sealed bid.", code: sealedBidRule(table.players["Alan Turing"]!) });
  assert.equal((await ada.act(table.id, "bid", { lot: "vase", amount: bidAmount })).status, 200);
  assert.equal((await ada.act(table.id, "pledge", { sum: pledgeSum })).status, 200);

  const gracePage = await pageAs(rig, grace, `/games/${table.id}/log`);
  await logLine(gracePage, "bid").waitFor();
  assert.equal((await logLine(gracePage, "bid").textContent())?.replace(/^#\d+ .*? Ada/, "Ada"), "Ada Lovelace — Bid: lot vase, amount hidden");
  assert.match((await logLine(gracePage, "pledge").textContent()) ?? "", /Ada Lovelace — Pledge: hidden$/);
  assert.ok(!holdsNumber((await gracePage.locator("body").textContent()) ?? "", bidAmount), "no amount anywhere on Grace's page");

  const adaPage = await pageAs(rig, ada, `/games/${table.id}/log`);
  await logLine(adaPage, "bid")
    .filter({ hasText: `amount ${bidAmount}` })
    .waitFor();
  await logLine(adaPage, "pledge")
    .filter({ hasText: `Pledge: sum ${pledgeSum}` })
    .waitFor();
  for (const page of [gracePage, adaPage]) await page.context().close();
});
