/**
 * A sandbox started before its game asks for one (a CLI command starts it while its modules
 * load): the first game takes it, and a game whose thread limits differ gets a sandbox of its
 * own instead. (A game's deadline is not seen here: an act stopped at the early sandbox's
 * would run again, in diagnose mode, in a fresh sandbox with the game's own.)
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game, type EngineOptions } from "../src/kernel/game.js";
import type { RuleSpec } from "../src/kernel/types.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox, startSandboxEarly } from "../src/sandbox/quickjs-sandbox.js";
import type { SandboxLimits } from "../src/sandbox/sandbox.js";
import { engine } from "./helpers.js";

/** Rule 1 offers `count`, which loops `n` times and keeps the count. */
const rule = compileRuleCode(`
const counted = gameState("counted", { initial: 0 });
action("count", { describe: "Counts", input: t.object({ n: t.integer({ minimum: 0 }) }) }, ({ n }) => {
  let i = 0;
  while (i < n) i++;
  counted.set(i);
});`);

async function gameWith(limits: Partial<SandboxLimits>): Promise<Game> {
  const options: EngineOptions = { ...engine(), sandbox: () => createQuickJsSandbox(limits) };
  const rules: RuleSpec[] = [{ number: 1, text: "Count.", mutable: true, code: rule }];
  const game = await Game.create(options, { name: "early", preset: null, rules });
  await game.join("Ada Lovelace");
  return game;
}

test("the early sandbox serves the first game, act after act", async () => {
  startSandboxEarly();
  const game = await gameWith({ actMs: 5000 });
  try {
    for (const n of [1000, 2000]) {
      assert.equal((await game.act("ada-lovelace", "count", { n })).failed, null);
      assert.equal(game.value("counted"), n);
    }
  } finally {
    game.close();
  }
});

test("a game whose thread limits differ from the early sandbox's gets its own, with its limits", async () => {
  startSandboxEarly();
  const game = await gameWith({ fuel: 50 });
  try {
    const outcome = await game.act("ada-lovelace", "count", { n: 1_000_000 });
    assert.match(outcome.failed?.error ?? "", /ran out of fuel/, "fifty ticks of fuel, not the default thousand");
    assert.equal(game.value("counted"), 0);
  } finally {
    game.close();
  }
  // The early one was not kept for later: the next game starts a sandbox with the defaults.
  const next = await gameWith({});
  try {
    assert.equal((await next.act("ada-lovelace", "count", { n: 1_000_000 })).failed, null);
    assert.equal(next.value("counted"), 1_000_000);
  } finally {
    next.close();
  }
});
