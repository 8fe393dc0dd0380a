/**
 * The game table as players who read only the page meet it: three players in three browser
 * contexts play a turn of Suber's Initial Set. Each sees what the game waits for; the mover
 * acts from the banner's prompt and proposes an amendment with code through the form; the
 * others read that code on the proposal's card and vote with its buttons; the card then says
 * how they voted; an action the rules would refuse is not offered. Then the same page on a
 * phone (390 x 844): what to do now is on the first screen and nothing is wider than it.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { joinByInvitation, messagesShown, nextMessage, shot, signUpIn, useBrowser, writeCode } from "./browser-helpers.js";

const rig = useBrowser();

const banner = (page: Page) => page.getByRole("status", { name: "What the game waits for" });
const card = (page: Page, number: number) => page.locator(`article.proposal-card[data-proposal="${number}"]`);
const moves = (page: Page) => page.locator("section.actions");

// Rule 202's own code, scoring a flat 7 points a proposal: the amendment a player would write.
const code = readFileSync(join("src", "rulesets", "suber", "202.ts"), "utf8").replace(
  "const score = Math.round((p.number - 291) * favourable);",
  "const score = favourable > 0 ? 7 : 0;",
);

/** Elements that stick out past the right edge of the screen, other than inside something that scrolls. */
async function overflowing(page: Page): Promise<string[]> {
  // A string, not a function: the test runner's transform would name the helpers in it, which the page does not know.
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const e of document.body.querySelectorAll("*")) {
      if (e.getBoundingClientRect().right <= width + 1) continue;
      let scrolled = false;
      for (let a = e.parentElement; a && !scrolled; a = a.parentElement) scrolled = /(auto|scroll|hidden)/.test(getComputedStyle(a).overflowX);
      if (!scrolled) out.push(e.tagName.toLowerCase() + "." + e.className + ' "' + (e.textContent ?? "").slice(0, 40) + '"');
    }
    return out;
  })()`);
}

test("three players play a turn from the banner and the proposal cards, on a laptop and on a phone", async () => {
  const ada = await signUpIn(rig, "Ada Lovelace");
  const grace = await signUpIn(rig, "Grace Hopper");
  const alan = await signUpIn(rig, "Alan Turing");
  // Alan plays on a phone.
  await alan.setViewportSize({ width: 390, height: 844 });

  await ada.getByLabel("Name", { exact: true }).fill("Table Nomic");
  await ada.getByLabel("Ruleset").selectOption("suber");
  await ada.getByRole("button", { name: "Create game" }).click();
  // Before anyone joins: one player, said in the singular, and the game has not started.
  await ada.locator(".game-head", { hasText: "Waiting to start · 1 player ·" }).waitFor();
  await joinByInvitation(ada, [grace, alan]);

  // Ada starts the game from her moves; then the turn is Grace's (turn order goes by surname).
  const start = ada.locator('details[data-action="start"]');
  if ((await start.getAttribute("open")) === null) await start.locator("summary").click();
  await start.getByRole("button", { name: "Start", exact: true }).click();
  await banner(grace).getByText("Your turn").waitFor();
  for (const p of [ada, alan]) await banner(p).getByText("Waiting for Grace Hopper").waitFor();
  await ada.locator(".game-head", { hasText: "Waiting to start" }).waitFor({ state: "detached" });
  // An action the rules would refuse now is not offered: only the mover may propose.
  for (const p of [ada, alan]) {
    assert.equal(await moves(p).locator('details[data-action="propose"]').count(), 0, "a player not moving is offered the propose form");
    await p.locator("details.not-now summary").click();
    assert.match((await p.locator('details.not-now li[data-action="propose"]').textContent())!, /Rule \d+/);
  }
  await shot(grace, "table-turn");

  // Grace acts from the banner's prompt: it opens the form that proposes.
  await banner(grace).getByRole("button").first().click();
  const form = grace.locator('details[data-action="propose"]');
  assert.notEqual(await form.getAttribute("open"), null);
  await form.getByLabel("Kind").selectOption("amend");
  await form.getByLabel("Rule", { exact: true }).selectOption("202");
  await form.getByLabel("Text (optional)", { exact: true }).fill("Each proposer gains 7 points when their proposal is closed, adopted or not.");
  await writeCode(form, code);
  const before = await messagesShown(grace);
  await form.getByRole("button", { name: "Propose", exact: true }).click();
  assert.match(await nextMessage(grace, before), /^Done: propose/);

  // Everyone reads the proposal on its card: the change in words, its text, its code.
  const number = Number(await grace.locator("article.proposal-card").first().getAttribute("data-proposal"));
  for (const p of [ada, grace, alan]) {
    const c = card(p, number);
    await c.waitFor();
    assert.match((await c.locator(".change-summary").textContent())!, /Amend Rule 202/);
    assert.match((await c.locator("header").textContent())!, /by Grace Hopper/);
    assert.match((await c.locator("pre.code.proposed").textContent())!, /const score = favourable > 0 \? 7 : 0;/);
    assert.match((await c.locator(".change").textContent())!, /Each proposer gains 7 points when their proposal is closed/);
  }
  // The old rule's code against the new, line by line, the unchanged stretches left out.
  assert.match((await card(alan, number).locator("pre.code.diff ins").allTextContents()).join(""), /\+\s+const score = favourable > 0 \? 7 : 0;/);
  assert.ok((await card(alan, number).locator("pre.code.diff").textContent())!.split("\n").length < 20, "the diff shows the whole code, not the change");
  // On Alan's phone the card fits the screen: the code scrolls in its own box.
  assert.deepEqual(await overflowing(alan), []);
  await card(alan, number).scrollIntoViewIfNeeded();
  await shot(alan, "table-card-phone");
  await shot(ada, "table-card");

  // Each votes from the card's large buttons; the card then says how they voted, and the button is spent.
  // Alan, on his phone, follows the banner's prompt: it takes him to the card, its first vote button ready.
  await banner(alan)
    .getByRole("button", { name: `Vote on proposal ${number}` })
    .click();
  await alan.waitForFunction(() => document.activeElement?.textContent === "Vote for");
  for (const p of [ada, alan, grace]) {
    const c = card(p, number);
    const button = c.getByRole("button", { name: "Vote for", exact: true });
    const box = await button.boundingBox();
    assert.ok(box && box.height >= 44, "the vote button is a large touch target");
    await button.click();
    if (p === grace) break;
    await c.getByText("You voted for.").waitFor();
    await p
      .getByRole("status")
      .filter({ hasText: `You voted for proposal ${number}.` })
      .waitFor();
    // No second vote is offered.
    for (const b of await c.getByRole("button", { name: /^Vote/ }).all()) assert.ok(await b.isDisabled());
    assert.match((await c.locator("ul.votes").textContent())!, /for \(\d\): .*you/);
  }
  // The last vote decides it: the card folds into the decided proposals on every page.
  for (const p of [ada, grace, alan]) {
    await card(p, number).waitFor({ state: "detached" });
    await p.locator("details.decided summary", { hasText: "Decided: 1" }).waitFor();
  }
  await banner(ada).getByText("Your turn").waitFor();

  // On a phone: what to do now on the first screen, and nothing wider than the screen.
  await ada.setViewportSize({ width: 390, height: 844 });
  await ada.reload();
  await banner(ada).getByText("Your turn").waitFor();
  const top = await banner(ada).boundingBox();
  assert.ok(top && top.y + top.height <= 844, "the banner is not on the first screen");
  assert.ok((await moves(ada).boundingBox())!.y < (await ada.locator("section.state").boundingBox())!.y, "the moves come before the game's state");
  assert.deepEqual(await overflowing(ada), []);
  assert.ok(await ada.evaluate(() => document.documentElement.scrollWidth <= 390), "the page is wider than a phone's screen");
  await shot(ada, "table-phone");
});
