/**
 * axe-core, in chromium, on every page a player meets: signing in and up, an invitation
 * (signed out and in), the lobby, and each tab of a started Suber game with an open
 * proposal. Each page must have no violation.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { signUpIn, useBrowser, violations } from "./browser-helpers.js";

const rig = useBrowser();
/** Checks a page once it shows `ready`; returns the page's violations for the caller to assert. */
async function check(page: Page, name: string, ready: string): Promise<[string, string[]]> {
  await page.locator(ready).first().waitFor();
  return [name, await violations(page)];
}

test("axe-core finds no violation on any page", async () => {
  const results: [string, string[]][] = [];
  // Signed out: sign-in and sign-up.
  const visitor = await (await rig.browser.newContext()).newPage();
  await visitor.goto(rig.server.url);
  results.push(await check(visitor, "sign-in", "form"));
  await visitor.getByRole("button", { name: "Create an account" }).click();
  results.push(await check(visitor, "sign-up", 'input[name="displayName"]'));

  const ada = await signUpIn(rig, "Ada Lovelace");
  results.push(await check(ada, "lobby", "h1"));
  // The check itself works: an image without a text alternative, put in for a moment, is found.
  await ada.evaluate(() => document.querySelector("main")!.insertAdjacentHTML("beforeend", '<img id="control" src="data:,">'));
  assert.ok(
    (await violations(ada)).some((v) => v.startsWith("image-alt") && v.includes("#control")),
    "axe-core finds a violation it should",
  );
  await ada.evaluate(() => document.getElementById("control")!.remove());
  await ada.getByLabel("Name", { exact: true }).fill("Checked game");
  await ada.getByLabel("Ruleset").selectOption("suber");
  await ada.getByRole("button", { name: "Create game" }).click();
  const invite = await ada.getByLabel("Invitation link").inputValue();

  await visitor.goto(invite);
  results.push(await check(visitor, "invitation, signed out", "section.invitation"));
  const grace = await signUpIn(rig, "Grace Hopper");
  await grace.goto(invite);
  results.push(await check(grace, "invitation, signed in", "section.invitation"));
  await grace.getByRole("button", { name: "Join this game" }).click();
  await grace.getByLabel("Invitation link").waitFor();

  // Any one of them may start it, and the banner's button does (it has nothing to fill in); Grace (first by surname) proposes, so a proposal is open.
  const banner = ada.getByRole("status", { name: "What the game waits for" });
  await banner.getByText("Any player may start the game").waitFor();
  await banner.getByRole("button", { name: "Start the game" }).click();
  await grace.getByRole("status", { name: "What the game waits for" }).getByText("Your turn").waitFor();
  const propose = grace.locator('details[data-action="propose"]');
  if ((await propose.getAttribute("open")) === null) await propose.locator("summary").click();
  await propose.getByLabel("Kind").selectOption("enact");
  await propose.getByLabel("Text", { exact: true }).fill("Players are kind to each other.");
  await propose.getByRole("button", { name: "Propose", exact: true }).click();
  await grace
    .getByRole("status")
    .filter({ hasText: /^Done: propose/ })
    .waitFor();

  const tabs: [string, string][] = [
    ["play", "details[data-action]"],
    ["rules", "[data-rule]"],
    ["records", "h2"],
    ["log", ".log"],
    ["channels", "textarea"],
  ];
  for (const [tab, ready] of tabs) {
    await ada
      .getByRole("navigation")
      .getByRole("link", { name: tab[0]!.toUpperCase() + tab.slice(1), exact: true })
      .click();
    results.push(await check(ada, `game, ${tab} tab`, ready));
  }

  const report = results.filter(([, found]) => found.length).map(([name, found]) => `${name}:\n  ${found.join("\n  ")}`);
  assert.ok(results.length >= 10, "every page was checked");
  assert.deepEqual(report, [], `axe-core found violations:\n${report.join("\n")}`);
});
