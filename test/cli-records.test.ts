/**
 * The records from the command line, as an officer uses them: a game started from a
 * published text, the rulesets and reports it hands players, a correction, and the whole
 * game moved to another file and replayed.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { runCli } from "./cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-records-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const rulesets = join(process.cwd(), "..", "shared", "rulesets");

test("a game from Nomicron's published text; its ruleset by book, with versioned numbers, in text, Markdown and JSON", async () => {
  const db = join(dir, "nomicron.db");
  const created = await runCli(["--db", db, "new", "Nomicron", "--ruleset-file", join(rulesets, "nomicron.txt"), "--player", "Ada Lovelace"], false);
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, /with 40 rules/);
  assert.match(created.stdout, /note: .*hand-play rules were added as rules 216, 217 and 218/);
  assert.match(created.stdout, /note: .*books-with-versions/);
  const text = await runCli(["--db", db, "ruleset"], false);
  assert.match(text.stdout, /Convention[\s\S]*Rule 1\.1[\s\S]*Immutable[\s\S]*Rule 101\.1[\s\S]*Mutable[\s\S]*Rule 215\.1/);
  const markdown = await runCli(["--db", db, "ruleset", "--format", "markdown"], false);
  assert.match(markdown.stdout, /^## Convention$/m);
  const json = await runCli(["--db", db, "ruleset"], true);
  assert.equal(json.out.groups.flatMap((g: { rules: unknown[] }) => g.rules).length, 40, "the text's 37 rules and the 3 of hand play");
});

test("a text that cannot be read says which line and why, and no game is made", async () => {
  const db = join(dir, "bad.db");
  const file = join(dir, "bad.txt");
  writeFileSync(file, "101 - Immutable - Initial Rule\nAll players must abide.\n\n\n102 - Mutible - Initial Rule\nA typo.\n");
  const run = await runCli(["--db", db, "new", "Bad", "--ruleset-file", file], false);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /line 5: .*Mutible/);
  assert.match(run.stderr, /nothing was imported/);
  assert.equal(existsSync(db), false, "no game file is left behind");
});

test("an officer's records: reports from play, a correction, the past, and the game moved to another file", async () => {
  const db = join(dir, "suber.db");
  const cli = (...args: string[]) => runCli(["--db", db, ...args], false);
  assert.equal((await cli("new", "Friday", "--preset", "suber", "--player", "Grace Hopper", "--player", "Ada Lovelace", "--start")).code, 0);
  assert.equal((await cli("propose", "--enact", "--text", "A haiku earns 5 points.", "--as", "grace-hopper")).code, 0);
  await cli("vote", "301", "for", "--as", "grace-hopper");
  await cli("vote", "301", "for", "--as", "ada-lovelace");

  const proposals = await cli("report", "proposals");
  assert.match(proposals.stdout, /301/);
  assert.match(proposals.stdout, /Grace Hopper/);
  assert.match(proposals.stdout, /adopted/i);
  assert.match(proposals.stdout, /Rule 203/);

  const corrected = await cli("correct", "--rule", "301", "--reason", "Ada's haiku", "--set", "points:ada-lovelace=5");
  assert.equal(corrected.code, 0, corrected.stderr);
  assert.match(corrected.stdout, /Correction recorded as act \d+ \(Rule 301\): Ada's haiku/);
  const scores = await runCli(["--db", db, "report", "scores"], true);
  const change = scores.out.changes.find((c: { player: string; to: unknown }) => c.player === "ada-lovelace" && c.to === 5);
  assert.ok(change, "the correction is traced in the scoreboard");
  assert.equal(change.rule, 301);
  assert.match(change.cause, /Ada's haiku/);
  const refused = await cli("correct", "--rule", "202", "--reason", "mine", "--set", "points:ada-lovelace=99", "--as", "ada-lovelace");
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /no rule names you an officer/);

  // The past: after act 5 (Grace proposes), nothing was decided yet.
  const then = await runCli(["--db", db, "report", "proposals", "--seq", "5"], true);
  assert.equal(then.out.seq, 5);
  assert.equal(then.out.proposals[0]?.status, "voting");
  assert.match((await cli("ruleset", "--at", "not a time")).stderr, /ISO 8601/);

  // Moved to another file, the game is the same game, and its inputs replay to the same log.
  const file = join(dir, "friday.nomos.json");
  assert.equal((await cli("export", file)).code, 0);
  const other = join(dir, "other.db");
  const imported = await runCli(["--db", other, "import-game", file], false);
  assert.equal(imported.code, 0, imported.stderr);
  const here = await runCli(["--db", db, "ruleset", "--full"], true);
  const there = await runCli(["--db", other, "ruleset", "--full"], true);
  assert.deepEqual(there.out, here.out);
  const verified = await runCli(["verify", file], false);
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  assert.match(verified.stdout, /All \d+ acts replay exactly as recorded/);
  writeFileSync(join(dir, "damaged.json"), readFileSync(file, "utf8").replace('"value":5', '"value":50'));
  const damaged = await runCli(["--db", other, "import-game", join(dir, "damaged.json"), "--id", "copy"], false);
  assert.equal(damaged.code, 1);
  assert.match(damaged.stderr, /damaged/);
});
