/**
 * The action forms as a player meets them, in a Suber game in chromium: no JSON anywhere.
 * A judgment's rules are picked from the rules in effect and arrive as numbers; what the
 * form cannot read is said beside the field and stops the form; an amendment starts from
 * the rule's own text; the preview of an amendment whose code never finishes warns; and an
 * invited friend reads who invites them to what before signing up, then lands in the game.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { defaultPreset } from "../src/rulesets/default.js";
import { listPresets } from "../src/ruleset-sources/presets.js";
import { shot, signUpIn, useBrowser, writeCode } from "./browser-helpers.js";

const rig = useBrowser();

const action = (page: Page, name: string) => page.locator(`details[data-action="${name}"]`);

async function open(page: Page, name: string): Promise<Locator> {
  const form = action(page, name);
  await form.waitFor();
  if ((await form.getAttribute("open")) === null) await form.locator("summary").click();
  return form;
}

/** The game as the API sends it to this page's player. */
async function gameJson(page: Page): Promise<string> {
  const id = new URL(page.url()).pathname.split("/")[2]!;
  return page.evaluate(async (game) => (await fetch(`/api/games/${game}`)).text(), id);
}

test("forms: rule pickers, words for what cannot be read, an amendment prefilled, and a preview that warns of failing code", async () => {
  const ada = await signUpIn(rig, "Ada Lovelace");
  const grace = await signUpIn(rig, "Grace Hopper");
  // The lobby offers presets by title, the default first and chosen, with its description.
  const presets = listPresets();
  const preset = presets.find((p) => p.name === defaultPreset)!;
  assert.equal(await ada.getByLabel("Ruleset").inputValue(), defaultPreset);
  assert.equal((await ada.locator("#preset-description").textContent())?.trim(), preset.description);
  await ada.getByLabel("Name", { exact: true }).fill("Form night");
  await ada.getByLabel("Ruleset").selectOption("suber");
  await ada.getByRole("button", { name: "Create game" }).click();
  const invite = await ada.getByLabel("Invitation link").inputValue();
  await grace.goto(invite);
  await grace.getByRole("button", { name: "Join this game" }).click();
  await grace.getByLabel("Invitation link").waitFor();
  // A friend not signed in reads who invites them to what, above the sign-up form, and lands in the game.
  const friend = await (await rig.browser.newContext()).newPage();
  await friend.goto(invite);
  const invitation = friend.getByLabel("Invitation");
  await invitation.waitFor();
  await shot(friend, "invitation");
  const suber = presets.find((p) => p.name === "suber")!;
  assert.equal((await invitation.locator("p").textContent())?.trim(), `Ada Lovelace invites you to play Form night, a game of ${suber.title}.`);
  await friend.getByLabel("Username").fill("bad name!");
  assert.match(await friend.getByLabel("Username").evaluate((i) => (i as HTMLInputElement).validationMessage), /only letters, digits/);
  await friend.getByLabel("Username").fill("konrad");
  await friend.getByLabel("Your name, as players will see it").fill("Konrad Zuse");
  await friend.getByLabel("Password").fill("correct horse battery");
  await friend.getByRole("button", { name: "Sign up" }).click();
  await friend.waitForURL(/\/games\//);
  await friend.locator("table.scoreboard", { hasText: "Konrad Zuse" }).waitFor();
  // An unknown code is said so, in words.
  const stranger = await (await rig.browser.newContext()).newPage();
  await stranger.goto(`${rig.server.url}/invite/no-such-code`);
  assert.match((await stranger.getByRole("alert").textContent())!, /this invitation is not valid: ask the game's players for a new link/);
  await stranger.context().close();

  const start = await open(ada, "start");
  await start.getByRole("button", { name: "Start", exact: true }).click();
  await ada.locator(".banner", { hasText: "propose a rule-change" }).waitFor();
  await friend.context().close();

  // A judgment's rules: a list of pickers, each offering the rules in effect by number and title.
  const judgment = await open(ada, "invoke-judgment");
  await judgment.getByLabel("Question").fill("May a rule be amended twice in one turn?");
  await judgment.getByRole("button", { name: "Add rule" }).click();
  await judgment.getByRole("button", { name: "Add rule" }).click();
  const first = judgment.getByLabel("Rule 1", { exact: true });
  assert.match((await first.locator("option", { hasText: /^202 — / }).textContent())!, /^202 — \S/);
  await first.selectOption("202");
  await judgment.getByLabel("Rule 2", { exact: true }).selectOption("201");
  // Moved: the order is the player's.
  await judgment.getByRole("button", { name: "Move Rule 2 up" }).click();
  await judgment.scrollIntoViewIfNeeded();
  await shot(ada, "form-rule-pickers");
  await judgment.getByRole("button", { name: "Invoke judgment", exact: true }).click();
  await ada
    .getByRole("status")
    .filter({ hasText: /^Done: / })
    .first()
    .waitFor();
  assert.match(await gameJson(ada), /"rules":\[201,202\]/, "the rules picked are stored, in the order given");

  // Grace moves first (turn order by surname: Hopper, Lovelace, Zuse). A number the form cannot read is said in words and the form is not sent.
  const propose = await open(grace, "propose");
  await propose.getByLabel("Kind").selectOption("amend-amendment");
  await propose.getByLabel("Revision", { exact: true }).fill("2, 3");
  await propose.locator(".field-error", { hasText: "“2, 3” is not a whole number" }).waitFor();
  await propose.getByRole("button", { name: "Propose", exact: true }).click();
  assert.match((await propose.locator(".form-needs").textContent())!, /Not sent:.*Revision: “2, 3” is not a whole number.*Rule is missing/);

  // An amendment starts from the rule's current text and code; the text has a counter of its limit.
  await propose.getByLabel("Kind").selectOption("amend");
  await propose.getByLabel("Rule", { exact: true }).selectOption("202");
  const rules = await grace.evaluate(async (id) => (await fetch(`/api/games/${id}/rules`)).json(), new URL(grace.url()).pathname.split("/")[2]!);
  const rule202 = (rules.rules as { number: number; text: string; code: { source: string } | null }[]).find((r) => r.number === 202)!;
  assert.equal(await propose.getByLabel("Text (optional)", { exact: true }).inputValue(), rule202.text);
  assert.match((await propose.locator(".counter").first().textContent())!, new RegExp(`^${rule202.text.length} / 20000$`));
  if (rule202.code) assert.match((await propose.getByLabel("Rule code").textContent())!, /\S/);

  // Code that never finishes: the preview warns that adopted, the rule would not work.
  const editor = propose.getByLabel("Rule code");
  // A type error is listed under the editor in words, with its line.
  await writeCode(propose, 'const score: number = "many";');
  assert.match((await propose.getByLabel("Problems in the code").locator("li").first().textContent({ timeout: 30_000 }))!, /^Line 1: .*not assignable/);
  // Code with a syntax error keeps the form from being sent, saying where, in the editor's words.
  await editor.fill("game.post(");
  await propose
    .getByLabel("Problems in the code")
    .locator("li", { hasText: /^Line 1: .*expected/ })
    .first()
    .waitFor({ timeout: 30_000 });
  await propose.getByRole("button", { name: "Propose", exact: true }).click();
  assert.match((await propose.locator(".form-needs").textContent())!, /^Not sent: the code has at line 1: .*expected/);
  await editor.fill("while (true) {}");
  await propose.getByRole("button", { name: "Preview adoption" }).click();
  const preview = propose.getByLabel("Preview");
  await preview.locator(".preview-warning").first().waitFor({ timeout: 60_000 });
  assert.match((await preview.textContent())!, /amended/);
  assert.match((await preview.locator(".preview-warning").first().textContent())!, /Warning: .*fail/);
  await preview.scrollIntoViewIfNeeded();
  await shot(grace, "preview-warns");
});
