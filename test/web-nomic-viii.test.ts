/**
 * Nomic VIII in chromium, as its players read it, from the lobby to a rule taking effect: Ada
 * creates a practice game (so anyone may move its clock), Grace and Alan join by the invitation
 * before the first turn (Rule 213 admits them then). Ada proposes through the form into the
 * Proposal Queue, Alan proposes too; Grace endorses Ada's from its card, so it tops the Queue
 * (Rule 201). The clock is moved from the page until Ada's proposal is on the Deck, then put to
 * vote as Proposal 301 in a channel of its own (Rule 202). There, votes are messages (Rules 206,
 * 207, 112): Grace types " aYe " (it counts), Alan presses the card's Aye (it says "aye" in the
 * channel), Ada says a sentence with "aye" in it (not a vote), Grace edits her vote (void) and
 * votes "yes" again, Ada says "N". At the turn's end Rule 203's simple majority adopts it, and
 * Rule 105 puts it in the ruleset as the next turn starts. axe-core checks Play and Channels.
 * Set NOMOS_SCREENSHOTS=<dir> to save the screenshot of a proposal put to vote there.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { actionForm, actThrough, joinByInvitation, shot, signUpIn, useBrowser, violations } from "./browser-helpers.js";

const rig = useBrowser();

const banner = (page: Page) => page.getByRole("status", { name: "What the game waits for" });
const tab = (page: Page, name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true });
const card = (page: Page, label: string) => page.getByRole("article", { name: label, exact: true });
/** The card's line of votes of one kind, exactly: "for (2): Grace Hopper and you". */
const voted = (page: Page, label: string, line: string) =>
  card(page, label)
    .locator(".votes li")
    .filter({ hasText: new RegExp(`^${line}$`) });
const channelView = (page: Page) => page.getByRole("region", { name: /^Vote: Proposal 301 / });

/** Moves the practice clock to its next deadline, from the page, until `reached` shows (at most `most` moves). */
async function clockUntil(page: Page, reached: Locator, most = 4): Promise<void> {
  const clock = page.locator("section.practice-clock");
  const lead = clock.locator("p", { hasText: "Practice game" });
  for (let moves = 0; (await reached.count()) === 0; moves++) {
    assert.ok(moves < most, `still waiting after ${most} moves of the clock`);
    const said = (await lead.textContent())!;
    await clock.getByRole("button", { name: /^To the next deadline/ }).click();
    await lead.filter({ hasNotText: said }).waitFor();
  }
}

/** Opens the vote's channel from the Channels tab's list. */
async function openVoteChannel(page: Page): Promise<void> {
  await tab(page, "Channels").click();
  await page
    .getByRole("navigation", { name: "Channels" })
    .getByRole("button", { name: /^Vote: Proposal 301 / })
    .click();
}

/** Says `text` in the channel shown, as a player typing in the chat. */
async function say(page: Page, text: string): Promise<void> {
  const view = channelView(page);
  await view.getByLabel("Say something").fill(text);
  await view.getByRole("button", { name: "Post" }).click();
  await view.locator(".posts li.mine").getByText(text.trim(), { exact: true }).last().waitFor();
}

