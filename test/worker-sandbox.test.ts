/**
 * Rule code runs off the server's event loop: work inside built-ins is stopped by a
 * deadline and charged to the rule that did it, a hostile type cannot hold the
 * type-checker, and a chain of timers cannot starve the other games.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { configureTypeChecker } from "../src/authoring/type-checker.js";
import { Game, type EngineOptions } from "../src/kernel/game.js";
import { limits } from "../src/kernel/limits.js";
import type { RuleSpec } from "../src/kernel/types.js";
import { checkRuleCodeAsync, compileRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { heaviestRule, RuleClockWriter, ruleClockBuffer } from "../src/sandbox/rule-clock.js";
import { GameHub } from "../src/server/hub.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine, steppingClock } from "./helpers.js";
import { ApiClient, startServer } from "./server-helpers.js";
import { engineOptions } from "../src/engine.js";

/** Rule 1 offers `probe`, which counts in "probes"; `more` are the rules under test. */
const counter = compileRuleCode(`
const probes = gameState("probes", { initial: 0 });
action("probe", { describe: "Counts", input: t.object({}) }, () => { probes.set(probes.get() + 1); });`);

/** The server's deadline (500 ms), whatever the other tests use. */
const serverLike = (): EngineOptions => ({ ...engine(), sandbox: () => createQuickJsSandbox({ actMs: limits.actMs }) });

async function gameWith(more: string[], options: EngineOptions = serverLike()): Promise<Game> {
  const rules: RuleSpec[] = [{ number: 1, text: "Probe.", mutable: true, code: counter }];
  more.forEach((source, i) => {
    rules.push({ number: i + 2, text: `Rule ${i + 2}.`, mutable: true, code: compileRuleCode(source) });
  });
  const game = await Game.create(options, { name: "hostile", preset: null, rules });
  await game.join("Ada Lovelace");
  return game;
}

test("a rule doing huge joins is stopped by the deadline and blamed, while the game and another game go on", async () => {
  const hog = `action("hog", { describe: "Joins", input: t.object({}) }, () => { for (let i = 0; i < 1000; i++) new Array(2 ** 26).join(""); });`;
  const game = await gameWith([hog]);
  const other = await gameWith([]);
  const hogging = game.act("ada-lovelace", "hog", {});
  // The other game answers acts while the hog's act runs (and is stopped, blamed, rerun).
  let answered = 0;
  let done = false;
  void hogging.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    await other.act("ada-lovelace", "probe", {});
    answered++;
  }
  const outcome = await hogging;
  assert.ok(answered > 0, "the other game answered while the hog ran");
  assert.equal(other.value("probes"), answered);
  assert.equal(outcome.failed?.rule, 2, "the hog's own rule is blamed");
  assert.match(outcome.failed?.error ?? "", /took too long \(over \d+ ms\), possibly in a built-in such as a huge join/);
  // The game goes on: its sandbox was replaced and answers the next act.
  await game.act("ada-lovelace", "probe", {});
  assert.equal(game.value("probes"), 1);
  game.close();
  other.close();
});

test("a rule whose answer loops forever is blamed, not the rule that asked", async () => {
  const asker = `const got = gameState<Json>("got", { initial: null });
action("ask", { describe: "Asks", input: t.object({}) }, () => { got.set(game.ask<number>("size")?.value ?? "none"); });`;
  const loops = `answer<unknown, number>("size", () => { let n = 0; for (;;) n++; });`;
  const joins = `answer<unknown, number>("size", () => { for (;;) new Array(2 ** 26).join(""); });`;
  // An endless loop runs out of fuel, or of time first on a busy machine; a join only of time.
  for (const [answerer, reason] of [
    [loops, /fuel|took too long/],
    [joins, /took too long/],
  ] as const) {
    const game = await gameWith([asker, answerer]);
    const outcome = await game.act("ada-lovelace", "ask", {});
    assert.equal(outcome.failed, null, "the asker's action went through");
    assert.equal(game.value("got"), "none", "no answer came");
    assert.deepEqual(
      game.state.failures.map((f) => f.rule),
      [3],
      "only the answering rule failed",
    );
    assert.match(game.state.failures[0]!.error, reason);
    game.close();
  }
});

