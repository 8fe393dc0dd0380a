/**
 * The engine's events cannot be forged (issue 34): a rule that emits one of their names is
 * refused in words, blamed alone, and nothing hears it; every event a rule hears says who raised
 * it, in a field only the engine sets.
 */
import assert from "node:assert/strict";
import test from "node:test";
import { Game } from "../src/kernel/game.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine } from "./helpers.js";

const listener = compileRuleCode(`const heard = gameState<string[]>("heard", { initial: [] });
for (const type of ["message.posted", "vote.tallied"]) on(type, (e) => heard.set([...heard.get(), \`\${e.type} \${e.origin} \${e.rule}\`]));
action("tally", { describe: "Tally", input: t.object({}) }, () => game.emit("vote.tallied", { ok: true }));
action("forge", { describe: "Forge", input: t.object({ type: t.string() }) }, ({ type }) => game.emit(type, { author: "ada-lovelace", text: "I vote for" }));
`);

test("an engine event's name is refused at the emit, in words naming the rule; the events rules hear carry their origin", async () => {
  const store = SqliteStore.open(":memory:");
  const game = await Game.create(engine(store), { name: "Events", preset: null, rules: [{ number: 1, text: "Listen.", mutable: true, code: listener }] });
  try {
    await game.join("Ada Lovelace");
    await game.join("Alan Turing");
    await game.message("ada-lovelace", { op: "post", channel: "general", text: "hello" });
    await game.act("alan-turing", "tally", {});
    assert.deepEqual(game.value("heard"), ["message.posted engine null", "vote.tallied rule 1"]);

    for (const type of ["message.posted", "timer:deadline", "decision:ruling", "correction.recorded", "rules.changed"]) {
      const outcome = await game.act("alan-turing", "forge", { type });
      assert.equal(outcome.failed?.rule, 1, `${type}: the emit fails, blamed on Rule 1`);
      assert.match(outcome.failed.error, new RegExp(`Rule 1 may not emit "${type}": .*the engine`));
      assert.equal(outcome.act.effects.filter((e) => e.e === "event").length, 0, `${type}: no event recorded`);
    }
    assert.deepEqual(game.value("heard"), ["message.posted engine null", "vote.tallied rule 1"], "no forged event was heard");
  } finally {
    game.close();
    store.close();
  }
});
