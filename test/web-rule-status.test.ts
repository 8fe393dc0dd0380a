/**
 * The Rules tab marks a rule that is in the ruleset but not in effect, with the reason and
 * the rule that says so.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { exportGame } from "../src/records/archive/index.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { importInBrowser, signUpIn, useBrowser } from "./browser-helpers.js";
import { engine } from "./helpers.js";

const sessions = `
const session = gameState("session", { initial: "convention" });
answer("rule.in-effect", ({ rule }) => (session.get() === "convention" && rule >= 100 ? "between rounds only convention rules apply" : undefined));
`;

const rig = useBrowser();

test("the Rules tab says which rule is not in effect, why, and by which rule", async () => {
  const options = engine();
  const made = await Game.create(options, {
    name: "Convention",
    preset: null,
    rules: [
      { number: 2, title: "Conventions", text: "Between rounds only convention rules apply.", mutable: false, code: compileRuleCode(sessions) },
      { number: 101, title: "Rounds", text: "Play proceeds in rounds.", mutable: true },
    ],
  });
  const seat = await made.join("Ada Lovelace");
  const archive = await exportGame(options.store, made.id, { timeZone: "UTC" });
  made.close();

  const ada = await signUpIn(rig, "Ada Lovelace");
  const imported = await importInBrowser(ada, archive, seat.id);
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  await ada.goto(`${rig.server.url}/games/${imported.body.id}/rules`);
  const suspended = ada.locator('.rule[data-rule="101"] .not-in-effect');
  await suspended.waitFor();
  assert.equal(await suspended.textContent(), "Not in effect — between rounds only convention rules apply (Rule 2)");
  assert.equal(await ada.locator('.rule[data-rule="2"] .not-in-effect').count(), 0);
  await ada.context().close();
});
