/**
 * Leaving a game from its page, in a real browser: the control asks first, then the player
 * is no longer one, and every page says so without a reload.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { joinByInvitation, signUpIn, useBrowser } from "./browser-helpers.js";

const rig = useBrowser();

test("a player leaves the game from its page after saying yes; staying changes nothing", async () => {
  const ada = await signUpIn(rig, "Ada Lovelace");
  const grace = await signUpIn(rig, "Grace Hopper");
  await ada.getByLabel("Name", { exact: true }).fill("Friday Nomic");
  await ada.getByLabel("Ruleset").selectOption("suber");
  await ada.getByRole("button", { name: "Create game" }).click();
  await joinByInvitation(ada, [grace]);

  const head = grace.locator(".game-head");
  await head.getByRole("button", { name: "Leave the game" }).click();
  const ask = head.getByRole("group", { name: "Leave the game?" });
  await ask.getByText("You will no longer be one of its players").waitFor();
  await ask.getByRole("button", { name: "Stay" }).click();
  assert.equal(await ada.locator(".game-head", { hasText: "2 players" }).count(), 1, "staying changes nothing");

  await head.getByRole("button", { name: "Leave the game" }).click();
  await head.getByRole("button", { name: "Yes, leave the game" }).click();
  await head.getByRole("status").filter({ hasText: "You left the game; you can still read it." }).waitFor();
  await ada.locator(".game-head", { hasText: "1 player" }).waitFor();
  assert.equal(await head.getByRole("button", { name: "Leave the game" }).count(), 0, "one who left is offered no leaving");
});
