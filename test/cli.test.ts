/** The command line, run as a user runs it, on a real game file. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";

const dir = mkdtempSync(join(tmpdir(), "nomos-cli-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function nomos(db: string, ...args: string[]): { code: number; out: any; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--db", db, "--json", ...args], { encoding: "utf8" });
  let out: unknown = null;
  try {
    out = JSON.parse(run.stdout);
  } catch {
    // Not JSON: the test looks at stdout and stderr.
  }
  return { code: run.status ?? -1, out, stdout: run.stdout, stderr: run.stderr };
}

test("create a game, play a turn, and read rules, state and log", () => {
  const db = join(dir, "turn.db");
  const created = nomos(db, "new", "Friday game", "--preset", "suber", "--player", "Grace Hopper", "--player", "Ada Lovelace", "--start");
  assert.equal(created.code, 0, created.stderr);
  assert.deepEqual(created.out.players.map((p: { id: string }) => p.id), ["grace-hopper", "ada-lovelace"]);
  assert.equal(nomos(db, "rules").out.length, 29);

  const state = () => nomos(db, "state").out;
  const turn = state().state.find((s: { name: string }) => s.name === "turn").value;
  assert.equal(turn.player, "grace-hopper", "Hopper comes before Lovelace by surname");
  const codeFile = join(dir, "rule.ts");
  writeFileSync(codeFile, `on("turn.began", (e) => game.post("Welcome, " + (game.player(e.data.player)?.name ?? "")));\n`);
  const proposed = nomos(db, "propose", "--as", "grace-hopper", "--enact", "--text", "Each turn begins with a welcome.", "--code-file", codeFile);
  assert.equal(proposed.code, 0, proposed.stderr);
  assert.equal(nomos(db, "vote", "301", "for", "--as", "grace-hopper").code, 0);
  const closing = nomos(db, "vote", "301", "for", "--as", "ada-lovelace");
  assert.equal(closing.code, 0);
  const points = state().state.find((s: { name: string }) => s.name === "points").values;
  assert.deepEqual(points, { "grace-hopper": 10, "ada-lovelace": 0 });

  const rule = nomos(db, "rules", "301");
  assert.equal(rule.out.text, "Each turn begins with a welcome.");
  assert.match(rule.out.code.source, /Welcome/);
  const log = nomos(db, "log").out;
  const messages = log.flatMap((a: { effects: { e: string; text?: string }[] }) => a.effects.filter((e) => e.e === "message").map((e) => e.text));
  assert.ok(messages.includes("Welcome, Ada Lovelace"), "the new rule's code ran when the next turn began");
  const human = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--db", db, "state"], { encoding: "utf8" });
  assert.match(human.stdout, /Turn 2: Ada Lovelace to move/);
});

test("bad commands fail with a clear message and change nothing", () => {
  const db = join(dir, "bad.db");
  nomos(db, "new", "Game", "--preset", "suber", "--player", "Grace Hopper", "--player", "Ada Lovelace", "--start");
  const before = nomos(db, "log").out.length;
  const cases: [string[], RegExp][] = [
    [["vote", "301", "for", "--as", "grace-hopper"], /there is no proposal 301/],
    [["vote", "301", "maybe", "--as", "grace-hopper"], /must be one of "for", "against"/],
    [["propose", "--as", "ada-lovelace", "--enact", "--text", "x"], /not your turn/],
    [["propose", "--as", "nobody", "--enact", "--text", "x"], /"nobody" is not a player/],
    [["propose", "--as", "grace-hopper", "--repeal", "abc"], /"abc" is not a whole number/],
    [["propose", "--as", "grace-hopper"], /exactly one of --enact/],
    [["rules", "999"], /there is no rule 999/],
    [["new", "x", "--preset", "chess"], /there is no preset "chess"/],
  ];
  for (const [args, message] of cases) {
    const run = nomos(db, ...args);
    assert.equal(run.code, 1, `${args.join(" ")} fails`);
    const error = JSON.parse(run.stderr).error;
    assert.match(error.message, message, args.join(" "));
  }
  assert.equal(nomos(db, "log").out.length, before, "nothing was recorded");
  const human = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--db", db, "vote", "301", "for", "--as", "grace-hopper"], { encoding: "utf8" });
  assert.equal(human.stderr.trim(), "error: Rule 105: there is no proposal 301");
});

test("nomos play: scripted players play Suber's set to a winner", () => {
  const db = join(dir, "play.db");
  const run = nomos(db, "play", "--bots", "3", "--seed", "cli-test");
  assert.equal(run.code, 0, run.stderr);
  const winner = run.out.result.winners[0];
  assert.ok(run.out.points[winner] >= 200);
  assert.equal(run.out.result.rule, 208);
  const text = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--db", join(dir, "play2.db"), "play", "--bots", "3", "--seed", "cli-test"], { encoding: "utf8" });
  assert.match(text.stdout, /^Turn 1: .* proposes 301/m);
  assert.match(text.stdout, /The final ruleset:/);
  assert.match(text.stdout, /won after \d+ turns/);
});
