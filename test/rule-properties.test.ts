/**
 * Rule properties declared with defaults, and "rules.changed": a ruleset-defined version that
 * rises once per rule-change that amends or transmutes a rule, however many engine changes it
 * takes, read by rules, by every viewer and in the published ruleset ("2.2").
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { viewFor } from "../src/kernel/visibility.js";
import { rulesetDocument } from "../src/records/publish/ruleset.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { runCli } from "./cli-run.js";
import { engine } from "./helpers.js";

const charter = compileRuleCode(`
ruleProperty("version", { initial: 1, describe: "The rule's version, shown after its number" });
answer("rule-change.allowed", () => true);
const seen = gameState<Json>("seen", { initial: null });
const change = t.object({ number: t.integer(), text: t.string() });
action("enact", { describe: "Enacts a rule", input: change, changesRules: true }, (i) => {
  game.rules.apply({ kind: "enact", number: i.number, text: i.text, mutable: true }, "Proposal " + i.number);
});
action("amend", { describe: "Amends a rule", input: change, changesRules: true }, (i) => {
  game.rules.apply({ kind: "amend", number: i.number, text: i.text }, "Proposal " + i.number);
});
action("amend-and-transmute", { describe: "Amends and transmutes a rule at once", input: change, changesRules: true }, (i) => {
  game.rules.applyAll([{ kind: "amend", number: i.number, text: i.text }, { kind: "transmute", number: i.number, mutable: false }], "Proposal " + i.number);
});
action("read", { describe: "Reads a rule's version", input: t.object({ number: t.integer() }) }, (i) => {
  seen.set(game.rules.get(i.number)?.props.version ?? null);
});`);

const versioning = compileRuleCode(`
const heard = gameState<Json[]>("heard", { initial: [] });
on<RulesChangedEvent>("rules.changed", (e) => {
  heard.update((h) => [...h, e.data.changes.map((c) => c.kind).join("+")]);
  const touched = new Set(e.data.changes.filter((c) => c.kind === "amend" || c.kind === "transmute").map((c) => c.number));
  for (const n of touched) {
    const rule = game.rules.get(n);
    if (rule) game.rules.apply({ kind: "set-property", number: n, key: "version", value: (rule.props.version as number) + 1 }, "Rule 3");
  }
});`);

async function versionedGame(options = engine()): Promise<Game> {
  const game = await Game.create(options, {
    name: "versions",
    preset: null,
    rules: [
      { number: 1, text: "The charter.", mutable: false, code: charter },
      { number: 2, text: "A plain rule.", mutable: true },
      { number: 3, text: "Amending or transmuting a rule raises its version by one.", mutable: true, code: versioning },
    ],
  });
  await game.join("Ada Lovelace");
  return game;
}

const version = (game: Game, n: number) => viewFor(game.state, null).rules.find((r) => r.number === n)?.props.version;
const label = (game: Game, n: number) =>
  rulesetDocument(game.state, { full: false, name: (id) => id })
    .groups.flatMap((g) => g.rules)
    .find((r) => r.number === n)?.label;

test("a declared property reads its default for every rule, the initial set's and one enacted in play", async () => {
  const game = await versionedGame();
  assert.equal(version(game, 2), 1, "the initial set's rules read the default");
  assert.deepEqual(game.state.declares[1]?.props, { version: { initial: 1, describe: "The rule's version, shown after its number" } });
  assert.deepEqual(game.state.rules[2]!.props, {}, "the default is not stored in the rule's record");
  await game.act("ada-lovelace", "enact", { number: 104, text: "A rule enacted in play." });
  assert.equal(version(game, 104), 1);
  await game.act("ada-lovelace", "read", { number: 104 });
  assert.equal(game.value("seen"), 1, "rule code reads the default of a rule enacted by proposal");
  assert.equal(label(game, 104), "104.1", "the published ruleset shows the version");
  game.close();
});

test("the version rises once per rule-change that amends or transmutes; the versioning rule's own change does not count", async () => {
  const game = await versionedGame();
  await game.act("ada-lovelace", "amend", { number: 2, text: "A plain rule, amended." });
  assert.equal(version(game, 2), 2);
  assert.equal(label(game, 2), "2.2");
  await game.act("ada-lovelace", "amend-and-transmute", { number: 2, text: "Amended and made immutable." });
  assert.equal(version(game, 2), 3, "amending and transmuting in one rule-change raises it once");
  assert.deepEqual(game.value("heard"), ["amend", "amend+transmute"], "one rules.changed per rule-change; set-property alone is not announced");
  const act = (await game.act("ada-lovelace", "enact", { number: 105, text: "New." })).act;
  const events = act.effects.filter((e) => e.e === "event").map((e) => (e.e === "event" ? e.type : ""));
  assert.ok(events.indexOf("rules.changed") > events.indexOf("rule.changed"), "rules.changed comes after the per-change events");
  assert.equal(version(game, 105), 1, "an enactment does not raise a version");
  await game.act("ada-lovelace", "read", { number: 2 });
  assert.equal(game.value("seen"), 3);
  game.close();
});

test("the command line shows a rule's version after its number", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-versions-"));
  try {
    const db = join(dir, "game.db");
    const game = await versionedGame(engine(SqliteStore.open(db)));
    await game.act("ada-lovelace", "amend", { number: 2, text: "A plain rule, amended." });
    game.close();
    const rules = await runCli(["--db", db, "rules"], false);
    assert.equal(rules.code, 0, rules.stderr);
    assert.match(rules.stdout, /^2\.2\. \[mutable, rev 3\]$/m);
    assert.match(rules.stdout, /^3\.1\. \[mutable, rev 1, has code\]$/m, "a rule never amended reads the default");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
