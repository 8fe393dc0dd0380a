/**
 * Officers' decisions in the browser: the judge sees a card "Decide: <question>" with a form
 * drawn from the decision's schema, and decides through it; the other player sees play
 * waiting for the judge; the log says what was decided, in words.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { exportGame } from "../src/records/archive/index.js";
import { importInBrowser, shot, signUpIn, useBrowser } from "./browser-helpers.js";
import { courtRules } from "./decision-helpers.js";
import { engine } from "./helpers.js";

const rig = useBrowser();

test("the officer decides through the form; the others see play waiting for them", async () => {
  const options = engine();
  const made = await Game.create(options, { name: "Court", preset: null, rules: courtRules() });
  const seat = await made.join("Ada Lovelace");
  const archive = await exportGame(options.store, made.id, { timeZone: "UTC" });
  made.close();

  // Ada, the judge (the first player), imports the game in the browser; Grace joins by invitation and calls for judgment.
  const ada = await signUpIn(rig, "Ada Lovelace");
  const imported = await importInBrowser(ada, archive, seat.id);
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  const id: string = imported.body.id;
  const grace = await signUpIn(rig, "Grace Hopper");
  await grace.goto(`${rig.server.url}/invite/${imported.body.invite}`);
  await grace.getByRole("button", { name: "Join this game" }).click();
  await grace.getByLabel("Invitation link").waitFor();
  await grace.goto(`${rig.server.url}/games/${id}/play`);
  const call = grace.locator('details[data-action="call"]');
  await call.waitFor();
  if ((await call.getAttribute("open")) === null) await call.locator("summary").click();
  await call.getByLabel("Rule").selectOption("301");
  await call.getByRole("button", { name: "Call", exact: true }).click();

  // Grace waits for Ada; she has no form to decide with.
  await grace.locator(".banner", { hasText: "Waiting for Ada Lovelace to decide: Is Rule 301 void?" }).waitFor();
  assert.equal(await grace.locator("section.decision").count(), 0);

  // Ada's page: her turn to decide, and the card with its form.
  await ada.goto(`${rig.server.url}/games/${id}/play`);
  await ada.locator(".banner", { hasText: "Your turn: decide: Is Rule 301 void?" }).waitFor();
  const card = ada.getByRole("region", { name: "Decide: Is Rule 301 void?" });
  await card.waitFor();
  assert.match((await card.locator("h3").textContent())!, /Decide: Is Rule 301 void\? \(Rule 210\)/);
  // What the form cannot take is said beside it, and nothing is sent.
  await card.getByRole("button", { name: "Decide" }).click();
  await card.getByText("Not sent").waitFor();
  assert.match((await card.textContent())!, /Not sent: .*Reason is missing/);
  await card.getByLabel("Void").check();
  await card.getByLabel("Reason").fill("It contradicts Rule 210");
  await shot(ada, "decision-card");
  await card.getByRole("button", { name: "Decide" }).click();
  await ada.getByText("Decided: Is Rule 301 void?").waitFor();
  // The decision is closed once made: its card goes when the page reads the game again.
  await ada.locator("section.decision").waitFor({ state: "detached" });

  // The ruling is kept by the rule, and the log says who decided what, citing the rule.
  await grace.reload();
  await grace.locator(".banner", { hasText: "Waiting for Ada Lovelace" }).waitFor({ state: "detached" });
  await grace.goto(`${rig.server.url}/games/${id}/log`);
  await grace.locator("ol.log", { hasText: "Ada Lovelace decided (Rule 210) Is Rule 301 void?" }).waitFor();
  await grace.locator("ol.log", { hasText: "Ruled by ada-lovelace: It contradicts Rule 210" }).waitFor();
});
