/** The README's worked example works as the README says. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { checkRuleCode } from "../src/sandbox/compile-rule.js";
import { engine, mover, playTurn, points, suberGame } from "./helpers.js";

test("the dice rule type-checks, and once adopted each turn begins with a recorded throw", async () => {
  const source = readFileSync(new URL("../examples/dice-rule.ts", import.meta.url), "utf8");
  assert.deepEqual(checkRuleCode(source), []);
  const options = engine();
  const game = await suberGame(["Grace Hopper", "Ada Lovelace"], options);
  const adopted = await playTurn(game, { kind: "enact", text: "At the start of each turn, the player to move throws a die.", code: source });
  assert.equal(adopted.status, "adopted");
  // The closing vote adopted the rule, ended the turn and began the next: the die was thrown then.
  const next = mover(game);
  const [closing] = (await options.store.readActs(game.id)).slice(-1);
  const draw = closing!.effects.find((e) => e.e === "random");
  assert.ok(draw && draw.e === "random" && draw.rule === adopted.number, "the throw is recorded in the log");
  assert.equal(points(game, next), draw.value as number);
  assert.ok(points(game, next) >= 1 && points(game, next) <= 6);
});
