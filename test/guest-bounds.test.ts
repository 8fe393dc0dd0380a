/**
 * What rule code may do, and what it may not, inside the sandbox: per-act bounds charged to
 * the rule that made them, names that would reach a prototype, changes to other rules, a
 * mutable rule's claim to precedence, and secret state read without saying so.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { StateBudget } from "../src/kernel/state-budget.js";
import type { RuleSpec } from "../src/kernel/types.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { engine } from "./helpers.js";

/** A game of the given rules (1, 2, ...) with one player, Ada. */
async function gameOf(...codes: string[]): Promise<Game> {
  const rules: RuleSpec[] = codes.map((code, i) => ({ number: i + 1, text: `Rule ${i + 1}.`, mutable: true, code: compileRuleCode(code) }));
  const game = await Game.create(engine(), { name: "bounds", preset: null, rules });
  await game.join("Ada Lovelace");
  return game;
}

const lastFailure = (game: Game) => game.state.failures[game.state.failures.length - 1];

test("a rule that grows the game's state past its limit fails, and the game goes on", async () => {
  const game = await gameOf(`
const book = recordState<string>("book");
action("grow", { describe: "Grows", input: t.object({}), changesRules: true }, () => {
  const n = book.keys().length;
  for (let i = 0; i < 3; i++) book.set(String(n + i), "x".repeat(200_000));
});
const n = gameState("n", { initial: 0 });
action("count", { describe: "Counts", input: t.object({}) }, () => n.set(n.get() + 1));`);
  let failed = null;
  for (let i = 0; i < 16 && !failed; i++) failed = (await game.act("ada-lovelace", "grow", {})).failed;
  assert.equal(failed?.rule, 1);
  assert.match(failed?.error ?? "", /state would grow past/);
  await game.act("ada-lovelace", "count", {});
  assert.equal(game.value("n"), 1, "an act that does not grow the state still works");
  game.close();
});

test("the state's size carried from act to act is what measuring it afresh finds, whatever the acts changed", async () => {
  // Each act measures only what it touches and carries the rest: a drift would move the limit.
  const game = await gameOf(`
const book = recordState<unknown>("book");
const plain = gameState<unknown>("plain", { initial: null });
const mine = playerState<unknown>("mine", { initial: null });
const step = gameState("step", { initial: 0 });
action("change", { describe: "Changes", input: t.object({}), changesRules: true }, () => {
  const i = step.get();
  step.set(i + 1);
  book.set("k" + i, { n: i, text: ("é" + String.fromCharCode(10, 34)).repeat(i) });
  if (i % 3 === 1) book.delete("k" + (i - 1));
  if (i % 4 === 2) book.set("k" + i, [i, "again"]);
  plain.set(i % 5 === 3 ? { a: [1, 2, { b: "c" }] } : "x".repeat(i));
  mine.set(game.players()[0].id, { i });
});`);
  const sizes = () => [new StateBudget(game.state).size, new StateBudget(structuredClone(game.state)).size];
  for (let i = 0; i < 12; i++) {
    assert.equal((await game.act("ada-lovelace", "change", {})).failed, null);
    const [carried, fresh] = sizes();
    assert.equal(carried, fresh, `after act ${i + 1}`);
  }
  game.close();
});

test("names and keys that would reach a prototype are refused to the rule that chose them", async () => {
  const game = await gameOf(`
const book = recordState("book");
action("poke", { describe: "Pokes", input: t.object({}), changesRules: true }, () => { book.set("__proto__", { polluted: true }); });
action("emit", { describe: "Emits", input: t.object({}) }, () => { game.emit("x", JSON.parse('{"__proto__": {"polluted": true}}')); });`);
  assert.match((await game.act("ada-lovelace", "poke", {})).failed?.error ?? "", /cannot be named "__proto__"|reserved/);
  assert.match((await game.act("ada-lovelace", "emit", {})).failed?.error ?? "", /key named "__proto__"/);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  game.close();
});

test("a rule's code may change only itself unless a rule allows more; the engine records which rule made a change", async () => {
  const game = await gameOf(
    `action("rewrite", { describe: "Rewrites rule 2", input: t.object({}), changesRules: true }, () => { game.rules.apply({ kind: "amend", number: 2, text: "Forged." }, "the initial set"); });
action("self", { describe: "Rewrites itself", input: t.object({}) }, () => { game.rules.apply({ kind: "amend", number: 1, text: "Rule 1, as it rewrote itself." }, "Rule 1's own words"); });`,
    `gameState("two", { initial: 0 });`,
  );
  const outcome = await game.act("ada-lovelace", "rewrite", {});
  assert.equal(outcome.failed?.rule, 1);
  assert.match(outcome.failed?.error ?? "", /Rule 1 may not amend rule 2/);
  assert.equal(game.state.rules["2"]?.text, "Rule 2.");
  await game.act("ada-lovelace", "self", {});
  const last = game.state.rules["1"]?.history.at(-1);
  assert.equal(game.state.rules["1"]?.text, "Rule 1, as it rewrote itself.");
  assert.equal(last?.by, 1, "the history names the rule whose code made the change");
  game.close();
});

