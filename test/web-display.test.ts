/**
 * State as its rules say it reads, in a real browser (Debian's chromium, driven by
 * playwright-core): on a Suber and an N_omic page the turn reads as a sentence with the
 * players' names, times read as times (no milliseconds since 1970 anywhere on the Play tab),
 * and the Epic Poem as its lines with their authors. The games are set up through the API;
 * the pages are read as the first player's.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { pageAs, shot, useBrowser } from "./browser-helpers.js";
import { ApiClient, suberTable } from "./server-helpers.js";

const rig = useBrowser();

/** A browser page signed in as the API client's user, on the game's Play tab. */
async function playTab(client: ApiClient, gameId: string): Promise<Page> {
  const page = await pageAs(rig, client, `/games/${gameId}/play`);
  await page.locator("section.state").waitFor();
  return page;
}

const fact = (page: Page, state: string) => page.locator(`dl.values [data-state="${state}"] dd`);

/** No 13-digit number (milliseconds since 1970) anywhere on the page's text. */
async function noEpochTimes(page: Page): Promise<void> {
  const text = ((await page.locator("body").textContent()) ?? "").replace(/\s+/g, " ");
  assert.doesNotMatch(text, /\b\d{13}\b/, "a time is shown as milliseconds");
}

test("Suber's page reads the turn as a sentence with names, and shows no raw times", async () => {
  const table = await suberTable(rig.server, ["Ada Lovelace", "Grace Hopper", "Alan Turing"]);
  const page = await playTab(table.clients[0]!, table.id);
  // Play goes by surname: Hopper first.
  await fact(page, "turn").filter({ hasText: "Turn 1: Grace Hopper is moving (0 complete circuits)" }).waitFor();
  assert.equal(await page.locator('[data-state="turn"] dt').first().textContent(), "Turn (Rule 201)");
  assert.doesNotMatch((await page.locator("section.state").textContent()) ?? "", /key:|waiting:|proposed:/, "no bookkeeping fields");
  assert.equal(await page.locator("table.scoreboard thead th").nth(1).textContent(), "Points");
  await fact(page, "adoption").filter({ hasText: "Rule-changes are adopted by unanimity" }).waitFor();
  await noEpochTimes(page);
  await shot(page, "display-suber");
  await page.context().close();
});

test("N_omic's page reads the turn and its phase as sentences with times, and the Epic Poem as its lines", async () => {
  const clients: ApiClient[] = [];
  for (const name of ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
    clients.push(await new ApiClient(rig.server.url).signup(name.split(" ")[0]!.toLowerCase(), name));
  const created = await clients[0]!.post("/api/games", { name: "N_omic revival", preset: "n_omic" });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const ids = [created.body.me as string];
  for (const client of clients.slice(1)) ids.push((await client.post(`/api/invites/${created.body.invite}/join`)).body.me);
  const id = created.body.id as string;
  assert.equal((await clients[0]!.act(id, "start")).status, 200);
  const view = (await clients[0]!.get(`/api/games/${id}`)).body.view;
  const mover = view.state.find((s: { name: string }) => s.name === "turn").value.player as string;
  const moverClient = clients[ids.indexOf(mover)]!;
  const moverName = view.players.find((p: { id: string }) => p.id === mover).name as string;
  const added = await moverClient.act(id, "add-poem-lines", { lines: ["Upon a board of files and rows,", "the players moved on tiptoes."] });
  assert.equal(added.status, 200, JSON.stringify(added.body));

  const page = await playTab(clients[0]!, id);
  await fact(page, "turn")
    .filter({ hasText: `Turn 1: ${moverName} is moving` })
    .waitFor();
  // The phase: the mover by name, the time it began as a time.
  const phase = fact(page, "phase");
  await phase.filter({ hasText: `${moverName}: purchase phase, since` }).waitFor();
  assert.equal(await phase.locator("time").count(), 1, "the phase began at a time");
  assert.doesNotMatch((await phase.textContent()) ?? "", /name:|since: \d/);
  // The poem: one line per line, each with its author where it has one.
  const lines = await fact(page, "epic-poem").locator("li").allTextContents();
  assert.deepEqual(lines, [
    "A long time ago, in a galaxy far, far away...",
    `Upon a board of files and rows, — ${moverName}`,
    `the players moved on tiptoes. — ${moverName}`,
  ]);
  assert.match((await page.locator('[data-state="epic-poem"] dt').textContent()) ?? "", /^Epic Poem/);
  // The board shows its label; the scoreboard its labelled columns.
  assert.match((await page.locator(".board-box caption").textContent()) ?? "", /^Board \(Rule/);
  const headings = await page.locator("table.scoreboard thead th").allTextContents();
  for (const label of ["Points", "Groks", "Square", "Status"]) assert.ok(headings.includes(label), `${label} in ${headings.join(", ")}`);
  await noEpochTimes(page);
  await page.locator("section.state").scrollIntoViewIfNeeded();
  await shot(page, "display-n-omic");
  await page.context().close();
});
