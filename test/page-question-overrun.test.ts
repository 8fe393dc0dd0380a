/**
 * A rule whose answer to a page's question runs past its limit (issue 34): it is blamed once,
 * listed among the failures every page shows, and its answers are skipped until the next act,
 * so no read pays for it again; the other rules still answer. The next act asks it afresh.
 */
import assert from "node:assert/strict";
import test from "node:test";
import { engineOptions } from "../src/engine.js";
import { Game } from "../src/kernel/game.js";
import type { SandboxFactory } from "../src/kernel/sandbox.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { steppingClock } from "./helpers.js";

// Rule 1 runs past its deadline inside a built-in: a stopped thread and a new one each time it is asked.
const rules = [
  `answer("play.awaits", () => { for (;;) { new Array(2 ** 22).join("ab"); } });\n`,
  `answer("play.awaits", () => [{ player: game.players()[0]!.id, does: "say hello", action: "hello" }]);\naction("hello", { describe: "Say hello", input: t.object({}) }, () => {});\n`,
];

test("an answer to a page's question that runs past its limit is blamed once, skipped until the next act, and the page still reads", async () => {
  const store = SqliteStore.open(":memory:");
  // The real sandbox, its questions counted: how often the rules' code was asked.
  let questions = 0;
  const counted: SandboxFactory = async () => {
    const sandbox = await createQuickJsSandbox({ actMs: 1000 });
    return {
      get alive() {
        return sandbox.alive;
      },
      boot: (snapshot) => sandbox.boot(snapshot),
      handle: (request) => sandbox.handle(request),
      query: (request) => (questions++, sandbox.query(request)),
      dump: () => sandbox.dump(),
      dispose: () => sandbox.dispose(),
    };
  };
  const options = engineOptions({ store, sandbox: counted, clock: steppingClock() });
  const specs = await Promise.all(rules.map(async (code, i) => ({ number: i + 1, text: `Rule ${i + 1}.`, mutable: true, code: await options.compile(code) })));
  const game = await Game.create(options, { name: "Slow answers", preset: null, rules: specs, seed: "slow" });
  try {
    for (const name of ["Ada", "Bob", "Cy"]) await game.join(name);
    const first = await game.standing("ada");
    assert.deepEqual(
      first.awaits.map((a) => a.does),
      ["say hello"],
      "the rule that answers in time is heard",
    );
    const blamed = first.failures
      .filter((f) => f.during === "answer")
      .map((f) => f.rule)
      .sort();
    assert.deepEqual(blamed, [1], "the rule that ran past its limit is named");
    assert.match(first.failures.find((f) => f.rule === 1)!.error, /answers are skipped until the next act/);
    const asked = questions;

    for (const reader of ["bob", "cy", "ada"]) {
      const page = await game.standing(reader);
      assert.deepEqual(
        page.awaits.map((a) => a.does),
        ["say hello"],
      );
      assert.deepEqual(
        page.failures.map((f) => f.rule),
        [1],
        `${reader} reads the failure once`,
      );
    }
    assert.ok(
      questions - asked <= 2,
      `later reads ask the rules at most once more for the new readers, never to run past a limit again (${questions - asked})`,
    );

    await game.act("ada", "hello", {});
    const next = await game.standing("bob");
    assert.deepEqual(
      next.failures.map((f) => f.rule),
      [1],
      "the next act asks it afresh, and blames it again",
    );
  } finally {
    game.close();
    store.close();
  }
});
