/**
 * Taking part without playing, in a real browser: the invitation offers it beside joining,
 * the game's page says so, and the observer may still join as a player from the invitation.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { signUpIn, useBrowser } from "./browser-helpers.js";

const rig = useBrowser();

test("the invitation offers taking part without playing; the page says so; the observer joins as a player later", async () => {
  const ada = await signUpIn(rig, "Ada Lovelace");
  const mona = await signUpIn(rig, "Mona Moderator");
  await ada.getByLabel("Name", { exact: true }).fill("Friday Nomic");
  await ada.getByLabel("Ruleset").selectOption("suber");
  await ada.getByRole("button", { name: "Create game" }).click();
  const link = await ada.getByLabel("Invitation link").inputValue();
  await mona.goto(link);
  await mona.getByRole("button", { name: "Take part without playing" }).click();
  await mona.getByText("You take part without playing.").waitFor();
  assert.equal(await mona.locator(".game-head", { hasText: "1 player" }).count(), 1, "an observer is not counted a player");

  await mona.goto(link);
  await mona.getByRole("button", { name: "Join this game as a player" }).click();
  await ada.locator(".game-head", { hasText: "2 players" }).waitFor();
});
