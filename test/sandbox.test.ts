/** Rule code is untrusted: what it cannot reach, and how the engine contains its failures. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ActionError, Game } from "../src/kernel/game.js";
import type { SandboxFactory } from "../src/kernel/sandbox.js";
import type { RuleSpec } from "../src/kernel/types.js";
import { viewFor, visibleEffects } from "../src/kernel/visibility.js";
import { checkRuleCode, compileRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { RunningSandboxes } from "../src/server/running-sandboxes.js";
import { engine, testLimits } from "./helpers.js";

/** A one-rule game whose rule offers `probe`, running `body` and storing what it returns. */
async function probeGame(body: string, extra: RuleSpec[] = []): Promise<Game> {
  const code = compileRuleCode(`
const seen = gameState<Json>("seen", { initial: null });
action("probe", { describe: "Runs the probe", input: t.object({}), changesRules: true }, () => {
  seen.set((() => { ${body} })() as Json);
});`);
  const game = await Game.create(engine(), { name: "probe", preset: null, rules: [{ number: 1, text: "Probe.", mutable: true, code }, ...extra] });
  await game.join("Ada Lovelace");
  return game;
}
async function probe(body: string): Promise<unknown> {
  const game = await probeGame(body);
  await game.act("ada-lovelace", "probe", {});
  const value = game.state.values.game.seen;
  game.close();
  return value;
}

test("rule code has no clock, no Math.random, no I/O and no way out", async () => {
  assert.equal(await probe(`return typeof Date;`), "undefined");
  assert.equal(
    await probe(`try { Math.random(); return "drew"; } catch (e) { return String(e); }`),
    "Error: Math.random is not available to rules: use game.random",
  );
  assert.equal(
    await probe(`const g = globalThis as any; return [typeof g.process, typeof g.require, typeof g.fetch, typeof g.setTimeout, typeof g.WeakRef].join(",");`),
    "undefined,undefined,undefined,undefined,undefined",
  );
  assert.equal(await probe(`return typeof (new Function("return this")() as any).process;`), "undefined");
  assert.equal(await probe(`return (game as any).constructor.constructor("return typeof process")();`), "undefined");
});

test("state handed to rule code cannot be changed behind the engine's back", async () => {
  const result = await probe(`
    const all = game.rules.all() as any[];
    try { all[0].text = "forged"; } catch (e) { return "frozen: " + (e as Error).name; }
    return "changed";`);
  assert.equal(result, "frozen: TypeError");
});

test("a rule that throws fails alone: its effects are undone, the others' stand", async () => {
  const thrower = compileRuleCode(`
const n = gameState("n", { initial: 0 });
on("probed", () => { n.set(99); throw new Error("boom"); });`);
  const game = await probeGame(`game.emit("probed", null); return "ran";`, [{ number: 2, text: "Throws.", mutable: true, code: thrower }]);
  const outcome = await game.act("ada-lovelace", "probe", {});
  assert.equal(outcome.failed, null, "the action itself succeeded");
  assert.equal(game.state.values.game.seen, "ran");
  assert.equal(game.state.values.game.n, undefined, "the failing rule's change was undone");
  assert.deepEqual(
    game.state.failures.map((f) => [f.rule, f.during, f.error]),
    [[2, "on probed", "Error: boom"]],
  );
  game.close();
});

test("a rule whose code fails to load is marked broken and the game goes on", async () => {
  const broken = { source: "", js: "throw new Error('cannot load');" };
  const game = await probeGame(`return 1;`, [{ number: 2, text: "Broken.", mutable: true, code: broken }]);
  assert.match(game.state.broken["2"] ?? "", /cannot load/);
  await game.act("ada-lovelace", "probe", {});
  assert.equal(game.state.values.game.seen, 1);
  game.close();
});

/** Creates a game on the id "taken", then asks for a second on it, which the store refuses; the sandboxes counted. */
async function refusedOnTakenId(make: SandboxFactory): Promise<{ first: Game; running: RunningSandboxes }> {
  const running = new RunningSandboxes();
  const options = { ...engine(), sandbox: running.counting(make) };
  const first = await Game.create(options, { id: "taken", name: "First", preset: null, rules: [] });
  await assert.rejects(Game.create(options, { id: "taken", name: "Second", preset: null, rules: [] }), /a game with the id "taken" already exists/);
  return { first, running };
}

test("a game its store refuses is not created, and stops the sandbox its rules ran in", async () => {
  const { first, running } = await refusedOnTakenId(() => createQuickJsSandbox(testLimits));
  assert.equal(running.count(), 1, "only the first game's sandbox runs");
  first.close();
  assert.equal(running.count(), 0);
});

test("a game refused after its sandbox's thread died during its creation stops the sandbox that took over", async () => {
  let made = 0;
  // The second game's first sandbox loses its thread as the creation starts: the act runs again in a fresh one.
  const dying: SandboxFactory = async () => {
    const sandbox = await createQuickJsSandbox(testLimits);
    if (++made !== 2) return sandbox;
    return {
      get alive() {
        return sandbox.alive;
      },
      boot: (snapshot) => sandbox.boot(snapshot),
      handle: (request) => {
        sandbox.dispose();
        return sandbox.handle(request);
      },
      query: (request) => sandbox.query(request),
      dump: () => sandbox.dump(),
      dispose: () => sandbox.dispose(),
    };
  };
  const { first, running } = await refusedOnTakenId(dying);
  assert.equal(made, 3, "the creation ran again in a sandbox of its own");
  assert.equal(running.count(), 1, "only the first game's sandbox runs");
  first.close();
});

