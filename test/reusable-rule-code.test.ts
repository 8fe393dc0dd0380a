/**
 * Rule code whose closures the guest keeps from act to act instead of running its top level
 * again (src/sandbox/reusable-code.ts): only code whose closures can keep nothing. Each way a
 * closure could carry a value past its act is played, in QuickJS, and must start afresh in
 * every act, as all rule code did before; and the rulesets' own code is found reusable, or the
 * shortcut would serve no game.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { stripRuleCode } from "../src/sandbox/compile-rule.js";
import { t } from "../src/guest/schemas.js";
import { reusableCode, schemaBuilders } from "../src/sandbox/reusable-code.js";
import { engine } from "./helpers.js";

/** Ways a closure could keep a count between acts, each a rule's code whose `tick` counts its calls into state `n`. */
const keepers: Record<string, string> = {
  "a top-level let": `let n = 0;
action("tick", { describe: "Ticks", input: t.object({}) }, () => { n++; count.set(n); });`,
  "a top-level array": `const bag = [];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { bag.push(1); count.set(bag.length); });`,
  "a property of a top-level function": `function counter() { return 0; }
action("tick", { describe: "Ticks", input: t.object({}) }, () => { counter.n = (counter.n ?? 0) + 1; count.set(counter.n); });`,
  "a property of a named handler, set through its own name": `action("tick", { describe: "Ticks", input: t.object({}) }, function tick() {
  tick.n = (tick.n ?? 0) + 1; count.set(tick.n); });`,
  "a property of a state's handle's method": `action("tick", { describe: "Ticks", input: t.object({}) }, () => { count.set.n = (count.set.n ?? 0) + 1; count.set(count.set.n); });`,
  "a helper handed on as a value": `const helper = () => 0;
action("tick", { describe: "Ticks", input: t.object({}) }, () => { const h = helper; h.n = (h.n ?? 0) + 1; count.set(h.n); });`,
  // A handler is called on nothing: setting a property on \`this\` fails the handler.
  "the object a handler is called on": `action("tick", { describe: "Ticks", input: t.object({}) }, function () { this.n = (this.n ?? 0) + 1; count.set(this.n); });`,
  "the top level's arguments": `action("tick", { describe: "Ticks", input: t.object({}) }, () => { arguments.n = (arguments.n ?? 0) + 1; count.set(arguments.n); });`,
  "a handler made by a call": `function make() { let n = 0; return () => { n++; count.set(n); }; }
action("tick", { describe: "Ticks", input: t.object({}) }, make());`,
  "an object made by a method of t's": `const bag = t.constructor.keys({});
action("tick", { describe: "Ticks", input: t.object({}) }, () => { bag.push(1); count.set(bag.length); });`,
  "a function bound from one of t's": `const f = t.string.bind(null);
action("tick", { describe: "Ticks", input: t.object({}) }, () => { f.n = (f.n ?? 0) + 1; count.set(f.n); });`,
  "a function declaration hiding the rule API's": `function on() { let n = 0; return () => ++n; }
const next = on();
action("tick", { describe: "Ticks", input: t.object({}) }, () => { count.set(next()); });`,
  "a helper reached through its own valueOf": `function helper() { return 0; }
action("tick", { describe: "Ticks", input: t.object({}) }, () => { const h = helper.valueOf(); h.n = (h.n ?? 0) + 1; count.set(h.n); });`,
  "the prototype of an option object, through super": `action("tick", { __proto__: { bag: [] }, describe: "Ticks", input: t.object({}),
  when() { super.bag.push(1); return super.bag.length > 1 ? "counted " + super.bag.length : undefined; } }, () => { count.set(1); });`,
  "a handler declared by a toString the API calls while the rule loads": `const f = t.string({ describe: { toString() { let n = 0;
  action("tick", { describe: "Ticks", input: t.object({}) }, () => { n++; count.set(n); }); return "a"; } } });`,
  "a handler made by a function run at once": `action("tick", { describe: "Ticks", input: t.object({}) }, (() => { let n = 0; return () => { n++; count.set(n); }; })());`,
  // A top-level array or object of primitives is kept only if nothing can change it: each way of changing one.
  "an array of data, an item incremented": `const bag = [0];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { bag[0]++; count.set(bag[0]); });`,
  "an array of data, an item assigned": `const bag = [0];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { bag[0] = bag[0] + 1; count.set(bag[0]); });`,
  "an array of data, its length assigned": `const bag = [0];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { bag.length += 1; count.set(bag.length - 1); });`,
  "an array of data, destructured into": `const bag = [0];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { [bag[0]] = [bag[0] + 1]; count.set(bag[0]); });`,
  "an array of data, through the array a callback is handed": `const bag = [0];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { bag.forEach((v, i, all) => all.push(v)); count.set(bag.length - 1); });`,
  "an array of data, through a named callback": `const bag = [0];
function grow(v: number, i: number, all: number[]) { all.push(v); }
action("tick", { describe: "Ticks", input: t.object({}) }, () => { bag.forEach(grow); count.set(bag.length - 1); });`,
  "an array of data, a method called on it as a tag": `const bag = [0];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { (bag.push as any)\`x\`; count.set(bag.length - 1); });`,
  "an array of data, a method taken off it and applied": `const bag = [0];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { const push = bag.push; push.call(bag, 1); count.set(bag.length - 1); });`,
  "an array of data, a method taken off through optional chaining": `const bag = [0];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { (bag?.push)(0); count.set(bag.length - 1); });`,
  "an array of data, a callback taken off through optional chaining": `const bag = [0];
action("tick", { describe: "Ticks", input: t.object({}) }, () => { (bag?.forEach)((v: number, i: number, all: number[]) => all.push(v)); count.set(bag.length - 1); });`,
  "an object of data, a property incremented": `const tally = { n: 0 };
action("tick", { describe: "Ticks", input: t.object({}) }, () => { tally.n++; count.set(tally.n); });`,
  "an object of data, handed to Object.assign": `const tally = { n: 0 };
action("tick", { describe: "Ticks", input: t.object({}) }, () => { Object.assign(tally, { n: tally.n + 1 }); count.set(tally.n); });`,
  "an object of data, a property of a pattern": `const tally = { n: 0 };
action("tick", { describe: "Ticks", input: t.object({}) }, () => { ({ n: tally.n } = { n: tally.n + 1 }); count.set(tally.n); });`,
};

