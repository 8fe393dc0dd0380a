/**
 * The Channels tab in chromium, with votes that are messages: Rule 101 counts "aye" and "nay"
 * said in its "votes" channel into Proposal 1 (`votesIn`). Ada votes with the card's button,
 * Grace types "AYE " in the channel: both count; Grace edits hers: it is voided. Messages
 * arrive live; Delete is asked first; the host redacts; axe finds nothing on the tab.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { Game } from "../src/kernel/game.js";
import { exportGame } from "../src/records/archive/index.js";
import { importInBrowser, joinByInvitation, shot, signUpIn, useBrowser, violations } from "./browser-helpers.js";
import { votesRules } from "./channels-helpers.js";
import { engine } from "./helpers.js";

const rig = useBrowser();
const tab = (page: Page, name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true });
const card = (page: Page) => page.locator('article.proposal-card[data-proposal="1"]');
const votesFor = (page: Page, count: number) => card(page).locator(".votes li", { hasText: `for (${count})` });

test("votes as messages: the card's button and a typed message both count; an edited vote is voided; the Channels tab is live and accessible", async () => {
  const options = engine();
  const made = await Game.create(options, {
    name: "Talking votes",
    preset: null,
    rules: votesRules(),
  });
  await made.join("Ada Lovelace");
  const archive = await exportGame(options.store, made.id);
  made.close();

  const ada = await signUpIn(rig, "Ada Lovelace");
  const imported = await importInBrowser(ada, archive, "ada-lovelace");
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  await ada.goto(`${rig.server.url}/games/${imported.body.id}/play`);
  const grace = await signUpIn(rig, "Grace Hopper");
  await joinByInvitation(ada, [grace]);

  // Ada votes with the card's button: it says "aye" in the votes channel, and the rule counts it.
  await card(ada).getByRole("button", { name: "Aye", exact: true }).click();
  await card(ada).getByRole("status").filter({ hasText: 'You said "aye" on Proposal 1' }).waitFor();
  await votesFor(ada, 1).filter({ hasText: "you" }).waitFor();

  // Grace types her vote in the channel, as a chat player would.
  await tab(grace, "Channels").click();
  const channels = grace.getByRole("navigation", { name: "Channels" });
  await channels.getByRole("button", { name: /^Votes \(1\)/ }).click();
  const votes = grace.getByRole("region", { name: "Votes" });
  await votes.getByText("aye", { exact: true }).waitFor();
  await votes.getByLabel("Say something").fill("AYE ");
  await votes.getByRole("button", { name: "Post" }).click();
  await votes.locator(".posts li.mine").getByText("AYE").waitFor();
  await votesFor(ada, 2).waitFor();
  await channels.getByRole("button", { name: /^Votes \(2\)/ }).waitFor();
  // The action its rule places in this channel is offered here, and its act is shown among the messages.
  const remind = votes.locator('details[data-action="remind"]');
  if ((await remind.getAttribute("open")) === null) await remind.locator("summary").click();
  await remind.getByRole("button", { name: "Remind", exact: true }).click();
  await votes
    .locator(".posts li.act-in-channel", { hasText: "Grace Hopper" })
    .getByText(/remind/)
    .waitFor();

  // Ada's page hears it live in the channel too.
  await tab(ada, "Channels").click();
  await ada
    .getByRole("navigation", { name: "Channels" })
    .getByRole("button", { name: /^Votes/ })
    .click();
  const adaVotes = ada.getByRole("region", { name: "Votes" });
  await adaVotes.locator(".posts li", { hasText: "Grace Hopper" }).getByText("AYE").waitFor();
  assert.equal(
    await adaVotes.locator(".posts li", { hasText: "Grace Hopper" }).getByRole("button", { name: "Edit" }).count(),
    0,
    "only your own messages offer Edit",
  );
  assert.deepEqual(await violations(ada), [], "axe-core finds nothing on the Channels tab");
  await shot(ada, "channels");

  // Grace edits her vote: the rule voids it; the message reads as edited.
  const mine = votes.locator(".posts li.mine", { hasText: "AYE" });
  await mine.getByRole("button", { name: "Edit" }).click();
  await mine.getByLabel("New text").fill("AYE, I think");
  await mine.getByRole("button", { name: "Save the edit" }).click();
  await votes.locator(".posts li.mine", { hasText: "AYE, I think" }).getByText("edited").waitFor();
  await tab(ada, "Play").click();
  await votesFor(ada, 1).filter({ hasText: "you" }).waitFor();
  assert.equal(await card(ada).locator(".votes").getByText("Grace Hopper").count(), 0, "Grace's edited vote no longer counts");

  // Deleting is asked first; the message then reads "Deleted" for everyone.
  const general = channels.getByRole("button", { name: /^General/ });
  await general.click();
  const talk = grace.getByRole("region", { name: "General" });
  await talk.getByLabel("Say something").fill("Something I regret");
  await talk.getByRole("button", { name: "Post" }).click();
  const regret = talk.locator(".posts li.mine", { hasText: "Something I regret" });
  await regret.getByRole("button", { name: "Delete" }).click();
  await regret.getByRole("group", { name: "Delete this message?" }).waitFor();
  await regret.getByRole("button", { name: "Yes, delete it" }).click();
  await talk.locator(".posts li").getByText("Deleted", { exact: true }).waitFor();
  assert.equal(await talk.getByText("Something I regret").count(), 0);

  // The host redacts Grace's message, with a reason everyone reads.
  await talk.getByLabel("Say something").fill("Something rude");
  await talk.getByRole("button", { name: "Post" }).click();
  await tab(ada, "Channels").click();
  await ada
    .getByRole("navigation", { name: "Channels" })
    .getByRole("button", { name: /^General/ })
    .click();
  const rude = ada.getByRole("region", { name: "General" }).locator(".posts li", { hasText: "Something rude" });
  await rude.getByRole("button", { name: "Redact" }).click();
  await rude.getByLabel(/Why redact it/).fill("the platform's terms");
  await rude.getByRole("button", { name: "Redact it for good" }).click();
  await talk.getByText("Redacted by Ada Lovelace: the platform's terms").waitFor();
  assert.equal(await talk.getByText("Something rude").count(), 0);
  assert.deepEqual(await violations(grace), [], "axe-core finds nothing on the Channels tab, messages deleted and redacted");

  // The log tells of the redaction, never the text.
  await tab(grace, "Log").click();
  await grace
    .locator(".log li", { hasText: /Ada Lovelace redacts message \d+: the platform's terms/ })
    .first()
    .waitFor();
  await grace.locator(".log").getByText("Redacted by Ada Lovelace: the platform's terms").first().waitFor();
  await grace.locator(".log").getByText("AYE, I think").first().waitFor();
  assert.equal(await grace.locator(".log").getByText("Something rude").count(), 0);
});