test("a mutable rule's answer to precedence cannot put it above an immutable rule", async () => {
  const rules: RuleSpec[] = [
    { number: 1, text: "Immutable.", mutable: false, code: compileRuleCode(`answer("who", () => "immutable");`) },
    {
      number: 2,
      text: "Mutable.",
      mutable: true,
      code: compileRuleCode(`answer("who", () => "mutable");
answer("precedence", (order: number[]) => [2, ...order.filter((n) => n !== 2)]);
const seen = gameState<string>("seen", { initial: "" });
action("ask", { describe: "Asks", input: t.object({}), changesRules: true }, () => { seen.set(String(game.ask("who")?.value)); });`),
    },
  ];
  const game = await Game.create(engine(), { name: "precedence", preset: null, rules });
  await game.join("Ada Lovelace");
  await game.act("ada-lovelace", "ask", {});
  assert.equal(game.value("seen"), "immutable");
  assert.equal(lastFailure(game)?.rule, 2);
  assert.match(lastFailure(game)?.error ?? "", /may reorder only the mutable rules/);
  game.close();
});

test("a rule reads state another rule keeps secret only if it declares so", async () => {
  const keeper = `const word = playerState("word", { initial: "", visibility: "owner" });
on("player.joined", (e) => word.set(e.data.player, "swordfish"));`;
  const spy = (declares: string) => `const word = playerState("word", { initial: ""${declares} });
const leak = gameState<string>("leak", { initial: "" });
action("spy", { describe: "Spies", input: t.object({}), changesRules: true }, (_i, { actor }) => { leak.set(word.get(actor)); });`;
  const quiet = await gameOf(keeper, spy(""));
  const refused = await quiet.act("ada-lovelace", "spy", {});
  assert.match(refused.failed?.error ?? "", /declare it with readsSecret: true/);
  assert.equal(quiet.value("leak"), "");
  quiet.close();
  const open = await gameOf(keeper, spy(", readsSecret: true"));
  await open.act("ada-lovelace", "spy", {});
  assert.equal(open.value("leak"), "swordfish");
  assert.deepEqual(open.state.declares["2"]?.reads, ["word"], "the read is among what the rule declares");
  open.close();
});

test("a record declares what it keeps as data; a malformed declaration fails its rule alone", async () => {
  const game = await gameOf(
    `recordState("book", { record: { kind: "proposal", open: { field: "status", in: "voting" } } } as any);
action("noop", { describe: "Does nothing", input: t.object({}), changesRules: true }, () => {});`,
    `recordState("cases", { record: { kind: "case", open: { field: "status", in: ["awaiting ruling"] }, citedAs: "case" } });`,
  );
  assert.deepEqual(game.state.decls.cases?.record, { kind: "case", open: { field: "status", in: ["awaiting ruling"] }, citedAs: "case" });
  assert.equal(game.state.decls.book, undefined, "the malformed declaration declares nothing");
  assert.match(JSON.stringify(game.state.failures), /open must be \{ field/);
  game.close();
});

test("a rule stopped in the act that enacts it (a game's creation) is reported as failed, and the act runs on without it", async () => {
  const game = await gameOf(`const n = gameState("n", { initial: 0 }); on("game.started", () => n.set(1));`, `on("game.started", () => { for (;;) {} });`);
  assert.equal(game.value("n"), 1, "the other rule heard the game start");
  assert.equal(game.state.failures[0]?.rule, 2, "the stopped rule is among the failures players see");
  assert.equal(game.state.failures[0]?.seq, 1);
  assert.match(game.state.failures[0]?.error ?? "", /ran out of fuel/);
  game.close();
});

test("a game's rules hold no more memory than the sandbox's limit, and running out ends the act even for code that catches it", async () => {
  // QuickJS's own limit counts allocations, not bytes, under Emscripten: 8 MB arrays passed it
  // until the WebAssembly memory's own ceiling (src/sandbox/guest-memory.ts). Where the heap runs
  // out depends on what earlier acts left in it, so code that caught it could measure free memory
  // and play differently from a replay: the act is stopped instead, blamed on the rule.
  const game = await gameOf(`
const held = gameState("held", { initial: 0 });
const n = gameState("n", { initial: 0 });
action("hoard", { describe: "Hoards", input: t.object({}) }, () => {
  let count = 0;
  try {
    const all: Float64Array[] = [];
    for (;;) {
      all.push(new Float64Array(1_000_000));
      count++;
    }
  } catch {
    // out of memory: measured
  }
  held.set(count);
});
action("count", { describe: "Counts", input: t.object({}) }, () => n.set(n.get() + 1));`);
  const hoarded = await game.act("ada-lovelace", "hoard", {});
  assert.deepEqual(hoarded.failed, { rule: 1, error: "ran out of memory" });
  assert.equal(game.value("held"), 0, "nothing the rule did after running out is kept");
  assert.deepEqual(game.state.failures.at(-1), { rule: 1, seq: game.state.seq, during: "action hoard", error: "ran out of memory" });
  await game.act("ada-lovelace", "count", {});
  assert.equal(game.value("n"), 1, "the game goes on, with its memory back");
  game.close();
});