test("no closure keeps a value past its act, whichever way a rule's code tries, and the shortcut does not take such code", async () => {
  for (const [way, body] of Object.entries(keepers)) {
    const code = stripRuleCode(`const count = gameState("n", { initial: 0 });\n${body}`);
    assert.equal(reusableCode(code.js), false, `${way}: taken as reusable`);
    const game = await Game.create(engine(), { name: way, preset: null, rules: [{ number: 1, text: "Counts.", mutable: true, code }] });
    await game.join("Ada Lovelace");
    const counts: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const acted = await game.act("ada-lovelace", "tick", {});
      if (way === "the object a handler is called on") assert.match(acted.failed?.error ?? "", /undefined/, way);
      else assert.equal(acted.failed, null, `${way}: ${acted.failed?.error}`);
      counts.push(game.value("n"));
    }
    const once = way === "the object a handler is called on" ? 0 : 1;
    assert.deepEqual(counts, [once, once, once], `${way}: each act's count starts afresh`);
    game.close();
  }
});

test("an array or object of primitives at the top level that is only read keeps the code reusable, and reads the same in every act", async () => {
  const code = stripRuleCode(`const count = gameState("n", { initial: 0 });
const kinds = ["low", "high"];
const titles: Record<string, string> = { low: "Low", high: "High" };
const weights = [1, -2, 3];
action("pick", { describe: "Picks", input: t.object({ kind: t.enum(kinds) }) }, (input) => {
  if (!kinds.includes(input.kind)) game.refuse("no such kind");
  let sum = 0;
  for (const w of weights) sum += w;
  const labels = kinds.map((k) => titles[k]).join("/");
  count.set(sum + weights.reduce((a, w) => a + w, 0) + labels.length + [...weights].length + kinds.indexOf(input.kind) + titles[input.kind]!.length);
});`);
  assert.equal(reusableCode(code.js), true);
  const game = await Game.create(engine(), { name: "data", preset: null, rules: [{ number: 1, text: "Picks.", mutable: true, code }] });
  await game.join("Ada Lovelace");
  const counts: unknown[] = [];
  for (const kind of ["low", "high", "low"]) {
    const acted = await game.act("ada-lovelace", "pick", { kind });
    assert.equal(acted.failed, null, acted.failed?.error);
    counts.push(game.value("n"));
  }
  // 2 + 2 + "Low/High".length + 3, then the kind's place and its title's length.
  assert.deepEqual(counts, [18, 20, 18]);
  game.close();
});

