/**
 * A game's page as the browser fetches it, watched through its requests and responses: the
 * app's script and styles named by a hash, kept for good and compressed; index.html asked for
 * again; the code editor fetched only when the player opens a code field, and then working
 * (type errors listed as before); each thing read once on load, the log included; after an act,
 * the page's view read once (the player's own act too), the log only while the Log tab shows
 * it. And if the editor cannot be fetched, the field says so and still takes code.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page, Request } from "playwright-core";
import { askedAgain, keptForGood } from "../src/server/web-files.js";
import { useBrowser } from "./browser-helpers.js";
import { type ApiClient, moving, suberTable } from "./server-helpers.js";

const rig = useBrowser();

/** A page signed in as `client`, every request it makes kept in `requests`, opened at `path`; the main document's response. */
async function watchedPage(client: ApiClient, path: string, requests: Request[]) {
  const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = client.cookie!.split("=") as [string, string];
  await context.addCookies([{ name, value, url: rig.server.url }]);
  const page = await context.newPage();
  page.on("pageerror", (err) => assert.fail(`the page threw: ${err.message}`));
  page.on("console", (message) => assert.doesNotMatch(message.text(), /Content Security Policy/, "the page broke its Content-Security-Policy"));
  page.on("request", (r) => requests.push(r));
  const document = await page.goto(`${rig.server.url}${path}`);
  return { page, document: document! };
}

const pathOf = (r: Request) => new URL(r.url()).pathname;
const editorChunk = /^\/assets\/code-editor-[A-Z0-9]+\.js$/;

/** How many times each API path was read (GET; the live stream aside). */
function reads(requests: Request[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests)
    if (r.method() === "GET" && pathOf(r).startsWith("/api/") && !pathOf(r).endsWith("/live")) counts[pathOf(r)] = (counts[pathOf(r)] ?? 0) + 1;
  return counts;
}

/** A response kept for good and compressed, as a hashed asset is. */
async function assertHashedAsset(request: Request | undefined, what: string): Promise<void> {
  assert.ok(request, `${what} was not fetched`);
  const headers = await (await request.response())!.allHeaders();
  assert.equal(headers["cache-control"], keptForGood, what);
  assert.match(headers["content-encoding"] ?? "none", /^(br|gzip)$/, `${what} was sent uncompressed`);
}

const proposeForm = (page: Page) => page.locator('details[data-action="propose"]');
const card = (page: Page, number: number) => page.locator(`article.proposal-card[data-proposal="${number}"]`);

