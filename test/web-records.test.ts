/**
 * The records in a real browser (Debian's chromium, driven by playwright-core): Ada creates
 * a game from N_omic's published ruleset, pasted into the lobby and previewed, and reads it
 * short and full on the Records tab with its downloads; then a game of Suber's Initial Set
 * with Grace, where the reports show a proposal, its votes and the traced score, Ada
 * records a correction as the game's host and Grace, no officer, is refused one; the
 * records as they stood at act 1; the Records tab on a phone; and the whole game exported
 * by its creator only, then imported from the lobby as a new game.
 * Set NOMOS_SCREENSHOTS=<dir> to save screenshots of the records pages there.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { actThrough, messagesShown, nextMessage, shot, signUpIn, useBrowser } from "./browser-helpers.js";

const nomicText = readFileSync(new URL("../../shared/rulesets/n_omic-2001.txt", import.meta.url), "utf8");

const rig = useBrowser();

async function signUp(name: string): Promise<Page> {
  return signUpIn(rig, name);
}

/** The game's id, from the address the page shows. */
const gameId = (page: Page) => new URL(page.url()).pathname.split("/")[2]!;

/** Takes an action through its form on the Play tab; returns the message shown. */
const act = actThrough;

const tab = (page: Page, name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true }).click();
const show = (page: Page, name: string) => page.getByRole("group", { name: "Record to show" }).getByRole("button", { name, exact: true }).click();
const record = (page: Page) => page.locator("section.record");
const wide = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** What a link of the page fetches with the page's session: its type, file name and text. */
async function fetched(page: Page, href: string) {
  return page.evaluate(async (url) => {
    const r = await fetch(url, { credentials: "same-origin" });
    return { status: r.status, type: r.headers.get("content-type") ?? "", disposition: r.headers.get("content-disposition") ?? "", text: await r.text() };
  }, href);
}

