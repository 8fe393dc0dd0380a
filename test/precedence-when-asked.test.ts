/**
 * Precedence claims evaluated when asked (Nomic VIII 108): a rule named by `precedenceBy`
 * decides a conflict between answers by its state at that moment ("precedence.conflict"),
 * a claim given as a function is asked when answers conflict, and neither lets a mutable
 * rule's answer beat an immutable one's.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Game } from "../src/kernel/game.js";
import { inlineGame, type InlineRule } from "./helpers.js";

type Spec = InlineRule;

const arbiter: Spec = {
  number: 10,
  mutable: true,
  code: `
const favour = gameState("favour", { initial: 30 });
action("favour", { describe: "Say which rule prevails in conflicts", input: t.object({ rule: t.number() }) }, (i) => favour.set(i.rule));
answer("precedence.conflict", (a: PrecedenceConflict) => (a.rules.includes(favour.get()) ? favour.get() : undefined));`,
};
const looker: Spec = {
  number: 40,
  mutable: true,
  code: `
const seen = gameState("seen", { initial: {} });
action("look", { describe: "Ask the rules", input: t.object({}) }, () => {
  const one = (q: string) => game.ask(q)?.value ?? null;
  seen.set({ colour: one("colour"), shape: one("shape"), all: game.askAll("colour").map((a) => a.rule) });
});`,
};
const red: Spec = { number: 20, mutable: true, code: `answer("colour", () => "red", { precedenceBy: 10 });` };
const blue: Spec = { number: 30, mutable: true, code: `answer("colour", () => "blue", { precedenceBy: 10 });` };

const gameOf = (rules: Spec[]) => inlineGame("Precedence", rules, ["Ada"]);

async function look(game: Game): Promise<{ colour: unknown; shape: unknown; all: number[] }> {
  await game.act("ada", "look");
  return game.value("seen") as never;
}

test('the rule both answers name decides their conflict by its state when asked ("precedence.conflict"); a change in play flips it', async () => {
  const game = await gameOf([arbiter, red, blue, looker]);
  assert.equal((await look(game)).colour, "blue", "Rule 10 favours Rule 30 over the lower-numbered Rule 20");
  assert.deepEqual((await look(game)).all, [30, 20]);
  await game.act("ada", "favour", { rule: 20 });
  assert.equal((await look(game)).colour, "red", "no rule was reloaded: the arbiter's state changed");
  await game.act("ada", "favour", { rule: 99 });
  assert.equal((await look(game)).colour, "red", "no decision: the engine's order (lowest number)");
  game.close();
});

test("answers that name different arbiters, or none, fall through to the engine's order", async () => {
  const game = await gameOf([arbiter, red, { ...blue, code: `answer("colour", () => "blue");` }, looker]);
  assert.equal((await look(game)).colour, "red");
  game.close();
});

test("a mutable rule naming precedenceBy cannot beat an immutable one, whatever the arbiter says", async () => {
  const green: Spec = { number: 5, mutable: false, code: `answer("colour", () => "green", { precedenceBy: 10 });` };
  const game = await gameOf([green, arbiter, red, blue, looker]);
  const seen = await look(game);
  assert.equal(seen.colour, "green");
  assert.deepEqual(seen.all, [5, 30, 20], "among the mutable rules the arbiter still decides");
  game.close();
});

test("a claim given as a function is asked when the answers conflict, with the other rule and the question", async () => {
  const mood: Spec = {
    number: 15,
    mutable: true,
    code: `
const bold = gameState("bold", { initial: false });
action("embolden", { describe: "Make Rule 60 bold", input: t.object({}) }, () => bold.set(true));
answer("shape", () => "square");`,
  };
  const circle: Spec = {
    number: 60,
    mutable: true,
    code: `
const bold = gameState("bold", { initial: false });
answer("shape", () => "circle", { precedes: (other, question) => question === "shape" && other === 15 && bold.get() });`,
  };
  const game = await gameOf([mood, circle, looker]);
  assert.equal((await look(game)).shape, "square", "the claim is false for now: the engine's order");
  await game.act("ada", "embolden");
  assert.equal((await look(game)).shape, "circle", "the same claim, asked again, now holds");
  game.close();
});

test("a deferral given as a function yields only where it says", async () => {
  const first: Spec = { number: 21, mutable: true, code: `answer("shape", () => "square", { defersTo: (other) => other === 22 });` };
  const second: Spec = { number: 22, mutable: true, code: `answer("shape", () => "circle");` };
  const game = await gameOf([first, second, looker]);
  assert.equal((await look(game)).shape, "circle");
  game.close();
});

test("a prevailing action escapes the forbids of the other class only: within a class, prohibiting beats permitting", async () => {
  const leave: Spec = {
    number: 5,
    mutable: false,
    code: `action("resign", { describe: "Resign", input: t.object({}), prevails: true }, () => {});`,
  };
  const immutableLater: Spec = { number: 8, mutable: false, code: `forbid("resign", () => "an immutable rule forbids it");` };
  const mutable: Spec = { number: 101, mutable: true, code: `forbid("resign", () => "a mutable rule forbids it");` };
  const escaped = await gameOf([leave, mutable]);
  await escaped.act("ada", "resign");
  escaped.close();
  const held = await gameOf([leave, immutableLater, mutable]);
  await assert.rejects(held.act("ada", "resign"), /Rule 8: an immutable rule forbids it/);
  held.close();
});

test("a claim or an arbiter that asks the same question again gets the answers without its own decision", async () => {
  const curious: Spec = { number: 21, mutable: true, code: `answer("shape", () => "square", { precedes: () => game.ask("shape")?.value === "circle" });` };
  const plain: Spec = { number: 22, mutable: true, code: `answer("shape", () => "circle");` };
  const game = await gameOf([curious, plain, looker]);
  assert.equal(
    (await look(game)).shape,
    "square",
    "it ends: inside, the claim is not asked again (it does not hold there), and the engine's order gives square",
  );
  game.close();
  const loop: Spec = { ...arbiter, code: `answer("precedence.conflict", () => (game.ask("colour")?.value === "red" ? 30 : 20));` };
  const again = await gameOf([loop, red, blue, looker]);
  assert.equal((await look(again)).colour, "blue", "inside, no decision: Rule 20's red; so the arbiter names Rule 30");
  again.close();
});
