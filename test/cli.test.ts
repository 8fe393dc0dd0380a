/**
 * The command line, run as a user runs it (a child process on a real game file). Each test
 * has its own file, so the tests run side by side.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { runCli, type Run } from "./cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-cli-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `nomos --db <db> [--json] ...args`; `out` is the parsed JSON (with json), `error` the JSON error. */
function run(db: string, args: string[], json = true): Promise<Run> {
  return runCli(["--db", db, ...args], json);
}
const nomos = (db: string, ...args: string[]) => run(db, args);
const human = (db: string, ...args: string[]) => run(db, args, false);

async function ok(db: string, ...args: string[]): Promise<any> {
  const r = await nomos(db, ...args);
  assert.equal(r.code, 0, `nomos ${args.join(" ")} failed: ${r.stderr}`);
  return r.out;
}

const stateValue = (state: any, name: string) => state.state.find((s: { name: string }) => s.name === name);

/** A new game file with a started game of Suber's set between three players. */
async function newGame(file: string): Promise<string> {
  const db = join(dir, file);
  await ok(db, "new", "Friday game", "--preset", "suber", "--player", "Grace Hopper", "--player", "Ada Lovelace", "--player", "Alan Turing", "--start");
  return db;
}

async function voteAll(db: string, proposal: number, votes: Record<string, string> = {}): Promise<void> {
  for (const p of ["grace-hopper", "ada-lovelace", "alan-turing"]) await ok(db, "vote", String(proposal), votes[p] ?? "for", "--as", p);
}