test("the records of a game in the browser: a published ruleset imported, reports, corrections, the past, export and import", async () => {
  const ada = await signUp("Ada Lovelace");
  const grace = await signUp("Grace Hopper");

  // Ada pastes N_omic's published ruleset into "create a game"; a misspelt status is refused by its line.
  await ada.getByLabel("Name", { exact: true }).fill("N_omic revived");
  await ada.getByLabel("Start from").selectOption({ label: "a published ruleset's text" });
  const text = ada.getByLabel("The ruleset's text");
  const header = "311 - Mutable - Amended from rule 207 January 5th, 2001";
  await text.fill(nomicText.replace(header, header.replace("Mutable", "Mutible")));
  await ada.getByRole("button", { name: "Preview" }).click();
  const line = nomicText.split("\n").indexOf(header) + 1;
  assert.match((await ada.getByRole("alert").textContent())!, new RegExp(`line ${line}: .*"Mutible"`));
  await text.fill(nomicText);
  await ada.getByLabel("Offices for hand play").fill("Archivist, Treasurer");
  await ada.getByRole("button", { name: "Preview" }).click();
  const preview = ada.getByRole("region", { name: "Preview" });
  await preview.waitFor();
  assert.equal(await preview.locator('[data-field="layout"]').textContent(), "number-status-line");
  assert.equal(await preview.locator('[data-field="rules"]').textContent(), "40 (3 with code)", "the text's 37 rules and the 3 of hand play");
  assert.match((await preview.locator('[data-field="hand-play"]').textContent())!, /^rules 98, 99, 100, added so the game can be played by hand$/);
  assert.equal(await preview.locator('[data-field="archived"]').textContent(), "205, 210, 310");
  assert.match((await preview.textContent())!, /Recognised the layout "number-status-line"/);
  assert.match((await preview.textContent())!, /the Archivist assesses each proposal, and the officers \(Archivist and Treasurer,/);
  await preview.getByText("The rules (40)").click();
  await preview.getByText("Each player has one vote per proposal.").waitFor();
  await ada.setViewportSize({ width: 390, height: 844 });
  assert.ok((await wide(ada)) <= 390, "the lobby with a preview is wider than a phone's screen");
  await ada.setViewportSize({ width: 1280, height: 900 });
  await shot(ada, "records-import-preview");
  await ada.getByRole("button", { name: "Create game" }).click();
  await ada.getByLabel("Invitation link").waitFor();
  const nomic = gameId(ada);
  const offices = JSON.parse((await fetched(ada, `/api/games/${nomic}`)).text).view.state.find((v: { name: string }) => v.name === "offices").value;
  assert.deepEqual(
    Object.values(offices).map((o) => (o as { office: string }).office),
    ["Archivist", "Treasurer"],
    "the offices named in the form, in order",
  );

  // Its Records tab: the short ruleset, then the full one with the history as published.
  await tab(ada, "Records");
  const rule311 = ada.locator('.published-rule[data-rule="311"]');
  await rule311.getByRole("heading", { name: "Rule 311" }).waitFor();
  assert.match((await rule311.locator(".rule-text").textContent())!, /^Article I:\nEach player has one vote per proposal\./);
  assert.match((await rule311.textContent())!, /Mutable/);
  assert.equal(await ada.getByText("Amended from rule 207 January 5th, 2001").count(), 0, "the short ruleset has no history");
  const link = (page: Page, name: string) => page.getByRole("link", { name, exact: true });
  const base = `/api/games/${nomic}/ruleset`;
  assert.equal(await link(ada, "Download the short ruleset as Text").getAttribute("href"), `${base}?format=text&download=true`);
  assert.equal(await link(ada, "Download the short ruleset as Markdown").getAttribute("href"), `${base}?format=markdown&download=true`);
  assert.equal(await link(ada, "Download the short ruleset as JSON").getAttribute("href"), `${base}?format=json&download=true`);
  await ada.getByRole("group", { name: "Ruleset length" }).getByRole("button", { name: "Full" }).click();
  await rule311.getByText("Amended from rule 207 January 5th, 2001").waitFor();
  await ada.getByRole("heading", { name: "Repealed rules (3)" }).waitFor();
  const fullText = link(ada, "Download the full ruleset as Text");
  assert.equal(await fullText.getAttribute("href"), `${base}?full=true&format=text&download=true`);
  const file = await fetched(ada, (await fullText.getAttribute("href"))!);
  assert.equal(file.status, 200);
  assert.match(file.type, /^text\/plain/);
  assert.match(file.disposition, /^attachment; filename=".*\.txt"/);
  assert.match(file.text, /311 .*Mutable/);
  assert.match(file.text, /Amended from rule 207 January 5th, 2001/);
  await shot(ada, "records-full-ruleset");

  // A second game, of Suber's Initial Set, with Grace, who joins by invitation.
  await ada.getByRole("link", { name: "Nomos" }).click();
  await ada.getByLabel("Name", { exact: true }).fill("Friday Nomic");
  assert.equal(await ada.getByLabel("Start from").inputValue(), "preset");
  await ada.getByLabel("Ruleset").selectOption("suber");
  await ada.getByRole("button", { name: "Create game" }).click();
  const invite = await ada.getByLabel("Invitation link").inputValue();
  const id = gameId(ada);
  await grace.goto(invite);
  await grace.getByRole("button", { name: "Join this game" }).click();
  await grace.getByLabel("Invitation link").waitFor();
  await ada.locator("table.scoreboard", { hasText: "Grace Hopper" }).waitFor();
  assert.match(await act(ada, "start"), /^Done/);

  // Grace (Hopper before Lovelace) proposes; both vote for it with the buttons on its card.
  await grace.locator(".banner", { hasText: "Your turn: propose a rule-change" }).waitFor();
  assert.match(
    await act(grace, "propose", async (form) => {
      await form.getByLabel("Kind").selectOption("enact");
      await form.getByLabel("Text", { exact: true }).fill("Players shall be kind. <b>Really.</b>");
    }),
    /^Done/,
  );
  for (const page of [grace, ada]) {
    const before = await messagesShown(page);
    await page.locator('article.proposal-card[data-proposal="301"]').getByRole("button", { name: "Vote for", exact: true }).click();
    assert.equal(await nextMessage(page, before), "You voted for proposal 301.");
  }
  await ada.locator('details.decided li[data-proposal="301"]', { hasText: "adopted" }).waitFor({ state: "attached" });

  // The proposals report: 301, by Grace, each vote, adopted, decided by Rule 203.
  await tab(ada, "Records");
  await show(ada, "Proposals");
  const p301 = ada.locator('[data-report="proposals"] tr[data-proposal="301"]');
  await p301.waitFor();
  const row301 = (await p301.textContent())!;
  for (const words of [
    "Grace Hopper",
    "Enact a new rule",
    "Players shall be kind. <b>Really.</b>",
    "Ada Lovelace: for",
    "Grace Hopper: for",
    "adopted",
    "the vote was unanimous",
    "decided by Rule 203",
  ]) {
    assert.ok(row301.includes(words), `the proposals report's row for 301 says "${words}": ${row301}`);
  }
  assert.equal(await p301.locator("b").count(), 0, "a proposal's text is shown as text");
  assert.equal(
    await link(ada, "Download the proposals report as Markdown").getAttribute("href"),
    `/api/games/${id}/reports/proposals?format=markdown&download=true`,
  );
  const proposalsFile = await fetched(ada, `/api/games/${id}/reports/proposals?format=markdown&download=true`);
  assert.match(proposalsFile.type, /^text\/markdown/);
  assert.match(proposalsFile.text, /301/);
  await shot(ada, "records-proposals");

  // The scores report: Grace's 10 points for proposal 301, traced to the vote and Rule 202.
  await show(ada, "Scores");
  const changes = ada.locator('[data-report="score-changes"]');
  const scored = changes.locator("tr", { hasText: "points: 0 → 10 (+10)" });
  await scored.waitFor();
  const scoredText = (await scored.textContent())!;
  for (const words of ["Grace Hopper", "Rule 202", "Grace Hopper scores 10 for proposal 301"])
    assert.ok(scoredText.includes(words), `${words} in ${scoredText}`);
  assert.match(scoredText, /^#\d+/);
  assert.match((await ada.locator('[data-report="values-points"]').textContent())!, /Grace Hopper10/);

  // Grace watches the scores; she is no creator: no host box, no export link.
  await tab(grace, "Records");
  await show(grace, "Scores");
  await grace.locator('[data-report="score-changes"]').waitFor();
  assert.equal(await grace.getByLabel("as the game's host").count(), 0);
  assert.equal(await grace.getByRole("link", { name: "Export the game" }).count(), 0);
  const exportLink = ada.getByRole("link", { name: "Export the game" });
  assert.equal(await exportLink.getAttribute("href"), `/api/games/${id}/export`);

  // Ada records a correction as the game's host, citing Rule 202; both pages show it with its reason.
  const reason = "Rule 202 scores the number minus 291: <i>recounted</i> by hand.";
  const correct = async (page: Page, asHost: boolean) => {
    const form = page.getByRole("region", { name: "Record a correction" });
    await form.getByLabel("Cite rule").fill("202");
    await form.getByLabel("Reason").fill(reason);
    await form.getByLabel("State").selectOption("points");
    await form.getByLabel("Player").selectOption({ label: "Grace Hopper" });
    await form.getByLabel("New value").fill("12");
    if (asHost) await form.getByLabel("as the game's host").check();
    await form.getByRole("button", { name: "Record the correction" }).click();
    const message = form.locator("p[role]");
    await message.waitFor();
    return { text: (await message.textContent())!, role: await message.getAttribute("role") };
  };
  const recorded = await correct(ada, true);
  assert.match(recorded.text, /^Correction recorded \(act \d+\)\.$/);
  assert.equal(recorded.role, "status");
  for (const page of [ada, grace]) {
    const corrected = page.locator('[data-report="score-changes"] tr', { hasText: "points: 10 → 12 (+2)" });
    await corrected.waitFor();
    const words = (await corrected.textContent())!;
    assert.ok(words.includes(`The host records a correction (Rule 202): ${reason}`), words);
    assert.ok(words.includes("Rule 202"));
    assert.equal(await corrected.locator("i").count(), 0, "a reason is shown as text");
  }
  await shot(ada, "records-scores");

  // Grace tries one: the rules name no officer, so the server refuses, and the page says why.
  const refused = await correct(grace, false);
  assert.equal(refused.role, "alert");
  assert.match(refused.text, /no rule names you an officer who may record corrections/);

  // The log says it in words.
  await tab(ada, "Log");
  await ada.locator(".log", { hasText: `The host records a correction (Rule 202): ${reason}` }).waitFor();

  // As of act 1: no proposals yet; back to now, 301 again.
  await tab(ada, "Records");
  await show(ada, "Proposals");
  await ada.locator('tr[data-proposal="301"]').waitFor();
  await ada.getByLabel("As of act").fill("1");
  await ada.getByRole("button", { name: "Show", exact: true }).click();
  await ada.getByText("The records as they stood after act 1,").waitFor();
  await record(ada).getByText("No proposals yet.").waitFor();
  assert.equal(
    await link(ada, "Download the proposals report as Text").getAttribute("href"),
    `/api/games/${id}/reports/proposals?format=text&seq=1&download=true`,
  );
  await show(ada, "Scores");
  await record(ada).getByText("Nothing has changed yet.").waitFor();
  await ada.getByRole("button", { name: "Back to now" }).click();
  await ada.locator('[data-report="score-changes"] tr', { hasText: "points: 10 → 12 (+2)" }).waitFor();
  // By date and time, in the viewer's own zone: before the game, nothing; tomorrow, as now.
  const localTime = (offset: number) =>
    ada.evaluate((ms) => {
      const d = new Date(Date.now() + ms);
      const [month, day, hour, minute] = [d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()].map((n) => String(n).padStart(2, "0"));
      return `${d.getFullYear()}-${month}-${day}T${hour}:${minute}`;
    }, offset);
  await ada.getByLabel("As of act").fill("");
  await ada.getByLabel("or as they stood at").fill(await localTime(-86_400_000));
  await ada.getByRole("button", { name: "Show", exact: true }).click();
  await record(ada)
    .getByRole("alert")
    .getByText(/did not exist yet/)
    .waitFor();
  await ada.getByLabel("or as they stood at").fill(await localTime(86_400_000));
  await ada.getByRole("button", { name: "Show", exact: true }).click();
  await ada.getByText(/^The records as they stood after act \d+,/).waitFor();
  await ada.locator('[data-report="score-changes"] tr', { hasText: "points: 10 → 12 (+2)" }).waitFor();
  assert.match(
    (await link(ada, "Download the scores report as JSON").getAttribute("href"))!,
    new RegExp(`^/api/games/${id}/reports/scores\\?format=json&time=\\d{4}-\\d\\d-\\d\\dT[^&]+Z&download=true$`),
  );
  await ada.getByRole("button", { name: "Back to now" }).click();
  await show(ada, "Court");
  await record(ada).getByText("No question has been put to judgment.").waitFor();
  await record(ada).getByText("Play waits on no judgment.").waitFor();

  // On a phone, every record fits the screen's width.
  await grace.setViewportSize({ width: 390, height: 844 });
  for (const name of ["Ruleset", "Proposals", "Scores", "Court"]) {
    await show(grace, name);
    await record(grace).getByRole("heading", { level: 2 }).waitFor();
    await grace.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    assert.ok((await wide(grace)) <= 390, `the ${name} record is wider than a phone's screen`);
  }
  await show(grace, "Ruleset");
  await grace.getByRole("group", { name: "Ruleset length" }).getByRole("button", { name: "Full" }).click();
  await grace.getByRole("heading", { name: /Repealed rules/ }).waitFor();
  assert.ok((await wide(grace)) <= 390, "the full ruleset is wider than a phone's screen");
  await show(grace, "Scores");
  await grace.locator('[data-report="score-changes"]').waitFor();
  await shot(grace, "records-phone");

  // The whole game as a file, for its creator only, and back in from the lobby as a new game.
  const exported = await fetched(ada, (await exportLink.getAttribute("href"))!);
  assert.equal(exported.status, 200, exported.text);
  assert.match(exported.type, /^application\/json/);
  assert.match(exported.disposition, /^attachment; filename=".*\.json"/);
  assert.equal((await fetched(grace, `/api/games/${id}/export`)).status, 403);
  await ada.getByRole("link", { name: "Nomos" }).click();
  const importing = ada.getByRole("region", { name: "Import a game file" });
  await importing
    .getByLabel("Game file (JSON, as exported)")
    .setInputFiles({ name: "not-a-game.json", mimeType: "application/json", buffer: Buffer.from('{"hello": 1}') });
  await importing
    .getByRole("alert")
    .getByText(/not-a-game\.json is not a Nomos game file/)
    .waitFor();
  await importing
    .getByLabel("Game file (JSON, as exported)")
    .setInputFiles({ name: "friday-nomic.json", mimeType: "application/json", buffer: Buffer.from(exported.text) });
  await importing.getByText(/friday-nomic\.json: “Friday Nomic”, \d+ acts, 2 players\./).waitFor();
  assert.equal(await importing.getByLabel("You play as").inputValue(), "ada-lovelace", "the player with your name is chosen");
  await importing.getByRole("button", { name: "Import the game" }).click();
  await ada.waitForURL((url) => /^\/games\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(`/${id}`));
  await ada.getByRole("heading", { name: "Friday Nomic" }).waitFor();
  await tab(ada, "Records");
  await show(ada, "Scores");
  await ada.locator('[data-report="score-changes"] tr', { hasText: "points: 10 → 12 (+2)" }).waitFor();
  await ada.getByRole("link", { name: "Export the game" }).waitFor();
});
