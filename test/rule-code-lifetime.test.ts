/**
 * What rule code can count on between calls, which the guest runtime's shortcuts must keep:
 * a rule's own variables last one act (its top level runs again in the next) and the rule API
 * keeps nothing a rule sets on it, a question asked again gets the answers of the game as it
 * is then, and a value built from state read back is bounded like any other.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import type { RuleSpec } from "../src/kernel/types.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { engine } from "./helpers.js";

async function gameOf(...codes: string[]): Promise<Game> {
  const rules: RuleSpec[] = codes.map((code, i) => ({ number: i + 1, text: `Rule ${i + 1}.`, mutable: true, code: compileRuleCode(code) }));
  const game = await Game.create(engine(), { name: "lifetime", preset: null, rules });
  await game.join("Ada Lovelace");
  return game;
}

test("a rule's own variables start afresh in every act, however many acts its closures served", async () => {
  const game = await gameOf(`
let calls = 0;
const seen = gameState<number[]>("seen", { initial: [] });
forbid("tick", () => { calls++; return undefined; });
action("tick", { describe: "Ticks", input: t.object({}), changesRules: true }, () => { calls++; seen.set([...seen.get(), calls]); });`);
  for (let i = 0; i < 3; i++) assert.equal((await game.act("ada-lovelace", "tick", {})).failed, null);
  assert.deepEqual(game.value("seen"), [2, 2, 2], "the forbid and the handler of each act share one count, begun at 0");
  game.close();
});

test("nothing of the rule API keeps a value a rule sets on it from one act to the next", async () => {
  // Made once per rule and kept (loaded.ts), the API's functions would otherwise carry hidden
  // state past the act, which a replay or a rebooted sandbox would not have.
  const game = await gameOf(`
const kept = gameState<string[]>("kept", { initial: [] });
const api: [string, unknown][] = [["action", action], ["forbid", forbid], ["on", on], ["answer", answer], ["gameState", gameState],
  ["playerState", playerState], ["recordState", recordState], ["ruleProperty", ruleProperty], ["channel", channel],
  ["t.object", t.object], ["t.string", t.string], ["game.players", game.players], ["game.rules.all", game.rules.all]];
action("stash", { describe: "Stashes", input: t.object({}), changesRules: true }, () => {
  const got: string[] = [];
  for (const [name, f] of api) {
    try {
      (f as { n?: number }).n = ((f as { n?: number }).n ?? 0) + 1;
      got.push(name + " kept " + (f as { n?: number }).n);
    } catch (err) {
      got.push(name + ": " + (err instanceof TypeError ? "refused" : String(err)));
    }
  }
  kept.set(got);
});`);
  const names = ["action", "forbid", "on", "answer", "gameState", "playerState", "recordState", "ruleProperty", "channel"];
  const all = [...names, "t.object", "t.string", "game.players", "game.rules.all"];
  for (let i = 0; i < 2; i++) {
    assert.equal((await game.act("ada-lovelace", "stash", {})).failed, null);
    assert.deepEqual(
      game.value("kept"),
      all.map((name) => `${name}: refused`),
    );
  }
  game.close();
});

test("a question asked again in an act is answered as the game is then; the list askAll gives is the asker's own", async () => {
  const game = await gameOf(
    `const n = gameState("n", { initial: 0 });
answer("n", () => n.get());
action("bump", { describe: "Bumps", input: t.object({}), changesRules: true }, () => n.set(n.get() + 1));`,
    `const heard = gameState<unknown[]>("heard", { initial: [] });
action("listen", { describe: "Listens", input: t.object({}) }, () => {
  const first = game.ask("n")?.value;
  const again = game.ask("n")?.value;
  const all = game.askAll("n");
  all.push({ rule: 99, value: "mine" });
  const fresh = game.askAll("n").length;
  game.emit("bump.asked");
  heard.set([first, again, fresh]);
});
on("bump.asked", () => heard.set([...heard.get(), game.ask("n")?.value]));
on("bump.asked", () => heard.set([...heard.get(), game.ask("n")?.value]));`,
  );
  await game.act("ada-lovelace", "bump", {});
  const listened = await game.act("ada-lovelace", "listen", {});
  assert.equal(listened.failed, null, JSON.stringify(listened.failed));
  assert.deepEqual(game.value("heard"), [1, 1, 1, 1, 1]);

  // The same question in one act, before and after the state it reads changes.
  const game2 = await gameOf(
    `const n = gameState("n", { initial: 0 });
answer("n", () => n.get());
const seen = gameState<unknown[]>("seen", { initial: [] });
action("count", { describe: "Counts", input: t.object({}), changesRules: true }, () => {
  const before = game.ask("n")?.value;
  n.set(5);
  const after = game.ask("n")?.value;
  n.set(7);
  seen.set([before, after, game.ask("n")?.value]);
});`,
  );
  await game2.act("ada-lovelace", "count", {});
  assert.deepEqual(game2.value("seen"), [0, 5, 7]);
  game.close();
  game2.close();
});

test("a question asked after a failed handler's change was undone is answered without it", async () => {
  const game = await gameOf(
    `const n = gameState("n", { initial: 0 });
answer("n", () => n.get());
on("try", () => { n.set(9); game.ask("n"); throw new Error("changed my mind"); });
const seen = gameState<unknown[]>("seen", { initial: [] });
action("go", { describe: "Goes", input: t.object({}), changesRules: true }, () => {
  game.ask("n");
  game.emit("try");
});
on("try", () => seen.set([game.ask("n")?.value]));`,
  );
  await game.act("ada-lovelace", "go", {});
  assert.match(game.state.failures.at(-1)?.error ?? "", /changed my mind/);
  assert.deepEqual(game.value("seen"), [0], "the failed handler's write was undone before the question was asked again");
  assert.equal(game.value("n"), 0);
  game.close();
});

test("a value nested too deeply fails its rule even when most of it is state read back", async () => {
  const game = await gameOf(`
const deep = gameState<unknown>("deep", { initial: null });
action("nest", { describe: "Nests 40 levels more", input: t.object({}), changesRules: true }, () => {
  let v: unknown = deep.get();
  for (let i = 0; i < 40; i++) v = [v];
  deep.set(v);
});`);
  assert.equal((await game.act("ada-lovelace", "nest", {})).failed, null, "40 levels are allowed");
  const outcome = await game.act("ada-lovelace", "nest", {});
  assert.equal(outcome.failed?.rule, 1);
  assert.match(outcome.failed?.error ?? "", /nested too deeply/);
  let depth = 0;
  for (let v = game.value("deep"); Array.isArray(v); v = v[0]) depth++;
  assert.equal(depth, 40, "the failed write changed nothing");
  game.close();
});

test("schemas built again at each act are the schemas their arguments say, whichever rule built one like it first", async () => {
  // Schemas are reused across acts and rules by what they are made of (src/guest/schemas.ts).
  const game = await gameOf(
    `
const picked = gameState<number[]>("picked", { initial: [] });
action("low", { describe: "From 1", input: t.object({ n: t.integer({ minimum: 1, describe: "A number" }), note: t.string() }, { optional: ["note"] }), changesRules: true }, (input) =>
  picked.set([...picked.get(), input.n]));`,
    `
action("high", { describe: "From 5", input: t.object({ n: t.integer({ minimum: 5, describe: "A number" }), note: t.string() }), changesRules: true }, () => {});`,
    `action("nan", { describe: "Not a number", input: t.object({ n: t.integer({ minimum: Number.NaN }) }) }, () => {});`,
  );
  assert.match(game.state.broken["3"] ?? "", /finite number/);
  for (let i = 0; i < 3; i++) {
    assert.equal((await game.act("ada-lovelace", "low", { n: 2 + i })).failed, null);
    await assert.rejects(game.act("ada-lovelace", "high", { n: 2, note: "x" }), /input\.n must be 5 or more/);
    await assert.rejects(game.act("ada-lovelace", "high", { n: 7 }), /note/);
    await assert.rejects(game.act("ada-lovelace", "low", { n: 0 }), /input\.n must be 1 or more/);
  }
  assert.deepEqual(game.value("picked"), [2, 3, 4]);
  const inputs = Object.fromEntries(Object.values(game.state.declares).flatMap((d) => d.actions.map((a) => [a.name, a.input])));
  assert.deepEqual((inputs.low as { required: string[] }).required, ["n"]);
  assert.deepEqual((inputs.high as { required: string[] }).required, ["n", "note"]);
  game.close();
});