test("an action whose own handler loops forever is recorded as failed and changes nothing else", async () => {
  const game = await probeGame(`for (;;) {}`);
  const seq = game.state.seq;
  const outcome = await game.act("ada-lovelace", "probe", {});
  assert.equal(outcome.failed?.rule, 1);
  assert.match(outcome.failed?.error ?? "", /fuel/);
  assert.equal(game.state.seq, seq + 1, "the failure is in the log");
  assert.equal(game.state.values.game.seen, undefined);
  game.close();
});

test("rule code is type-checked against the published rule API", () => {
  assert.deepEqual(checkRuleCode(`const p = playerState("points", { initial: 0 });\non("x", (e) => p.set(e.data.player, p.get(e.data.player) + 1));`), []);
  const problems = checkRuleCode(`const p = playerState("points", { initial: 0 });\np.set("ada", "lots");`);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /^Line 2, column \d+: Argument of type 'string' is not assignable to parameter of type 'number'/);
  assert.match(checkRuleCode(`export const x = 1;`)[0]!, /rule code is a script/);
  assert.throws(() => compileRuleCode(`game.nonsense();`), /does not compile[\s\S]*Property 'nonsense' does not exist/);
});

test("secret state: a player sees what the rules let them see, in state and in the log", async () => {
  const code = compileRuleCode(`
const label = playerState("label", { initial: "", visibility: "others" });
const hand = playerState("hand", { initial: 0, visibility: "owner" });
const oak = gameState("oak", { initial: "Central Square", visibility: { seenBy: "speaker" } });
const speaker = gameState("speaker", { initial: "ada-lovelace" });
action("deal", { describe: "Deals", input: t.object({}), changesRules: true }, () => {
  for (const p of game.players()) { label.set(p.id, "word-" + p.id); hand.set(p.id, p.name.length); }
  oak.set("North Farm");
});`);
  const game = await Game.create(engine(), { name: "secrets", preset: null, rules: [{ number: 1, text: "Secrets.", mutable: true, code }] });
  await game.join("Ada Lovelace");
  await game.join("Alan Turing");
  const { act } = await game.act("alan-turing", "deal", {});
  const state = (viewer: string | null, name: string) => viewFor(game.state, viewer).state.find((s) => s.name === name)!;
  assert.deepEqual(state("alan-turing", "label").values, { "ada-lovelace": "word-ada-lovelace" }, "a label is hidden from its bearer");
  assert.deepEqual(state("alan-turing", "hand").values, { "alan-turing": 11 });
  assert.equal(state("alan-turing", "oak").value, undefined, "only the Speaker sees the oak");
  assert.equal(state("ada-lovelace", "oak").value, "North Farm");
  assert.deepEqual(state(null, "label").values, {}, "an onlooker sees no labels");
  const alanSees = JSON.stringify(visibleEffects(game.state, act, "alan-turing"));
  assert.ok(!alanSees.includes("word-alan-turing"), "the log does not tell Alan his own label");
  assert.ok(!alanSees.includes("North Farm"));
  assert.ok(alanSees.includes("word-ada-lovelace"));
  game.close();
});

test("rule code cannot change the game while answering a question", async () => {
  const game = await probeGame(`return "x";`, []);
  await assert.rejects(game.act("ada-lovelace", "nonexistent", {}), (e: unknown) => e instanceof ActionError && e.code === "unknown-action");
  game.close();
  const sneaky = compileRuleCode(`
const n = gameState("n", { initial: 0 });
answer("q", () => { n.set(5); return 1; });`);
  const g2 = await probeGame(`return game.ask("q")?.value ?? "no answer";`, [{ number: 2, text: "Sneaky.", mutable: true, code: sneaky }]);
  await g2.act("ada-lovelace", "probe", {});
  assert.equal(g2.state.values.game.seen, "no answer");
  assert.equal(g2.state.values.game.n, undefined);
  assert.match(g2.state.failures[0]!.error, /not allowed while answering a question/);
  g2.close();
});

test("timers fire when their time comes, as acts of their own, even if it came while nobody looked", async () => {
  const code = compileRuleCode(`
const reminders = gameState<string[]>("reminders", { initial: [] });
action("remind", { describe: "Reminds everyone in an hour", input: t.object({ text: t.string() }), changesRules: true }, (input) => {
  game.schedule("reminder", { after: 60 * 60 * 1000 }, input.text);
});
on("timer:reminder", (event) => { reminders.update((r) => [...r, String(event.data)]); });`);
  let now = Date.UTC(2026, 0, 5, 12);
  const options = { ...engine(), clock: () => now };
  const game = await Game.create(options, { name: "timers", preset: null, rules: [{ number: 1, text: "Reminders.", mutable: true, code }] });
  await game.join("Ada Lovelace");
  await game.act("ada-lovelace", "remind", { text: "vote!" });
  assert.equal(Object.keys(game.state.timers).length, 1);
  now += 30 * 60 * 1000;
  assert.deepEqual(await game.fireDueTimers(), [], "not yet");
  now += 5 * 60 * 60 * 1000;
  const fired = await game.fireDueTimers();
  assert.equal(fired.length, 1);
  assert.equal(fired[0]!.time, Date.UTC(2026, 0, 5, 13), "the act happens at the timer's time, not when it was noticed");
  assert.deepEqual(game.state.values.game.reminders, ["vote!"]);
  assert.deepEqual(game.state.timers, {});
  game.close();
});
