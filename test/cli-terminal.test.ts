/**
 * Text players wrote reaches terminals through the CLI: control characters in it are
 * shown, never obeyed (issue 11). The records keep the text as written, and --json keeps
 * it exact.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { visible } from "../src/cli/terminal-text.js";
import { runCli } from "./cli-run.js";
import { steppingClock } from "./helpers.js";
import { engineOptions } from "../src/engine.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-terminal-"));
after(() => rmSync(dir, { recursive: true, force: true }));

// Clear the screen, set the window's title, reverse what follows.
const hostile = "Fair \u001b[2Jplay\u001b]0;pwned\u0007 \u202eeulav";
const shown = "Fair ␛[2Jplay␛]0;pwned␇ \\u202eeulav";
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

async function hostileGame(): Promise<string> {
  const db = join(dir, "game.db");
  const store = SqliteStore.open(db);
  const code = compileRuleCode(`
const motto = gameState<string>("motto", { initial: ${JSON.stringify(hostile)} });
action("shout", { describe: "Shouts", input: t.object({}), changesRules: true }, () => {
  game.post(motto.get());
});`);
  const game = await Game.create(engineOptions({ store, clock: steppingClock() }), {
    name: "Terminal",
    preset: null,
    rules: [{ number: 1, title: hostile, text: `${hostile}\nSecond line.`, mutable: true, code }],
  });
  await game.join("Ada Lovelace");
  await game.act("ada-lovelace", "shout", {});
  game.close();
  await store.close();
  return db;
}

test("visible shows control characters and bidi overrides, and keeps newlines and tabs", () => {
  assert.equal(visible(hostile), shown);
  assert.equal(visible("a\tb\nc\r\nd\re\u0085f\u2066g\u007f"), "a\tb\nc\r\nd␍e\\u0085f\\u2066g\\u007f");
  // In JSON (C0 escaped already), the escapes are JSON's own: the text parses back exactly.
  assert.equal(JSON.parse(visible(JSON.stringify(`${hostile}\u0085\u007f`))), `${hostile}\u0085\u007f`);
});

test("rules, log and state print a rule's hostile title, text and messages neutralised; --json keeps them exact", async () => {
  const db = await hostileGame();
  for (const args of [["rules"], ["rules", "1"], ["log"], ["state"]]) {
    const run = await runCli(["--db", db, ...args], false);
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stdout, raw, `nomos ${args.join(" ")} prints no control character`);
    assert.ok(run.stdout.includes(shown), `nomos ${args.join(" ")} shows the text:\n${run.stdout}`);
  }
  const rules = await runCli(["--db", db, "rules"], true);
  assert.doesNotMatch(rules.stdout, raw);
  assert.equal(rules.out[0].title, hostile);
  assert.equal(rules.out[0].text, `${hostile}\nSecond line.`);
  const log = await runCli(["--db", db, "log"], true);
  assert.doesNotMatch(log.stdout, raw);
  assert.ok(JSON.stringify(log.out).includes(JSON.stringify(hostile)), "the message is in the JSON log, exact");
  const state = await runCli(["--db", db, "state"], true);
  assert.equal(state.out.state.find((s: { name: string }) => s.name === "motto").value, hostile);
  // An error message carrying a player's words is neutralised too.
  const error = await runCli(["--db", db, "act", hostile], false);
  assert.notEqual(error.code, 0);
  assert.doesNotMatch(error.stderr, raw);
});
