/**
 * Forbids that respect precedence: an action a rule declares with `prevails` escapes the
 * forbids and guards of rules below its own (Nomicron 110.1: resigning is always possible),
 * never those above it; and a guard over every action, `forbid("*")`, is asked for each
 * action with the action's name ("during a convention only these four kinds of action").
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { engine } from "./helpers.js";

const rules = [
  {
    number: 2,
    mutable: false,
    code: `
const frozen = gameState("frozen", { initial: false });
action("freeze", { describe: "Freeze the game", input: t.object({}) }, () => frozen.set(true));
forbid("resign", () => (frozen.get() ? "the game is frozen" : undefined));`,
  },
  {
    number: 5,
    mutable: false,
    code: `
const resigned = gameState("resigned", { initial: [] as string[] });
action("resign", { describe: "Resign", input: t.object({}), prevails: true }, (_i, ctx) => resigned.set([...resigned.get(), ctx.actor]));
action("wave", { describe: "Wave", input: t.object({}) }, () => {});`,
  },
  { number: 101, mutable: true, code: `forbid("resign", () => "no one resigns");` },
  {
    number: 102,
    mutable: true,
    code: `forbid("*", (_input, ctx) => (["freeze", "resign", "note"].includes(ctx.action) ? undefined : "only freeze, resign and note now, not " + ctx.action));`,
  },
  {
    number: 103,
    mutable: true,
    code: `
action("note", { describe: "Take a note", input: t.object({}) }, () => {});
action("jump", { describe: "Jump", input: t.object({}) }, () => {});`,
  },
];

async function guardedGame() {
  const options = engine();
  const specs = await Promise.all(
    rules.map(async (r) => ({ number: r.number, text: `Rule ${r.number}.`, mutable: r.mutable, code: await options.compile(r.code) })),
  );
  const game = await Game.create(options, { name: "Guards", preset: null, rules: specs, seed: "guards" });
  await game.join("Ada");
  await game.join("Grace");
  return game;
}

test("an immutable rule's prevailing action survives a mutable forbid and a mutable guard; a higher rule's forbid still applies", async () => {
  const game = await guardedGame();
  const refused = async (player: string) => {
    const standing = await game.standing(player);
    return Object.fromEntries(Object.entries(standing.refused).map(([name, r]) => [name, r ? `Rule ${r.rule}: ${r.reason}` : null]));
  };
  assert.deepEqual(await refused("ada"), {
    freeze: null,
    resign: null,
    wave: "Rule 102: only freeze, resign and note now, not wave",
    note: null,
    jump: "Rule 102: only freeze, resign and note now, not jump",
  });
  await game.act("ada", "resign");
  assert.deepEqual(game.state.values.game.resigned, ["ada"]);
  await assert.rejects(game.act("ada", "wave"), /Rule 102: only freeze, resign and note now, not wave/, "without prevails, every forbid applies");

  await game.act("ada", "freeze");
  assert.equal((await refused("grace")).resign, "Rule 2: the game is frozen");
  await assert.rejects(game.act("grace", "resign"), /Rule 2: the game is frozen/);
  assert.deepEqual(game.state.values.game.resigned, ["ada"]);
  game.close();
});

test('a "*" guard allows only the actions it lists, whichever rule offers them', async () => {
  const game = await guardedGame();
  await game.act("grace", "note");
  await assert.rejects(game.act("grace", "jump"), /Rule 102: only freeze, resign and note now, not jump/);
  game.close();
});
