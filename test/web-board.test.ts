/**
 * Moving on the board in a real browser, on a phone's screen (390 x 844): the board opens at
 * the player's own piece, marks the squares the rules say e may move to (those e cannot pay
 * for apart, saying why), and a tap, confirmed, moves the piece by the same act as the forms.
 * The turn's earlier phases are played through the API; the mover's page uses his session.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { nomicMovement } from "./board-helpers.js";
import { messagesShown, nextMessage, shot, useBrowser } from "./browser-helpers.js";

const rig = useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What axe-core finds wrong in the board's box (its marks, the confirmation), one line each. */
async function boardViolations(page: Page): Promise<string[]> {
  await page.evaluate(`${axeSource};0`);
  return page.evaluate(async () => {
    type Axe = { run(context: string, options: object): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> };
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(".board-box", { resultTypes: ["violations"] });
    return violations.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

/** Whether `inner` lies wholly inside `outer`, as drawn on the screen now. */
async function within(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  assert.ok(a && b);
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
}

test("on a phone the board opens at your piece, marks where you may move and at what cost, and moves by a confirmed tap", async () => {
  const t = await nomicMovement(rig.server.url);
  const context = await rig.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const [name, value] = t.clients.edsger!.cookie!.split("=") as [string, string];
  await context.addCookies([{ name, value, url: rig.server.url }]);
  const page = await context.newPage();
  page.on("pageerror", (err) => assert.fail(`the page threw: ${err.message}`));
  await page.goto(`${rig.server.url}/games/${t.id}/play`);

  // The board opens at his piece (file 15 of 20, row 20), not at file 0 and the top rows.
  const scroller = page.locator(".board-scroll");
  const mine = scroller.locator(".piece.me");
  await mine.waitFor();
  await scroller.scrollIntoViewIfNeeded();
  assert.equal(await mine.getAttribute("aria-label"), "Edsger Dijkstra (you)");
  assert.ok(await within(mine, scroller), "his own piece is in the board's box as it opens");
  assert.ok((await scroller.evaluate((el) => el.scrollLeft)) > 0, "the box was scrolled across to reach it");
  await shot(page, "board-phone");

  // The squares he may move to: rows 17 to 23, files 14 to 16; those past 125 Groks are marked apart.
  const marks = scroller.locator(".move-mark");
  assert.equal(await marks.count(), 20);
  assert.equal(await scroller.locator(".move-mark.unaffordable").count(), 6, "rows 22 and 23 cost 130 and 140 Groks");
  const square = (x: number, y: number) => scroller.locator(`tr[data-row="${y}"] td[data-file="${x}"]`);
  assert.match((await square(16, 17).getAttribute("class"))!, /\breachable\b/);
  assert.match((await square(16, 22).getAttribute("class"))!, /\bunaffordable\b/);
  assert.doesNotMatch((await square(13, 20).getAttribute("class"))!, /reachable/, "file 13 is not next to file 15");

  // An unaffordable square says why, and nothing is asked or taken.
  let before = await messagesShown(page);
  await page.getByRole("button", { name: "Cannot move to (14,23): costs 140 Groks; you have 125" }).tap();
  assert.equal(await nextMessage(page, before), "You cannot move to (14,23): costs 140 Groks; you have 125.");
  assert.equal(await page.locator(".board-confirm").count(), 0);

  // A tap on a square he can afford asks first; Cancel takes nothing back, Confirm moves him.
  const to = page.getByRole("button", { name: "Move to (16,17): costs 80 Groks" });
  await to.tap();
  const confirm = page.getByRole("group", { name: "Confirm the move to (16,17)" });
  assert.equal((await confirm.locator("p").textContent())?.trim(), "Move to (16,17)? Costs 80 Groks.");
  await confirm.getByRole("button", { name: "Cancel" }).tap();
  assert.equal(await confirm.count(), 0);
  await to.tap();
  await shot(page, "board-phone-confirm");
  assert.deepEqual(await boardViolations(page), [], "the marked squares and the confirmation pass axe-core");
  before = await messagesShown(page);
  await confirm.getByRole("button", { name: "Confirm" }).tap();
  assert.equal(await nextMessage(page, before), "You moved to (16,17)");
  const position = (await t.clients.edsger!.get(`/api/games/${t.id}`)).body.view.state.find((s: { name: string }) => s.name === "position");
  assert.deepEqual(position.values[t.ids.edsger!], { x: 16, y: 17 }, "the game has him on the square he tapped");
  await square(16, 17).locator(".piece.me").waitFor();
  assert.equal(await marks.count(), 0, "the Movement phase is over: no square is marked");
  assert.ok(await within(mine, scroller), "his piece is still in view on its new square");
  await context.close();
});
