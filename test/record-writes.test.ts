/**
 * Writing a record's entries (recordState): many in one act, read whole between writes, and
 * undone with the handler that wrote them. The guest writes a record in place within an act
 * (src/guest/mirror.ts, drafts); what rule code read whole must not change under it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import type { RuleSpec } from "../src/kernel/types.js";
import { replay } from "../src/kernel/fold.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { engine } from "./helpers.js";

const options = engine();

async function gameOf(...codes: string[]): Promise<Game> {
  const rules: RuleSpec[] = codes.map((code, i) => ({ number: i + 1, text: `Rule ${i + 1}.`, mutable: true, code: compileRuleCode(code) }));
  const game = await Game.create(options, { name: "records", preset: null, rules });
  await game.join("Ada Lovelace");
  return game;
}

/** The game's state folded afresh from its log. */
const folded = async (game: Game) => replay("records", null, await options.store.readActs(game.id));

const book = (game: Game) => game.value("book") as Record<string, unknown>;

test("an act writes thousands of a record's entries, into a record of thousands, within the sandbox's memory", async () => {
  const game = await gameOf(`
const book = recordState<{ player: string; votes: { [k: string]: string }; n: number; text: string }>("book");
action("grow", { describe: "Grows", input: t.object({}) }, () => {
  const n = book.keys().length;
  for (let i = 0; i < 2500; i++) book.set("k" + (n + i), { player: "p" + (i % 10), votes: { a: "for", b: "against" }, n: n + i, text: "t".repeat(100) });
});`);
  // Each write copied the whole record, and the act kept every copy to undo it: the second act passed 256 MB.
  for (let i = 0; i < 3; i++) assert.equal((await game.act("ada-lovelace", "grow", {})).failed, null);
  assert.equal(Object.keys(book(game)).length, 7500);
  assert.deepEqual((book(game).k7499 as { n: number }).n, 7499);
  assert.deepEqual(await folded(game), game.state, "the log folds to the same record");
  game.close();
});

test("a record read whole stays as it was read while the act writes on", async () => {
  const game = await gameOf(`
const book = recordState<number>("book");
const seen = gameState<unknown>("seen", { initial: null });
action("write", { describe: "Writes", input: t.object({}) }, () => {
  book.set("a", 1);
  const first = book.all();
  book.set("b", 2);
  book.set("a", 3);
  const second = book.all();
  book.delete("b");
  seen.set({ first, second, now: book.all(), frozen: Object.isFrozen(first), keys: book.keys(), a: book.get("a") });
});`);
  assert.equal((await game.act("ada-lovelace", "write", {})).failed, null);
  assert.deepEqual(game.value("seen"), { first: { a: 1 }, second: { a: 3, b: 2 }, now: { a: 3 }, frozen: true, keys: ["a"], a: 3 });
  assert.deepEqual(book(game), { a: 3 });
  game.close();
});

test("a failing handler's writes to a record are undone alone, whether or not the record was read whole meanwhile", async () => {
  const game = await gameOf(`
const book = recordState<number>("book");
action("go", { describe: "Goes", input: t.object({ read: t.boolean() }) }, (input) => {
  book.set("kept", 1);
  book.set("changed", 1);
  book.set("gone", 1);
  game.emit("fail", { read: input.read });
  book.set("after", 1);
});
on("fail", (e: GameEvent<{ read: boolean }>) => {
  book.set("changed", 2);
  book.set("new", 2);
  if (e.data.read) book.all();
  book.delete("gone");
  book.set("kept", 2);
  throw new Error("changed my mind");
});
const seen = gameState<unknown>("seen", { initial: null });
action("look", { describe: "Looks", input: t.object({}) }, () => seen.set(book.all()));`);
  for (const read of [false, true]) {
    await game.act("ada-lovelace", "go", { read });
    assert.match(game.state.failures.at(-1)?.error ?? "", /changed my mind/);
    assert.deepEqual(book(game), { kept: 1, changed: 1, gone: 1, after: 1 }, `read whole: ${read}`);
    await game.act("ada-lovelace", "look", {});
    assert.deepEqual(game.value("seen"), { kept: 1, changed: 1, gone: 1, after: 1 }, `the rules read the record undone too (read whole: ${read})`);
  }
  assert.deepEqual(await folded(game), game.state);
  game.close();
});
