/**
 * A practice game from the lobby, in a real browser: the creator ticks "Practice game" and
 * the game's page knows its clock may be moved (the page's PracticeClock shows it).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { signUpIn, useBrowser } from "./browser-helpers.js";

const rig = useBrowser();

test("the lobby starts a practice game when its creator ticks the box, and a real-time game otherwise", async () => {
  const page = await signUpIn(rig, "Ada Lovelace");
  const practiceOf = async (name: string, practice: boolean) => {
    await page.goto(rig.server.url);
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Ruleset").selectOption("n_omic");
    const box = page.getByLabel("Practice game: the group can move its clock forward");
    assert.equal(await box.isChecked(), false, "a game keeps real time unless its creator asks");
    if (practice) await box.check();
    await page.getByRole("button", { name: "Create game" }).click();
    await page.waitForURL(/\/games\/[^/]+$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    return page.evaluate(async (game) => (await (await fetch(`/api/games/${game}`)).json()).practice, id);
  };
  assert.deepEqual(await practiceOf("Learning N_omic", true), { aheadMs: 0 });
  assert.equal(await practiceOf("Real N_omic", false), null);
});
