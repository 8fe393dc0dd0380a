/**
 * "Since you last looked", in a real browser: Grace looks at the game and goes; Ada proposes
 * a rule and it is adopted (Grace votes from elsewhere, as by mail). When Grace comes back her
 * Play tab says in words what happened meanwhile (not every vote), the proposal keeps a card
 * with its outcome, and the Rules tab marks the new rule "new"; what she had already seen is
 * not news. Reloaded with nothing new, the panel is gone. Ada, who watched it happen, has no news.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { pageAs, shot, useBrowser, violations } from "./browser-helpers.js";
import { type ApiClient, suberTable } from "./server-helpers.js";

const rig = useBrowser();

const since = (page: Page) => page.getByRole("region", { name: "Since you last looked" });
const card = (page: Page, number: number) => page.locator(`article.proposal-card[data-proposal="${number}"]`);
const decidedCard = (page: Page, number: number) => page.locator(`article.decided-card[data-proposal="${number}"]`);
const rule = (page: Page, number: number) => page.locator(`article.rule[data-rule="${number}"]`);

/** Waits until the server's mark of what the client's player has seen reaches the game's last act (their page tells it). */
async function seenAll(client: ApiClient, id: string): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const page = (await client.get(`/api/games/${id}`)).body;
    if (page.lastSeen === page.view.seq) return page.view.seq;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail("the page never marked the game seen");
}

/** The rule a proposal's adoption enacted, by the rules' history. */
async function enactedBy(client: ApiClient, id: string, proposal: number): Promise<number> {
  const { rules } = (await client.get(`/api/games/${id}/rules`)).body as { rules: { number: number; history: { change: string; cause: string }[] }[] };
  return rules.find((r) => r.history.some((h) => h.change === "enacted" && h.cause === `Proposal ${proposal}`))!.number;
}

test("coming back to a game: what happened since in words, the adopted proposal's card, the new rule marked; then nothing new", async () => {
  const table = await suberTable(rig.server, ["Ada Lovelace", "Grace Hopper"]);
  const [adaApi, graceApi] = table.clients as [ApiClient, ApiClient];
  const game = `/games/${table.id}`;

  // Grace's first look: nothing is news on a first visit. She moves first (turn order goes by surname).
  let grace = await pageAs(rig, graceApi, game);
  await grace.locator(".live.on").waitFor();
  await seenAll(graceApi, table.id);
  assert.equal(await since(grace).count(), 0, "a first visit has no news");

  // Proposal 301 is adopted while she watches: its outcome stays where its card was, with the rule it made, linked.
  assert.equal((await graceApi.act(table.id, "propose", { change: { kind: "enact", text: "Players shall be kind." } })).status, 200);
  await card(grace, 301).waitFor();
  for (const client of [graceApi, adaApi]) assert.equal((await client.act(table.id, "vote", { proposal: 301, vote: "for" })).status, 200);
  const watched = decidedCard(grace, 301);
  await watched.waitFor();
  const kind = await enactedBy(adaApi, table.id, 301);
  assert.match((await watched.locator(".outcome").textContent())!, /^Adopted: .*\(2 for\)$/);
  assert.equal(await watched.getByRole("link", { name: `Rule ${kind}` }).getAttribute("href"), `${game}/rules#rule-${kind}`);
  await watched.getByText("is now in effect").waitFor();
  await watched.getByRole("link", { name: `Rule ${kind}` }).click();
  await rule(grace, kind).waitFor();
  // What she saw happen is no news later.
  await seenAll(graceApi, table.id);
  await grace.context().close();

  // Ada proposes in her browser and votes; Grace votes from elsewhere (by mail, say): adopted.
  const ada = await pageAs(rig, adaApi, game);
  const form = ada.locator('details[data-action="propose"]');
  await form.getByLabel("Kind").selectOption("enact");
  await form.getByLabel("Text", { exact: true }).fill("Every player shall say good morning.");
  await form.getByRole("button", { name: "Propose", exact: true }).click();
  await card(ada, 302).getByRole("button", { name: "Vote for", exact: true }).click();
  await card(ada, 302).getByText("You voted for.").waitFor();
  assert.equal((await graceApi.act(table.id, "vote", { proposal: 302, vote: "for" })).status, 200);
  await ada.locator('details.decided li[data-proposal="302"]', { hasText: "adopted" }).waitFor({ state: "attached" });
  const morning = await enactedBy(adaApi, table.id, 302);

  // Grace comes back: what happened, in the log's words, most recent last.
  grace = await pageAs(rig, graceApi, game);
  const news = since(grace);
  await news.waitFor();
  await shot(grace, "since-you-last-looked");
  const items = news.locator("ol.log > li");
  const lines = await items.allTextContents();
  assert.ok(
    lines.some((l) => /Ada Lovelace proposes 302/.test(l)),
    `the proposal is told: ${lines.join(" | ")}`,
  );
  const adoption = lines.findIndex((l) => /Proposal 302 is adopted/.test(l));
  assert.ok(adoption >= 0, `the adoption is told in words: ${lines.join(" | ")}`);
  assert.match(lines[adoption]!, new RegExp(`Rule ${morning} enacted \\(Proposal 302\\b`));
  assert.ok(
    lines.every((l) => !/Ada Lovelace — vote/i.test(l)),
    `a vote that decided nothing is not news: ${lines.join(" | ")}`,
  );
  assert.ok(
    lines.every((l) => !/Proposal 301/.test(l)),
    "what she had seen is not news",
  );
  const seqs = (await items.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-seq"))))) as number[];
  assert.deepEqual(
    seqs,
    [...seqs].sort((a, b) => a - b),
    "most recent last",
  );

  // The adopted proposal keeps its card, its outcome first; the one she saw adopted does not.
  const decided = decidedCard(grace, 302);
  await decided.waitFor();
  assert.match((await decided.locator(".outcome").textContent())!, /^Adopted/);
  assert.match((await decided.textContent())!, /Every player shall say good morning\./);
  assert.equal(await decidedCard(grace, 301).count(), 0);
  await grace.locator("details.decided summary", { hasText: "Decided: 2" }).waitFor();
  assert.deepEqual(await violations(grace), [], "axe-core finds no violation in the news");

  // The Rules tab marks the new rule, not the one she had seen enacted.
  await grace.getByRole("link", { name: "Rules", exact: true }).click();
  await rule(grace, morning).locator(".badge.news", { hasText: "new" }).waitFor();
  assert.equal(await rule(grace, morning).locator(".rule-news").textContent(), "Enacted by Proposal 302 since you last looked.");
  assert.equal(await rule(grace, kind).locator(".badge.news").count(), 0);
  assert.equal(await grace.locator(".badge.news").count(), 1, "only the new rule is marked");
  assert.deepEqual(await violations(grace), [], "axe-core finds no violation in the marked rules");

  // Her page marked the game seen: reloaded with nothing new, there is no news.
  await seenAll(graceApi, table.id);
  await grace.reload();
  await rule(grace, morning).waitFor();
  assert.equal(await grace.locator(".badge.news").count(), 0, "no rule is new any more");
  await grace.getByRole("link", { name: "Play", exact: true }).click();
  await grace.locator("section.actions").waitFor();
  assert.equal(await since(grace).count(), 0, "nothing new: no panel");
  assert.equal(await decidedCard(grace, 302).count(), 0);

  // Ada watched it all happen: her page marked each act as it came, so she has no news either.
  await seenAll(adaApi, table.id);
  await ada.reload();
  await ada.locator("section.actions").waitFor();
  assert.equal(await since(ada).count(), 0);
  await ada.context().close();
  await grace.context().close();
});
