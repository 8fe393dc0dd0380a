/**
 * Outcomes the rules can cancel (ossification by a change of state, Nomic VIII 110): a rule
 * answering "outcome.allowed" at the end of every act refuses the action that would leave every
 * player inactive, in its own words; cancels a timer's firing that would, shown in the log,
 * with the timer spent and its effects discarded; and lets the act that ends the game stand.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatAct } from "../src/present/format-log.js";
import { inlineGame } from "./helpers.js";

const rules = [
  {
    number: 110,
    mutable: false,
    code: `
const status = playerState("status", { initial: "active" });
answer("outcome.allowed", () =>
  game.isOver() || game.players().some((p) => status.get(p.id) === "active") ? undefined : "every player would be inactive, and no rule-change could ever be adopted");`,
  },
  {
    number: 204,
    mutable: true,
    code: `
const status = playerState("status", { initial: "active" });
const heard = gameState("heard", { initial: 0 });
action("retire", { describe: "Become inactive", input: t.object({}) }, (_i, { actor }) => status.set(actor, "inactive"));
action("sleep-later", { describe: "Everyone sleeps in a moment", input: t.object({}) }, () => {
  game.schedule("sleep", { after: 1 });
});
on("timer:sleep", () => {
  for (const p of game.players()) status.set(p.id, "inactive");
  heard.update((n) => n + 1);
  game.emit("everyone.slept", {});
});
action("finish", { describe: "End the game, everyone retiring", input: t.object({}) }, (_i, { actor }) => {
  for (const p of game.players()) status.set(p.id, "inactive");
  game.end({ winners: [actor], reason: "the game is done" });
});`,
  },
];

const ossifiedGame = () => inlineGame("Ossified", rules, ["Ada", "Grace"]);

test("an action that would leave every player inactive is refused in the words of the rule that cancels it", async () => {
  const game = await ossifiedGame();
  await game.act("ada", "retire");
  assert.deepEqual(game.state.values.player.status, { ada: "inactive" });
  await assert.rejects(game.act("grace", "retire"), /Rule 110: every player would be inactive, and no rule-change could ever be adopted/);
  assert.deepEqual(game.state.values.player.status, { ada: "inactive" }, "nothing of the refused act was recorded");
  game.close();
});

test("a timer's firing that would leave every player inactive is recorded as canceled, its effects discarded, the reason in the log", async () => {
  const game = await ossifiedGame();
  await game.act("ada", "sleep-later");
  assert.equal(Object.keys(game.state.timers).length, 1);
  const fired = await game.fireDueTimers();
  assert.equal(fired.length, 1);
  assert.equal(Object.keys(game.state.timers).length, 0, "the timer is spent");
  assert.equal(game.state.values.player.status, undefined, "no one became inactive");
  assert.equal(game.state.values.game.heard, undefined, "what the rule did when it heard the timer is discarded");
  const log = formatAct(fired[0]!, fired[0]!.effects, (id) => id, { events: true });
  assert.match(log, /Canceled by Rule 110: every player would be inactive/);
  assert.doesNotMatch(log, /everyone\.slept/, "rules heard nothing of it");
  await game.act("ada", "retire");
  assert.deepEqual(game.state.values.player.status, { ada: "inactive" }, "play goes on");
  game.close();
});

test("the act that ends the game stands, though it leaves every player inactive", async () => {
  const game = await ossifiedGame();
  await game.act("grace", "finish");
  assert.equal(game.state.status, "over");
  assert.deepEqual(game.state.values.player.status, { ada: "inactive", grace: "inactive" });
  game.close();
});