// Each run is a process that is mostly CPU-bound start-up: one per core.
describe("nomos", { concurrency: Math.max(2, availableParallelism()) }, () => {
  test("presets, new game with players, games, rules, state and actions", async () => {
    const db = join(dir, "new.db");
    const presets = await ok(db, "presets");
    assert.ok(presets.some((p: { name: string }) => p.name === "suber"));

    const created = await ok(db, "new", "Friday game", "--preset", "suber", "--player", "Grace Hopper", "--player", "Ada Lovelace", "--seed", "s1");
    assert.deepEqual(
      created.players.map((p: { id: string }) => p.id),
      ["grace-hopper", "ada-lovelace"],
    );
    assert.equal(created.rules, 29);
    assert.equal(created.started, false);
    const games = await ok(db, "games");
    assert.deepEqual(
      games.map((g: { id: string }) => g.id),
      [created.id],
    );
    assert.equal(games[0].seed, undefined, "the seed predicts secret draws: not shown");

    const joined = await ok(db, "join", "Alan Turing");
    assert.equal(joined.id, "alan-turing");

    const rules = await ok(db, "rules");
    assert.equal(rules.length, 29);
    assert.deepEqual(Object.keys(rules[0]).sort(), ["hasCode", "inEffect", "mutable", "number", "revision", "suspended", "text", "title"]);
    assert.equal(rules.filter((r: { mutable: boolean }) => !r.mutable).length, 16);
    assert.equal(rules.find((r: { number: number }) => r.number === 201).hasCode, true);
    assert.equal(rules.find((r: { number: number }) => r.number === 101).hasCode, false);
    const withHistory = await ok(db, "rules", "--history");
    assert.match(withHistory[0].history[0].line, /^Enacted by .*, \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const r201 = await ok(db, "rules", "201");
    assert.match(r201.code.source, /action\("start"/);
    assert.equal(r201.repealed, false);

    const state = await ok(db, "state");
    assert.equal(state.game, created.id);
    assert.equal(state.turn.player, null, "play has not begun");
    assert.deepEqual(stateValue(state, "points").values, { "grace-hopper": 0, "ada-lovelace": 0, "alan-turing": 0 });
    const actions = await ok(db, "actions");
    for (const a of ["start", "propose", "vote", "invoke-judgment", "judge", "consent", "overrule", "forfeit"]) {
      assert.ok(
        actions.some((x: { name: string }) => x.name === a),
        a,
      );
    }
    const text = await human(db, "actions");
    assert.match(text.stdout, /^Vote: act vote \(Rule 105\): .*\n {2}input: \{ proposal: integer, vote: "for" \| "against" \}/m);
    // A move that cannot be undone comes last, saying what follows.
    const forms = text.stdout
      .split(/\n\n(?:Not open to you now|Take one with)/)[0]!
      .trim()
      .split("\n\n");
    assert.match(forms.at(-1)!, /^Forfeit: act forfeit \(Rule 113\): .*\n {2}Cannot be undone: you are no longer a player/);

    await ok(db, "start", "--as", "ada-lovelace");
    assert.equal((await ok(db, "state")).turn.player, "grace-hopper", "Hopper comes before Lovelace and Turing by surname");
  });

  test("--start on a ruleset whose play needs no start creates the game and says play is open, not to run start", async () => {
    const db = join(dir, "viii.db");
    const created = await human(db, "new", "Eight", "--preset", "nomic-viii", "--player", "Ada Lovelace", "--player", "Grace Hopper", "--start");
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /Its rules need no start: play is open; nomos state says what play awaits\.$/m);
    assert.doesNotMatch(created.stdout + created.stderr, /nomos start/);
  });

  test("a propose and vote round changes points; amend and repeal keep the history", async () => {
    const db = await newGame("round.db");
    const codeFile = join(dir, "welcome.ts");
    writeFileSync(codeFile, `on("turn.began", (e) => game.post("Welcome, " + (game.player(e.data.player)?.name ?? "")));\n`);
    const proposed = await ok(
      db,
      "propose",
      "--as",
      "grace-hopper",
      "--enact",
      "--title",
      "Welcome",
      "--text",
      "Each turn begins with a welcome.",
      "--code-file",
      codeFile,
    );
    assert.deepEqual(proposed.messages, ['Grace Hopper proposes 301: enact a new rule "Welcome" (with code).']);
    const open = (await ok(db, "state")).openProposals;
    assert.equal(open.length, 1);
    assert.equal(open[0].number, 301);

    await ok(db, "vote", "301", "for", "--as", "grace-hopper");
    assert.deepEqual((await ok(db, "state")).openProposals[0].votes, { "grace-hopper": "for" });
    await ok(db, "act", "vote", "--as", "ada-lovelace", "--input", '{"proposal": 301, "vote": "for"}');
    const closing = await ok(db, "vote", "301", "for", "--as", "alan-turing");
    assert.ok(closing.messages.includes("Proposal 301 is adopted: the vote was unanimous."), closing.messages.join("\n"));

    const state = await ok(db, "state");
    assert.deepEqual(stateValue(state, "points").values, { "grace-hopper": 10, "ada-lovelace": 0, "alan-turing": 0 });
    assert.equal(state.turn.player, "ada-lovelace");
    assert.deepEqual(state.openProposals, []);
    const rule = await ok(db, "rules", "301");
    assert.equal(rule.text, "Each turn begins with a welcome.");
    assert.equal(rule.title, "Welcome");
    assert.match(rule.code.source, /Welcome, /);
    const log = await ok(db, "log");
    const messages = log.flatMap((a: { effects: { e: string; text?: string }[] }) => a.effects.filter((e) => e.e === "message").map((e) => e.text));
    assert.ok(messages.includes("Welcome, Ada Lovelace"), "the new rule's code ran when the next turn began");

    // Ada amends it (taking the proposal's number, Rule 108); Turing repeals it.
    await ok(db, "propose", "--as", "ada-lovelace", "--amend", "301", "--text", "Each turn begins with a warm welcome.");
    await voteAll(db, 302);
    const amended = await ok(db, "rules", "302");
    assert.equal(amended.revision, 2);
    assert.match(
      amended.history.map((h: { line: string }) => h.line).join("\n"),
      /^Amended \(rev 2\) by Proposal 302 through Rule 104, \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m,
    );
    const moved = await nomos(db, "rules", "301");
    assert.match(moved.error!.message, /rule 301 is now rule 302/);
    await ok(db, "propose", "--as", "alan-turing", "--repeal", "302");
    await voteAll(db, 303);
    const repealed = await ok(db, "rules", "302");
    assert.equal(repealed.repealed, true);
    assert.equal((await ok(db, "rules")).length, 29);
    const points = stateValue(await ok(db, "state"), "points").values;
    assert.deepEqual(points, { "grace-hopper": 10, "ada-lovelace": 11, "alan-turing": 12 });

    const text = await human(db, "rules", "302");
    assert.match(text.stdout, /^\(repealed\) 302\. Welcome \[mutable, rev 2, has code\]/);
    assert.match(
      text.stdout,
      /History:\n {2}Enacted by Proposal 301 through Rule 104, .*\n {2}Amended \(rev 2\) by Proposal 302 through Rule 104, .*\n {2}Renumbered from 301 to 302 by Proposal 302 through Rule 104, .*\n {2}Repealed by Proposal 303 through Rule 104/,
    );
    const humanState = await human(db, "state");
    assert.match(humanState.stdout, /Turn 4: Grace Hopper to move/);
    assert.match(humanState.stdout, /Grace Hopper \(grace-hopper\): Points 10/);
    assert.match(humanState.stdout, /Last decided: proposal 303 by Alan Turing adopted/);
    const humanLog = await human(db, "log", "--limit", "3");
    assert.equal(humanLog.stdout.match(/^#\d+ /gm)?.length, 3);
    assert.match(humanLog.stdout, /Alan Turing: vote \{"proposal":303,"vote":"for"\}/);
    assert.match(humanLog.stdout, /Rule 302 repealed \(Proposal 303 through Rule 104\)/);
    assert.equal((await ok(db, "log", "--limit", "2")).length, 2);
  });

  test("bad votes and moves fail with a clear message and change nothing", async () => {
    const db = await newGame("bad.db");
    await ok(db, "propose", "--as", "grace-hopper", "--enact", "--text", "A rule.");
    await ok(db, "vote", "301", "for", "--as", "grace-hopper");
    const before = { state: await ok(db, "state"), log: await ok(db, "log") };
    const cases: [string[], string, RegExp][] = [
      [["vote", "301", "against", "--as", "grace-hopper"], "refused", /^Rule 207: you have already voted on proposal 301; each player has exactly one vote$/],
      [["vote", "399", "for", "--as", "ada-lovelace"], "refused", /^Rule 105: there is no proposal 399$/],
      [
        ["vote", "301", "for", "--as", "nobody"],
        "not-a-player",
        /"nobody" is not a player in this game; the players are: grace-hopper, ada-lovelace, alan-turing/,
      ],
      [["vote", "301", "maybe", "--as", "ada-lovelace"], "invalid-input", /must be one of "for", "against"/],
      [["vote", "three", "for", "--as", "ada-lovelace"], "usage", /"three" is not a whole number/],
      [["propose", "--as", "ada-lovelace", "--enact", "--text", "x"], "refused", /not your turn/],
      [["propose", "--as", "grace-hopper", "--repeal", "abc"], "usage", /"abc" is not a whole number/],
      [["propose", "--as", "grace-hopper"], "usage", /exactly one of --enact/],
      [["act", "vote", "--as", "ada-lovelace", "--input", "{proposal: 301}"], "usage", /--input is not valid JSON/],
      [["act", "dance", "--as", "ada-lovelace"], "unknown-action", /no rule in effect offers the action "dance"/],
      [["vote", "301", "for"], "usage", /required option '--as <player>' not specified/],
      [["frobnicate"], "usage", /unknown command 'frobnicate'/],
      [["rules", "999"], "no-rule", /there is no rule 999/],
      [["--game", "nope", "state"], "no-game", /there is no game "nope"/],
      [["new", "x", "--preset", "chess"], "error", /there is no preset "chess"/],
    ];
    const runs = await Promise.all(cases.map(([args]) => nomos(db, ...args)));
    cases.forEach(([args, code, message], i) => {
      const r = runs[i]!;
      assert.equal(r.code, 1, `${args.join(" ")} exits 1`);
      assert.equal(r.stdout, "", `${args.join(" ")} prints nothing on stdout`);
      assert.ok(r.error, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.error.code, code, args.join(" "));
      assert.match(r.error.message, message, args.join(" "));
    });
    assert.equal(runs[0]!.error!.rule, 207);
    assert.deepEqual({ state: await ok(db, "state"), log: await ok(db, "log") }, before, "nothing changed");

    const plain = await human(db, "vote", "301", "for", "--as", "grace-hopper");
    assert.equal(plain.code, 1);
    assert.equal(plain.stderr, "error: Rule 207: you have already voted on proposal 301; each player has exactly one vote\n");
    const missing = await human(join(dir, "missing.db"), "state");
    assert.match(missing.stderr, /^error: there is no game file .*missing\.db/);
    assert.doesNotMatch(missing.stderr, /\n\s+at /, "no stack trace");
  });

  test("Judgment, consent and forfeit through their commands", async () => {
    const db = await newGame("judgment.db");
    await ok(db, "propose", "--as", "grace-hopper", "--enact", "--text", "Hats are mandatory.");
    await ok(db, "judgment", "call", "Is proposing hats legal?", "--as", "alan-turing");
    let state = await ok(db, "state");
    assert.equal(state.openJudgments.length, 1);
    const judge = state.openJudgments[0].judge;
    assert.equal(judge, "alan-turing", "the player preceding the mover judges");
    const notJudge = await nomos(db, "judgment", "rule", "1", "legal", "Hats harm nobody.", "--as", "ada-lovelace");
    assert.match(notJudge.error!.message, /only the Judge of case 1/);
    await ok(db, "judgment", "rule", "1", "legal", "Hats harm nobody.", "--as", "alan-turing");
    await voteAll(db, 301);
    state = await ok(db, "state");
    assert.match(state.turn.waiting, /consent/);
    await ok(db, "judgment", "consent", "1", "--as", "grace-hopper");
    await ok(db, "judgment", "consent", "1", "--as", "alan-turing");
    state = await ok(db, "state");
    assert.equal(state.turn.player, "ada-lovelace");
    assert.deepEqual(state.openJudgments, []);

    const left = await ok(db, "forfeit", "--as", "alan-turing");
    assert.ok(left.messages.includes("Alan Turing forfeits the game."));
    state = await ok(db, "state");
    assert.deepEqual(
      state.players.map((p: { id: string }) => p.id),
      ["grace-hopper", "ada-lovelace"],
    );
    assert.equal(state.departed[0].id, "alan-turing");
  });

  test("nomos play: scripted players play Suber's set to a winner", async () => {
    const played = await ok(join(dir, "play.db"), "play", "--bots", "3", "--seed", "x");
    const winner = played.result.winners[0];
    assert.equal(played.status, "over");
    assert.equal(played.result.rule, 208);
    assert.ok(played.points[winner] >= 200, `the winner has ${played.points[winner]} points`);
    assert.equal(played.winners[0].points, played.points[winner]);
    assert.equal(played.stopped, null);
    const state = await ok(join(dir, "play.db"), "state");
    assert.equal(state.status, "over");
    assert.equal(stateValue(state, "points").values[winner], played.points[winner]);

    const text = await human(join(dir, "play-text.db"), "play", "--bots", "3", "--seed", "x");
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Turn 1: .* proposes 301, to /m);
    assert.match(text.stdout, /^ {2}scores: Grace Hopper -?\d+, Ada Lovelace -?\d+, Alan Turing -?\d+$/m);
    assert.match(text.stdout, /The final ruleset:/);
    assert.match(
      text.stdout,
      new RegExp(`${played.winners[0].name} won after ${played.turns} turns with ${played.points[winner]} points`),
      "the same seed plays the same game",
    );
  });
});