test("a game page: hashed assets kept for good and compressed, the code editor fetched when opened, each thing read once", async () => {
  const table = await suberTable(rig.server);
  const mover = await moving(table);
  const [first, second] = table.clients.filter((c) => c !== mover) as [ApiClient, ApiClient];
  const game = `/api/games/${table.id}`;
  const requests: Request[] = [];
  const { page, document } = await watchedPage(mover, `/games/${table.id}`, requests);

  // index.html is asked for again on every visit; the script and styles it names are hashed, kept and compressed.
  assert.equal((await document.allHeaders())["cache-control"], askedAgain);
  const form = proposeForm(page);
  await form.getByLabel("Rule code").waitFor();
  await page.locator(".live.on").waitFor();
  const script = requests.find((r) => r.resourceType() === "script");
  assert.match(pathOf(script!), /^\/assets\/main-[A-Z0-9]+\.js$/);
  await assertHashedAsset(script, "the app's script");
  await assertHashedAsset(
    requests.find((r) => r.resourceType() === "stylesheet" && /^\/assets\/styles-[A-Z0-9]+\.css$/.test(pathOf(r))),
    "the styles",
  );
  // Each thing read once on load: the log among them.
  const loaded = reads(requests);
  assert.equal(loaded[`${game}/log`], 1, "the log was not read on load");
  for (const [path, times] of Object.entries(loaded)) assert.equal(times, 1, `${path} was read ${times} times on load`);

  // The code editor: not fetched while the field is only shown, nor when an amendment fills it with the rule's code.
  await form.getByLabel("Kind").selectOption("amend");
  await form.getByLabel("Rule", { exact: true }).selectOption("202");
  const code = ((await first.get(`${game}/rules`)).body.rules as { number: number; code: { source: string } | null }[]).find((r) => r.number === 202)!.code!
    .source;
  const field = form.getByLabel("Rule code");
  assert.equal(await field.inputValue(), code);
  assert.equal(requests.filter((r) => editorChunk.test(pathOf(r))).length, 0, "the code editor was fetched before a code field was opened");
  // Opened: fetched (kept for good, compressed), and the editor takes over with the code.
  await field.click();
  await form.locator(".cm-editor").waitFor();
  await assertHashedAsset(
    requests.find((r) => editorChunk.test(pathOf(r))),
    "the code editor",
  );
  // (CodeMirror draws the lines in view: those it drew are the code's first.)
  const drawn = (await form.locator(".cm-content").textContent())!;
  assert.ok(drawn.length > 200 && code.replaceAll("\n", "").startsWith(drawn), `the editor holds ${drawn}`);
  // It works as it did: a type error is listed under the code, in words, with its line.
  await field.fill('const score: number = "many";');
  assert.match((await form.getByLabel("Problems in the code").locator("li").first().textContent({ timeout: 30_000 }))!, /^Line 1: .*not assignable/);

  // The player's own act: the page is read once, though the live stream tells of the act too.
  await form.getByLabel("Kind").selectOption("enact");
  await form.getByLabel("Text", { exact: true }).fill("Players shall be kind.");
  const beforeAct = requests.length;
  await form.getByRole("button", { name: "Propose", exact: true }).click();
  await page
    .getByRole("status")
    .filter({ hasText: /^Done: propose/ })
    .waitFor();
  // Another's act, heard on the stream (after the stream's news of the player's own): the page's view once more, and nothing else.
  assert.equal((await first.act(table.id, "vote", { proposal: 301, vote: "for" })).status, 200);
  await card(page, 301)
    .locator("ul.votes", { hasText: /for \(1\)/ })
    .waitFor();
  assert.deepEqual(reads(requests.slice(beforeAct)), { [game]: 2 }, "two acts cost the page other reads than its view, once each");

  // The Log tab reads the entries it lacks once; then each act costs the view and the log's new entries.
  const beforeLog = requests.length;
  await page.getByRole("link", { name: "Log", exact: true }).click();
  await page.locator("ol.log li", { hasText: "propose" }).first().waitFor();
  assert.deepEqual(reads(requests.slice(beforeLog)), { [`${game}/log`]: 1 });
  const beforeVote = requests.length;
  assert.equal((await second.act(table.id, "vote", { proposal: 301, vote: "for" })).status, 200);
  await page.locator("ol.log li", { hasText: /vote/ }).nth(1).waitFor();
  assert.deepEqual(reads(requests.slice(beforeVote)), { [game]: 1, [`${game}/log`]: 1 });
  await page.context().close();
});

test("a code editor that cannot be fetched: the field says so in words and still takes the code", async () => {
  const table = await suberTable(rig.server, ["Gil Ho", "Ivy Jo", "Kim Lo"]);
  const mover = await moving(table);
  const requests: Request[] = [];
  const { page } = await watchedPage(mover, `/games/${table.id}`, requests);
  await page.context().route(/\/assets\/code-editor-/, (route) => route.abort("connectionfailed"));
  const form = proposeForm(page);
  const field = form.getByLabel("Rule code");
  await field.click();
  assert.match(
    (await form.getByRole("alert").textContent())!,
    /The code editor could not be loaded .*reload the page to try again\. You can still write the code in this box/,
  );
  await field.fill("const kind = true;");
  assert.equal(await field.inputValue(), "const kind = true;");
  assert.equal(await form.locator(".cm-editor").count(), 0);
  await page.context().close();
});
