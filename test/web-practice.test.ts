/**
 * A practice game from the lobby, in a real browser: the creator ticks "Practice game" and
 * the game's page knows its clock may be moved. Then N_omic's turn in one sitting: the mover
 * proposes, the 24-hour discussion is passed by moving the clock from the page (an hour, then
 * to the next deadline), every page hears of each move without a reload, the log says each in
 * words, and the final form is offered once the discussion is over.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { actThrough, joinByInvitation, messagesShown, nextMessage, signUpIn, useBrowser, violations } from "./browser-helpers.js";
import { ApiClient } from "./server-helpers.js";

const rig = useBrowser();

test("the lobby starts a practice game when its creator ticks the box, and a real-time game otherwise", async () => {
  const page = await signUpIn(rig, "Ada Lovelace");
  const practiceOf = async (name: string, practice: boolean) => {
    await page.goto(rig.server.url);
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Ruleset").selectOption("n_omic");
    const box = page.getByLabel("Practice game: the group can move its clock forward");
    assert.equal(await box.isChecked(), false, "a game keeps real time unless its creator asks");
    if (practice) await box.check();
    await page.getByRole("button", { name: "Create game" }).click();
    await page.waitForURL(/\/games\/[^/]+$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    return page.evaluate(async (game) => (await (await fetch(`/api/games/${game}`)).json()).practice, id);
  };
  assert.deepEqual(await practiceOf("Learning N_omic", true), { aheadMs: 0 });
  assert.equal(await practiceOf("Real N_omic", false), null);
});

const banner = (page: Page) => page.getByRole("status", { name: "What the game waits for" });
const clock = (page: Page) => page.locator("section.practice-clock");
const tab = (page: Page, name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true });

test("a practice N_omic turn in the browser: the group moves the clock past the 24-hour discussion from the page, and every page and the log say so", async () => {
  // Turn order goes by surname: Edsger Dijkstra moves first.
  const edsger = await signUpIn(rig, "Edsger Dijkstra");
  const grace = await signUpIn(rig, "Grace Hopper");
  await edsger.getByLabel("Name", { exact: true }).fill("Practice N_omic");
  await edsger.getByLabel("Ruleset").selectOption("n_omic");
  await edsger.getByLabel("Practice game: the group can move its clock forward").check();
  await edsger.getByRole("button", { name: "Create game" }).click();
  const invite = await joinByInvitation(edsger, [grace]);
  const alan = await new ApiClient(rig.server.url).signup("alan", "Alan Turing");
  assert.equal((await alan.post(`/api/invites/${invite.split("/").pop()}/join`)).status, 200);
  await edsger.locator(".game-head", { hasText: "3 players" }).waitFor();
  assert.match(await actThrough(edsger, "start"), /^Done/);

  // Both pages say it is a practice game, its clock at real time for now.
  for (const p of [edsger, grace]) await clock(p).getByText("the clock keeps real time until the group moves it forward").waitFor();
  assert.deepEqual(await violations(grace), [], "axe-core on a practice game's Play tab");

  // Edsger buys nothing and proposes an amendment; the discussion then lasts 24 hours of the game's time.
  await banner(edsger).getByText("Your turn: announce how many extra rule-changes you buy").waitFor();
  assert.match(await actThrough(edsger, "purchase", (form) => form.getByLabel("Extra").fill("0")), /^Done/);
  const proposed = await actThrough(edsger, "propose", async (form) => {
    await form.getByRole("button", { name: "Add change" }).click();
    await form.getByLabel("Kind").selectOption("amend");
    await form.getByLabel("Rule", { exact: true }).selectOption("337");
    await form.getByLabel("Text (optional)", { exact: true }).fill("The proponent decides the final form of eir proposal and when debate ends.");
  });
  assert.match(proposed, /^Done/, proposed);
  const number = Number(await edsger.locator("article.proposal-card").first().getAttribute("data-proposal"));
  await banner(edsger).getByText(`Your turn: discuss Proposal ${number} for 24 hours`).waitFor();
  await banner(grace)
    .getByText(/Discussion over: .*(in 24 hours|tomorrow)/)
    .waitFor();

  // Grace moves the clock an hour: both pages say so, live; the deadline is an hour nearer.
  await clock(grace).getByRole("button", { name: "+1 hour" }).click();
  await clock(grace).getByRole("status").filter({ hasText: "The clock moved forward 1 hour." }).waitFor();
  for (const p of [grace, edsger]) {
    await clock(p).getByText("the clock is 1 hour ahead of real time").waitFor();
    await banner(p)
      .getByText(/Discussion over: .*in 23 hours/)
      .waitFor();
  }
  assert.equal(await edsger.locator(`article.proposal-card[data-proposal="${number}"]`).getByRole("button", { name: "Final form" }).count(), 0);

  // Edsger moves it to the next deadline, the discussion's end: the final form is his to announce now, from the card, without a reload.
  await clock(edsger)
    .getByRole("button", { name: /^To the next deadline \(Rule \d+'s discussion over, in 23 hours/ })
    .click();
  for (const p of [edsger, grace])
    await clock(p)
      .getByText(/the clock is (23|24) hours? .*ahead of real time|the clock is 1 day .*ahead of real time/)
      .waitFor();
  await banner(edsger).getByText(`Your turn: announce the final form of Proposal ${number}`).waitFor();
  await banner(grace).getByText(`Waiting for Edsger Dijkstra to announce the final form of Proposal ${number}`).waitFor();
  const before = await messagesShown(edsger);
  await edsger.locator(`article.proposal-card[data-proposal="${number}"]`).getByRole("button", { name: "Final form" }).click();
  assert.equal(await nextMessage(edsger, before), `Done: final form on Proposal ${number}.`);
  await banner(grace).getByText(`vote on Proposal ${number}`).first().waitFor();

  // The log says each move of the clock in words.
  await tab(grace, "Log").click();
  await grace.getByText("Grace Hopper moved the practice clock forward 1 hour (now 1 hour ahead)").waitFor();
  await grace.getByText(/Edsger Dijkstra moved the practice clock forward .* to the next deadline \(Rule \d+'s "discussion-over"\)/).waitFor();
});
