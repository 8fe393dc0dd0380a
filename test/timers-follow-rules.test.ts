/**
 * A rule with a timer pending can still be amended (issue 34): in Suber's set an amendment
 * renumbers the rule (Rule 108), and the timer follows it to the new number, fires for it, and
 * the game replays exactly. Before, the renumbering re-set the timer under a number not yet in
 * use, the host refused the act, and every vote that would adopt the amendment got a 503.
 */
import assert from "node:assert/strict";
import test from "node:test";
import { Game } from "../src/kernel/game.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { exportGame, verifyArchive } from "../src/records/archive/index.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engineOptions } from "../src/engine.js";
import { playTurn, testLimits } from "./helpers.js";

const ticking = `const ticks = gameState("ticks", { initial: 0 });
action("arm", { describe: "Arm the clock", input: t.object({}) }, () => { game.schedule("tick", { after: 3_600_000 }); });
on("timer:tick", () => { ticks.set(ticks.get() + 1); });
`;

async function tickingGame() {
  const store = SqliteStore.open(":memory:");
  const clock = { now: Date.UTC(2026, 0, 5, 12) };
  const options = engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: () => (clock.now += 60_000) });
  const game = await Game.create(options, { name: "Ticking", preset: "suber", rules: loadPreset("suber").rules, seed: "ticking" });
  for (const name of ["Ada", "Bob", "Cy"]) await game.join(name);
  await game.act(game.state.players[0]!.id, "start", {});
  const enacted = await playTurn(game, { kind: "enact", text: "A clock ticks once an hour after it is armed.", code: ticking });
  assert.equal(enacted.status, "adopted");
  await game.act(game.state.players[1]!.id, "arm", {});
  return { store, clock, options, game, rule: enacted.number };
}

const pending = (game: Game) => Object.values(game.state.timers).map((t) => ({ rule: t.rule, name: t.name }));

test("Suber: amending a rule with a timer pending is adopted, the timer follows the rule's new number and fires for it", async () => {
  const { store, clock, options, game, rule } = await tickingGame();
  try {
    assert.deepEqual(pending(game), [{ rule, name: "tick" }]);
    const amended = await playTurn(game, { kind: "amend", rule, text: "A clock ticks once an hour after it is armed, and is amended." });
    assert.equal(amended.status, "adopted", String(amended.reason));
    assert.equal(game.state.rules[rule], undefined, "Rule 108 gave the amended rule the proposal's number");
    assert.equal(game.state.rules[amended.number]?.text, "A clock ticks once an hour after it is armed, and is amended.");
    assert.deepEqual(pending(game), [{ rule: amended.number, name: "tick" }], "the timer is the renumbered rule's");

    clock.now += 2 * 3_600_000;
    await game.fireDueTimers();
    assert.equal(game.value("ticks"), 1, "the renumbered rule heard its timer");
    const report = await verifyArchive(await exportGame(store, game.id), () => createQuickJsSandbox(testLimits));
    assert.equal(report.identical, true, JSON.stringify(report.differences));
    const again = await Game.load(options, game.id);
    assert.deepEqual(again.state.timers, game.state.timers);
    again.close();
  } finally {
    game.close();
    store.close();
  }
});

test("Suber: a text-only amendment keeps the timer, and a repeal drops it", async () => {
  const { store, game, rule } = await tickingGame();
  try {
    const amended = await playTurn(game, { kind: "amend", rule, title: "The clock" });
    assert.equal(amended.status, "adopted", String(amended.reason));
    assert.deepEqual(pending(game), [{ rule: amended.number, name: "tick" }]);
    const repealed = await playTurn(game, { kind: "repeal", rule: amended.number });
    assert.equal(repealed.status, "adopted", String(repealed.reason));
    assert.deepEqual(pending(game), [], "a repealed rule's timers go with it");
  } finally {
    game.close();
    store.close();
  }
});