test("Nomic VIII in the browser: the Queue, the Deck, votes said in the vote's channel, adoption by Rule 203 and the new rule at the next turn (Rule 105)", async () => {
  const [ada, grace, alan] = [await signUpIn(rig, "Ada Lovelace"), await signUpIn(rig, "Grace Hopper"), await signUpIn(rig, "Alan Turing")];
  await ada.getByLabel("Name", { exact: true }).fill("Discord Nomic");
  await ada.getByLabel("Ruleset").selectOption("nomic-viii");
  await ada.getByLabel("Practice game: the group can move its clock forward").check();
  await ada.getByRole("button", { name: "Create game" }).click();
  await ada.waitForURL(/\/games\/[^/]+$/);
  await joinByInvitation(ada, [grace, alan]);
  for (const p of [ada, grace, alan]) await p.goto(`${ada.url()}/play`);
  await banner(ada)
    .getByText(/^The first turn starts: /)
    .waitFor();

  // Ada proposes through the form: its kind decides the fields it asks for, each saying what it wants.
  const proposed = await actThrough(ada, "propose", async (form) => {
    await form.getByLabel("Kind").selectOption("enact");
    await form.getByLabel("Title (optional)").fill("Points for adopted proposals");
    await form.getByLabel("Text", { exact: true }).fill("When a proposal is adopted, its author gains 10 points.");
  });
  assert.match(proposed, /^Done: create a proposal in the Proposal Queue/);
  const repealing = await actThrough(alan, "propose", async (form) => {
    await form.getByLabel("Kind").selectOption("repeal");
    await form.getByText("The mutable rule to repeal").waitFor();
    assert.equal(await form.getByLabel("Text", { exact: true }).count(), 0, "a repeal asks for no text");
    await form.getByLabel("Number").selectOption("212");
  });
  assert.match(repealing, /^Done/);

  // The Queue reads as cards: who endorses each; Grace endorses Ada's from its card, so it leads the Queue.
  const q1 = card(grace, "Proposal q1");
  await q1.getByText("in the Proposal Queue").waitFor();
  await q1.getByText("Endorsed by Ada Lovelace (1)").waitFor();
  assert.equal(await q1.getByRole("button", { name: /^(Aye|Nay)$/ }).count(), 0, "nothing to vote on in the Queue");
  await q1.getByRole("button", { name: "Endorse", exact: true }).click();
  await q1.getByText("Endorsed by you and Ada Lovelace (2)").waitFor();
  await card(ada, "Proposal q2").getByText("Endorsed by Alan Turing (1)").waitFor();

  // Nothing is awaited of anyone: the banner says what comes next, and moves the clock there in a practice game.
  const next = banner(grace).getByText(
    /Nothing is awaited of anyone until the next deadline: .*\(Rule \d+\)\. In a practice game you can move the clock there/,
  );
  await next.waitFor();
  const lead = grace.locator("section.practice-clock p", { hasText: "Practice game" });
  const before = (await lead.textContent())!;
  await banner(grace).getByRole("button", { name: "Move the clock to it" }).click();
  await lead.filter({ hasNotText: before }).waitFor();
  // The clock moves on from the page: Ada's proposal, the most endorsed, goes onto the Deck; Alan's stays in the Queue.
  await clockUntil(grace, card(grace, "Proposal q1").getByText("on the Deck"));
  await card(grace, "Proposal q2").getByText("in the Proposal Queue").waitFor();
  await actionForm(ada, "edit-proposal").waitFor();
  await grace.locator('.not-now li[data-action="edit-proposal"]', { hasText: "you have no proposal on the Deck" }).waitFor({ state: "attached" });

  // Then it is put to vote as Proposal 301: every page says so, and where to vote.
  await clockUntil(alan, card(alan, "Proposal 301"));
  await banner(grace).getByText("Waiting for you, Ada Lovelace and Alan Turing to vote on Proposal 301 by saying aye or nay in its channel").waitFor();

  // Grace follows the banner to the vote's channel and types her vote, in odd case and spaces: it counts.
  await banner(grace).getByRole("link", { name: "Go to its channel" }).click();
  await channelView(grace).getByText("Vote with a message: aye, yay, yes or y for; nay, no or n against").waitFor();
  await say(grace, "  aYe  ");
  await voted(ada, "Proposal 301", "for \\(1\\): Grace Hopper").waitFor();

  // Alan votes with the card's button, which says "aye" in the channel for him.
  await card(alan, "Proposal 301").getByRole("button", { name: "Aye", exact: true }).click();
  await card(alan, "Proposal 301").getByText("You voted for.").waitFor();
  await channelView(grace).locator(".posts li", { hasText: "Alan Turing" }).getByText("aye", { exact: true }).waitFor();
  await voted(ada, "Proposal 301", "for \\(2\\): Grace Hopper and Alan Turing").waitFor();

  // Ada talks in the channel: a sentence is not a vote, so play still waits for hers.
  await openVoteChannel(ada);
  await say(ada, "I like it, aye");
  await banner(ada).getByText("Your turn: vote on Proposal 301 by saying aye or nay in its channel").waitFor();
  assert.deepEqual(await violations(ada), [], "axe-core on a vote's channel");
  await shot(ada, "nomic-viii");

  // Grace edits her vote: Rule 206 voids it. She votes again; Ada votes against.
  const mine = channelView(grace).locator(".posts li.mine", { hasText: "aYe" });
  await mine.getByRole("button", { name: "Edit" }).click();
  await mine.getByLabel("New text").fill("aYe, on reflection");
  await mine.getByRole("button", { name: "Save the edit" }).click();
  await tab(ada, "Play").click();
  await voted(ada, "Proposal 301", "for \\(1\\): Alan Turing").waitFor();
  await say(grace, "yes");
  await openVoteChannel(ada);
  await say(ada, "N");
  await tab(ada, "Play").click();
  const votes = card(ada, "Proposal 301").locator(".votes li");
  await voted(ada, "Proposal 301", "against \\(1\\): you").waitFor();
  assert.deepEqual(await votes.allTextContents(), ["for (2): Alan Turing and Grace Hopper", "against (1): you"], "the sentence never counted");
  assert.equal(
    await banner(ada)
      .getByText(/to vote on Proposal 301/)
      .count(),
    0,
    "every player has voted",
  );
  assert.deepEqual(await violations(ada), [], "axe-core on the Play tab during a vote");

  // Until the turn ends the rule is not in the ruleset.
  await tab(ada, "Rules").click();
  await ada.locator('article.rule[data-rule="213"]').waitFor();
  assert.equal(await ada.locator('article.rule[data-rule="301"]').count(), 0);
  await tab(ada, "Play").click();

  // At the turn's end the vote closes: 2 for, 1 against is a simple majority (Rule 203); the next turn starts with the rule in effect (Rule 105).
  await clockUntil(ada, ada.locator('details.decided li[data-proposal="301"]'));
  await ada
    .locator('details.decided li[data-proposal="301"]')
    .getByText("adopted (a simple majority in favour (2 for, 1 against))", { exact: false })
    .waitFor({ state: "attached" });
  await tab(ada, "Rules").click();
  await ada.locator('article.rule[data-rule="301"]').getByText("Points for adopted proposals").first().waitFor();
  await tab(grace, "Log").click();
  const log = grace.locator(".log");
  await log.getByText("Proposal 301 takes effect.").waitFor();
  // What each act did, in words: newest act first, each act's lines in the order they happened.
  const lines = await log.locator("li li").allTextContents();
  const at = (text: string) => lines.findIndex((l) => l.includes(text));
  const [adopted, turn2, effect] = [at("Proposal 301 is adopted"), at("Turn 2 starts"), at("Proposal 301 takes effect")];
  assert.ok(adopted >= 0 && turn2 >= 0 && effect >= 0, lines.join("\n"));
  assert.ok(adopted < turn2 && turn2 < effect, "adopted as turn 1 ends, in effect once turn 2 has started");
  assert.ok(lines.some((l) => /Grace Hopper's vote in .* is void: its message was edited \(Rule 206\)/.test(l)));
  // A proposal whose form is the change itself reads as the change, not its fields one by one.
  await log.locator(".log-head", { hasText: "Alan Turing — Propose: Repeal Rule 212" }).waitFor();
  assert.doesNotMatch((await log.textContent())!, /kind (enact|repeal)|js: /);
});