test("a hostile type is stopped by the type-check deadline while sign-ins and reads are answered", async () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a TypeScript template literal type, as rule code would write it.
  const lines = ['type P<S extends string, N extends 0[] = []> = N["length"] extends 16 ? S : P<`${S}${0 | 1}`, [...N, 0]>;'];
  for (let i = 0; i < 60; i++) lines.push(`const x${i}: P<"${i}"> = "0";`);
  const hostile = lines.join("\n");
  configureTypeChecker({ checkMs: 3000 });
  const server = await startServer();
  try {
    const ada = await new ApiClient(server.url).signup("ada");
    await new ApiClient(server.url).signup("grace");
    const checking = ada.post("/api/code/check", { source: hostile });
    let done = false;
    void checking.finally(() => (done = true));
    // The check runs on its own thread: a player signing in meanwhile is let in, reads are answered.
    let signedIn = 0;
    let answered = 0;
    while (!done) {
      const grace = new ApiClient(server.url);
      const signin = await grace.post("/api/auth/signin", { username: "grace", password: "grace-secret-pw" });
      assert.equal(signin.status, 200, JSON.stringify(signin.body));
      if (!done) signedIn++;
      assert.equal((await grace.get("/api/games")).status, 200);
      if (!done) answered++;
    }
    const reply = await checking;
    assert.ok(signedIn > 0 && answered > 0, "sign-ins and reads were answered while the type check ran");
    assert.deepEqual(
      reply.body.diagnostics.map((d: { line: number; message: string }) => [d.line, d.message]),
      [[1, "this rule code's types are too complex to check (over 3 s of work); simplify its types"]],
    );
    // The checker was restarted: the next check works.
    const next = await ada.post("/api/code/check", { source: `game.nonsense();` });
    assert.match(next.body.diagnostics[0].message, /Property 'nonsense' does not exist/);
    assert.deepEqual(await checkRuleCodeAsync(hostile), ["this rule code's types are too complex to check (over 3 s of work); simplify its types"]);

    // The checker is shared in turn: Grace's two-line check waits behind Ada's check in flight, not behind both of hers.
    const finished: string[] = [];
    const adaFirst = ada.post("/api/code/check", { source: hostile }).then(() => finished.push("Ada's first"));
    const adaSecond = ada.post("/api/code/check", { source: hostile }).then(() => finished.push("Ada's second"));
    const grace = new ApiClient(server.url);
    const signin = await grace.post("/api/auth/signin", { username: "grace", password: "grace-secret-pw" });
    grace.csrf = signin.body.csrf;
    const graceCheck = grace.post("/api/code/check", { source: `game.post("hello");` }).then((r) => (finished.push("Grace's"), r));
    assert.deepEqual((await graceCheck).body.diagnostics, []);
    await Promise.all([adaFirst, adaSecond]);
    assert.deepEqual(finished, ["Ada's first", "Grace's", "Ada's second"]);
  } finally {
    configureTypeChecker({ checkMs: limits.checkMs });
    await server.close();
  }
});

test("a timer that re-arms itself for now does not starve the server's other games", async () => {
  const chain = `const fired = gameState("fired", { initial: 0 });
action("start-chain", { describe: "Starts", input: t.object({}) }, () => { game.schedule("tick", { after: 0 }); });
on("timer:tick", () => { fired.set(fired.get() + 1); game.schedule("tick", { at: game.now() }); });`;
  const store = SqliteStore.open(":memory:");
  const options: EngineOptions = engineOptions({ store, clock: steppingClock() });
  const hub = new GameHub(options, Date.now);
  try {
    const rules: RuleSpec[] = [
      { number: 1, text: "Probe.", mutable: true, code: counter },
      { number: 2, text: "Chain.", mutable: true, code: compileRuleCode(chain) },
    ];
    const chained = await hub.create({ name: "chain", preset: null, rules });
    const quiet = await hub.create({ name: "quiet", preset: null, rules: [rules[0]!] });
    for (const game of [chained, quiet]) await game.join("Ada Lovelace");
    await hub.change(chained, (g) => g.act("ada-lovelace", "start-chain", {}));
    // The quiet game's acts are answered while the chain fires; the re-arm for "now" is
    // refused to the rule that tried it (a timer set from its own timer is due a minute later at the soonest).
    for (let i = 0; i < 5; i++) await hub.change(quiet, (g) => g.act("ada-lovelace", "probe", {}));
    while (!chained.state.failures.some((f) => f.rule === 2)) await new Promise((resolve) => setTimeout(resolve, 10));
    await hub.change(quiet, (g) => g.act("ada-lovelace", "probe", {}));
    assert.equal(quiet.value("probes"), 6);
    const failure = chained.state.failures.find((f) => f.rule === 2)!;
    assert.equal(failure.during, "on timer:tick");
    assert.match(failure.error, /at least 60 seconds later/);
    assert.equal(Object.keys(chained.state.timers).length, 0, "the chain has stopped");
  } finally {
    await hub.close();
  }
});

test("at the deadline, the rule that used the most time is blamed, not the code that happened to run last", () => {
  const buffer = ruleClockBuffer();
  const clock = new RuleClockWriter(buffer);
  const busy = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  };
  clock.reset();
  assert.equal(heaviestRule(buffer), null, "nothing ran yet");
  clock.switchTo(301);
  busy(5);
  assert.deepEqual(heaviestRule(buffer), { rule: 301, during: "act" }, "the rule running is blamed while it is the only one");
  busy(150);
  clock.switchTo(0); // the engine's own code runs at the deadline
  assert.deepEqual(heaviestRule(buffer), { rule: 301, during: "act" });
  clock.switchTo(202); // a quick rule runs at the deadline
  assert.deepEqual(heaviestRule(buffer), { rule: 301, during: "act" });
  clock.switchTo(301);
  clock.switchTo(202);
  busy(200); // until the rule running now has spent more
  assert.deepEqual(heaviestRule(buffer), { rule: 202, during: "act" });
  clock.reset();
  assert.equal(heaviestRule(buffer), null, "each call starts afresh");
});