test("a trial of an amendment (game.rules.check) that would let a rule read a secret lets it read nothing, then or later", async () => {
  const keeper = `const word = playerState("word", { initial: "", visibility: "owner" });
on("player.joined", (e) => word.set(e.data.player, "swordfish"));`;
  const spy = `const word = playerState("word", { initial: "" });
const leak = gameState("leak", { initial: "" });
action("spy", { describe: "Spies", input: t.object({}) }, (i, c) => { leak.set(word.get(c.actor)); });
action("try", { describe: "Tries", input: t.object({}) }, () => {
  game.rules.check({ kind: "amend", number: 2, code: { source: "", js: 'playerState("word", { initial: "", readsSecret: true });' } });
});`;
  const rules = [keeper, spy].map((source, i) => ({ number: i + 1, text: "Words.", mutable: true, code: stripRuleCode(source) }));
  assert.equal(reusableCode(rules[1]!.code.js), true);
  const game = await Game.create(engine(), { name: "trial", preset: null, rules });
  await game.join("Ada Lovelace");
  for (const action of ["spy", "try", "spy", "spy"]) {
    const acted = await game.act("ada-lovelace", action, {});
    if (action === "spy") assert.match(acted.failed?.error ?? "", /keeps from some players/, "the word stays Rule 1's");
    assert.equal(game.value("leak"), "");
  }
  game.close();
});

test("code that closes the function it is compiled into fails to load, and keeps nothing", async () => {
  // QuickJS makes the function from text: such code (an imported game may hold any) would run beside it, its variables kept.
  const js = `}); const bag = []; (function () {\naction("tick", { describe: "Ticks", input: t.object({}) }, () => { bag.push(1); });`;
  const game = await Game.create(engine(), { name: "closing", preset: null, rules: [{ number: 1, text: "Counts.", mutable: true, code: { source: "", js } }] });
  await game.join("Ada Lovelace");
  await assert.rejects(game.act("ada-lovelace", "tick", {}), /no rule in effect offers the action "tick"/);
  game.close();
});

test("code that only declares, calls its helpers and hands them to the API is reusable: nearly all of the rulesets'", () => {
  const reusable = stripRuleCode(`const n = gameState("n", { initial: 0 });
const WEEK = 7 * 24 * 60 * 60 * 1000;
const form = t.object({ amount: t.integer({ minimum: 1 }) }, { describe: "How much" });
function twice(x: number) { return 2 * x; }
const check = () => (n.get() > 3 ? "too many" : undefined);
forbid("add", check);
action("add", { describe: "Adds", input: form, when: check }, (input) => n.update((v) => v + twice(input.amount) + WEEK * 0));`);
  assert.equal(reusableCode(reusable.js), true);
  // A value read from the game at the top level would be as old as the run that read it.
  assert.equal(reusableCode(stripRuleCode(`const started = game.now();\non("turn.began", () => game.log(String(started)));`).js), false);
  // A getter runs rule code at the top level, where it could make a closure with a count of its own.
  const getter = stripRuleCode(
    `action("tick", { describe: "Ticks", input: t.object({}), get when() { let n = 0; return () => (++n > 9 ? "late" : undefined); } }, () => {});`,
  );
  assert.equal(reusableCode(getter.js), false);
  const found: Record<string, [number, number]> = {};
  for (const set of ["suber", "n_omic", "nomicron", "nomic-viii"]) {
    const dir = join("src", "rulesets", set);
    const files = readdirSync(dir).filter((f) => /^\d+\.ts$/.test(f));
    found[set] = [files.filter((f) => reusableCode(stripRuleCode(readFileSync(join(dir, f), "utf8")).js)).length, files.length];
  }
  // Every rule of Suber's set, the one the load benchmark plays (its Rule 212 writes its consent form in the call, not in a top-level object).
  assert.deepEqual(found.suber, [17, 17]);
  assert.deepEqual([...schemaBuilders].sort(), Object.keys(t).sort(), "the builders the check knows are t's");
  for (const [set, [reusable, all]] of Object.entries(found)) assert.ok(reusable >= all / 2, `${set}: only ${reusable} of ${all} rules reusable`);
});
