/**
 * `nomos remote`: the command line talking to a real server over loopback. The server runs
 * in this process on a temp SQLite file; the CLI runs as a child process, as a user runs
 * it, each user with their own session file. The tests share one game and run in order.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { runCli, type Run } from "./cli-run.js";
import { startServer, type TestServer } from "./server-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-remote-"));
let server: TestServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sessionOf = (user: string) => join(dir, `${user}.json`);
const passwords: Record<string, string> = { ada: "ada-secret-pw", grace: "grace-secret-pw" };

/** Runs `nomos [--json] ...args` as `user` (their session file and password). */
function run(user: string, args: string[], json = false, env: Record<string, string> = {}): Promise<Run> {
  return runCli(args, json, { NOMOS_REMOTE_FILE: sessionOf(user), NOMOS_PASSWORD: passwords[user] ?? "", ...env });
}
const remote = (user: string, ...args: string[]) => run(user, ["remote", ...args]);
const remoteJson = (user: string, ...args: string[]) => run(user, ["remote", ...args], true);

async function ok(user: string, ...args: string[]): Promise<string> {
  const r = await remote(user, ...args);
  assert.equal(r.code, 0, `nomos remote ${args.join(" ")} failed: ${r.stderr}`);
  assert.equal(r.stderr, "");
  return r.stdout;
}
async function okJson(user: string, ...args: string[]): Promise<any> {
  const r = await remoteJson(user, ...args);
  assert.equal(r.code, 0, `nomos remote ${args.join(" ")} failed: ${r.stderr}`);
  return r.out;
}
/** A command that must fail: exit code 1, "error: <message>" on stderr and nothing on stdout. */
async function fails(user: string, args: string[], message: RegExp): Promise<Run> {
  const r = await remote(user, ...args);
  assert.equal(r.code, 1, `nomos remote ${args.join(" ")} should fail: ${r.stdout}`);
  assert.match(r.stderr, /^error: /);
  assert.match(r.stderr, message);
  assert.equal(r.stdout, "");
  assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
  return r;
}
/** The local CLI on the server's own game file: what `nomos remote` must look like. */
async function local(...args: string[]): Promise<string> {
  const r = await run("nobody", ["--db", server.db, ...args]);
  assert.equal(r.code, 0, `nomos ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout;
}

const points = (state: any) => state.state.find((s: { name: string }) => s.name === "points").values;

describe("nomos remote", () => {
  let game = "";
  let invite = "";

  test("without a session, every command says how to log in and exits 1", async () => {
    const r = await fails("ada", ["games"], /you are not logged in to a Nomos server; run: nomos remote login <url> <username>/);
    assert.equal(existsSync(sessionOf("ada")), false);
    const json = await remoteJson("ada", "state");
    assert.equal(json.code, 1);
    assert.equal(json.error?.code, "signed-out");
    assert.match(json.error!.message, /nomos remote login/);
    assert.equal(r.stdout, "");
  });

  test("login --signup creates the account and a session file only its owner can read", async () => {
    const signed = await ok("ada", "login", server.url, "ada", "--signup", "--name", "Ada Lovelace");
    assert.match(signed, /^Signed up and logged in to http:\/\/127\.0\.0\.1:\d+ as Ada Lovelace \(ada\)\./);
    const file = sessionOf("ada");
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const session = JSON.parse(readFileSync(file, "utf8"));
    assert.deepEqual(Object.keys(session).sort(), ["cookie", "csrf", "url", "username"]);
    assert.equal(session.url, server.url);
    assert.equal(session.username, "ada");
    assert.match(session.cookie, /^nomos_session=[\w-]{20,}$/);
    assert.ok(session.csrf.length >= 20);
    assert.ok(!signed.includes(session.cookie.split("=")[1]), "the session token is never printed");

    // Grace gives the address without a scheme, as people type it.
    const grace = await okJson("grace", "login", server.url.replace("http://", ""), "grace", "--signup", "--name", "Grace Hopper");
    assert.equal(grace.user.displayName, "Grace Hopper");
    assert.equal(grace.url, server.url);
    assert.equal(grace.cookie, undefined, "--json does not print the session either");

    const who = await okJson("ada", "whoami");
    assert.equal(who.user.username, "ada");
    assert.equal(who.url, server.url);
  });

  test("a wrong password, a taken username or no password changes nothing", async () => {
    const wrong = await run("mallory", ["remote", "login", server.url, "ada"], false, { NOMOS_PASSWORD: "not-adas-password" });
    assert.equal(wrong.code, 1);
    assert.equal(wrong.stderr, "error: wrong username or password\n");
    assert.equal(existsSync(sessionOf("mallory")), false);
    const before = readFileSync(sessionOf("ada"), "utf8");
    const taken = await run("ada", ["remote", "login", server.url, "ada", "--signup"], false, { NOMOS_PASSWORD: "another-password" });
    assert.equal(taken.code, 1);
    assert.match(taken.stderr, /^error: .*taken/);
    assert.equal(readFileSync(sessionOf("ada"), "utf8"), before, "a failed login keeps the session there was");
    // Not a terminal, and no NOMOS_PASSWORD: nothing to prompt on.
    await fails("nobody", ["login", server.url, "nobody"], /no password: set NOMOS_PASSWORD/);
    await fails("ada", ["login", server.url, "ada", "--name", "Ada"], /--name goes with --signup/);
  });

  test("one creates a game, the other joins it by its invitation link", async () => {
    assert.match(await ok("ada", "games"), /You play in no game on .* yet/);
    const created = await okJson("ada", "new", "Friday Nomic", "--preset", "suber");
    game = created.id;
    assert.equal(created.me, "ada-lovelace");
    assert.match(created.inviteUrl, new RegExp(`^${server.url}/invite/[\\w-]+$`));
    invite = created.inviteUrl;

    const joined = await ok("grace", "join", invite);
    assert.match(
      joined,
      new RegExp(
        `^You joined "Friday Nomic" \\(game ${game}\\) as grace-hopper\\.\\nPlayers: Ada Lovelace \\(ada-lovelace\\), Grace Hopper \\(grace-hopper\\)`,
      ),
    );
    // Joining again is answered with the seat already taken, and adds no player.
    assert.match(await ok("grace", "join", invite), /^You already play in "Friday Nomic" \(game [\w]+\) as grace-hopper\./);
    await fails("grace", ["join", `${server.url}/invite/not-a-code`], /this invitation is not valid/);

    const games = await okJson("ada", "games");
    assert.deepEqual(
      games.map((g: { id: string }) => g.id),
      [game],
    );
    assert.deepEqual(
      games[0].players.map((p: { id: string }) => p.id),
      ["ada-lovelace", "grace-hopper"],
    );
    assert.match(
      await ok("grace", "games"),
      new RegExp(`^${game}  Friday Nomic \\(suber\\), created .* UTC, in play; players: Ada Lovelace, Grace Hopper; you are grace-hopper$`, "m"),
    );
  });

  test("start, propose and vote; state, rules and log show it as the local CLI does", async () => {
    // Hopper comes before Lovelace by surname: Grace moves first.
    assert.equal(await ok("ada", "start"), "Turn 1: Grace Hopper to move.\n");
    const proposed = await ok("grace", "propose", "--enact", "--title", "Rhyme", "--text", "Players shall speak in rhyme.");
    assert.equal(proposed, 'Grace Hopper proposes 301: enact a new rule "Rhyme".\nEvery player votes: nomos remote vote 301 for|against\n');
    assert.equal(await ok("ada", "vote", "301", "for"), "You voted for on proposal 301. Waiting for: Grace Hopper.\n");

    const open = await ok("ada", "state");
    assert.match(open, /Proposal 301 by Grace Hopper is open: Enact a new rule "Rhyme" — "Players shall speak in rhyme\."\n {2}votes: Ada Lovelace for\n/);
    // Who is awaited, once, as the rules say it (the page's banner says the same).
    assert.match(open, /^Awaiting Grace Hopper: vote on proposal 301 \(act vote; Rule \d+\)$/m);
    const openJson = await okJson("ada", "state");
    assert.deepEqual(
      openJson.openProposals.map((p: { number: number; votes: object }) => [p.number, p.votes]),
      [[301, { "ada-lovelace": "for" }]],
    );

    const closing = await okJson("grace", "vote", "301", "for");
    assert.ok(closing.messages.includes("Proposal 301 is adopted: the vote was unanimous."), closing.messages.join("\n"));
    assert.equal(closing.actor, "grace-hopper");
    assert.equal(closing.status, "active");

    // Reads change nothing: they run side by side.
    const [state, text, localState, rule, ruleText, localRule, rules, localRules, rulesJson, log, localLog, last, actions] = await Promise.all([
      okJson("ada", "state"),
      ok("ada", "state"),
      local("--game", game, "state", "--as", "ada-lovelace"),
      okJson("ada", "rules", "301"),
      ok("ada", "rules", "301"),
      local("--game", game, "rules", "301"),
      ok("grace", "rules"),
      local("--game", game, "rules"),
      okJson("grace", "rules"),
      ok("ada", "log"),
      local("--game", game, "log", "--as", "ada-lovelace"),
      okJson("ada", "log", "--limit", "2"),
      ok("grace", "actions"),
    ]);
    assert.equal(state.game, game);
    assert.equal(state.viewer, "ada-lovelace");
    assert.deepEqual(points(state), { "ada-lovelace": 0, "grace-hopper": 10 });
    assert.equal(state.turn.player, "ada-lovelace");
    assert.deepEqual(state.openProposals, []);
    assert.equal(state.ruleCount, 30);

    assert.match(text, /^Friday Nomic \(suber\), act 7, .* UTC, in play\nAs seen by Ada Lovelace\n/);
    assert.match(text, /Grace Hopper \(grace-hopper\): Points 10/);
    assert.match(text, /Turn 2: Ada Lovelace to move, 0 complete circuits; has not proposed yet/);
    assert.match(text, /Last decided: proposal 301 by Grace Hopper adopted \(the vote was unanimous\)/);
    // Word for word what the local CLI prints from the server's own game file, as Ada sees it.
    assert.equal(text, localState);

    assert.equal(rule.text, "Players shall speak in rhyme.");
    assert.equal(rule.title, "Rhyme");
    assert.equal(rule.repealed, false);
    assert.match(rule.history[0].line, /^Enacted by Proposal 301 through Rule 104, /);
    assert.equal(ruleText, localRule);
    assert.equal(rules, localRules);
    assert.equal(rulesJson.length, 30);

    assert.match(log, /#5 .* UTC Grace Hopper: propose \{"change":\{"kind":"enact","text":"Players shall speak in rhyme\.","title":"Rhyme"\}\}/);
    assert.match(log, /Proposal 301 is adopted: the vote was unanimous\./);
    assert.equal(log, localLog);
    assert.deepEqual(
      last.map((e: { seq: number }) => e.seq),
      [6, 7],
    );

    // The forms of the actions open to you; the others apart, with why the rules refuse them now.
    assert.match(actions, /Invoke judgment: act invoke-judgment \(Rule 212\): .*\n {2}input: \{ question: string, rules\?: integer\[\] \}/);
    assert.match(actions, /Not open to you now:\n(.*\n)* {2}Vote \(vote\): no proposal is open for votes \(Rule 105\)\n/);
    assert.match(actions, /Take one with: nomos remote act <action> '<json>'$/m);
  });

  test("--game picks the game; the default is the game joined last", async () => {
    const other = await okJson("grace", "new", "Second game", "--preset", "suber");
    assert.equal((await okJson("grace", "state")).game, other.id, "the newest game by default");
    assert.equal((await okJson("grace", "state", "--game", game)).game, game);
    assert.equal((await okJson("grace", "--game", game, "state")).name, "Friday Nomic");
    await Promise.all([
      fails("ada", ["state", "--game", other.id], /you are not a player in this game/),
      fails("ada", ["state", "--game", "no-such-game"], /there is no game "no-such-game"/),
    ]);
  });

  test("a refused or mistyped act exits 1 with the reason and changes nothing", async () => {
    const seq = (await okJson("ada", "state", "--game", game)).seq;
    await Promise.all([
      fails("ada", ["act", "nope", "--game", game], /^error: no rule in effect offers the action "nope"; the actions offered now are: propose, vote/),
      fails("ada", ["act", "vote", "{not json", "--game", game], /the input is not valid JSON/),
      fails("ada", ["vote", "three", "for", "--game", game], /"three" is not a whole number/),
      fails("ada", ["propose", "--game", game], /say what to propose: exactly one of --enact/),
      // Grace's turn is over: a rule refuses her second proposal.
      fails("grace", ["propose", "--repeal", "301", "--game", game], /^error: Rule \d+: /),
    ]);
    assert.equal((await okJson("ada", "state", "--game", game)).seq, seq, "nothing was recorded");

    // Ada proposes and votes; a second vote is refused by Rule 207, with the rule in --json.
    assert.match(await ok("ada", "propose", "--repeal", "301", "--game", game), /^Ada Lovelace proposes 302: repeal rule 301\./);
    await ok("ada", "vote", "302", "for", "--game", game);
    const twice = await remoteJson("ada", "vote", "302", "against", "--game", game);
    assert.equal(twice.code, 1);
    assert.deepEqual(twice.error, {
      code: "refused",
      message: "Rule 207: you have already voted on proposal 302; each player has exactly one vote",
      rule: 207,
    });
    assert.equal(twice.stdout, "");
    const state = await okJson("ada", "state", "--game", game);
    assert.equal(state.seq, seq + 2, "only the proposal and the first vote were recorded");
    assert.deepEqual(state.openProposals[0].votes, { "ada-lovelace": "for" });
  });

  test("a repealed rule is still shown, from the log", async () => {
    assert.match(await ok("grace", "vote", "302", "for", "--game", game), /Proposal 302 is adopted/);
    const rules = await ok("grace", "rules", "--game", game);
    assert.match(rules, /Repealed: 301 \(nomos remote rules <number> shows one\)\n$/);
    const repealed = await okJson("grace", "rules", "301", "--game", game);
    assert.equal(repealed.repealed, true);
    assert.deepEqual(
      repealed.history.map((h: { change: string }) => h.change),
      ["enacted", "repealed"],
    );
    assert.equal(await ok("grace", "rules", "301", "--game", game), await local("--game", game, "rules", "301"));
    await fails("grace", ["rules", "999", "--game", game], /there is no rule 999, current or repealed; see: nomos remote rules/);
  });

  test("the records: ruleset and reports read as the local CLI's; a correction needs an officer or the host", async () => {
    assert.equal(await ok("grace", "ruleset", "--full", "--game", game), await local("--game", game, "ruleset", "--full"));
    assert.equal(await ok("grace", "report", "proposals", "--game", game), await local("--game", game, "report", "proposals", "--as", "grace-hopper"));
    assert.equal(
      await ok("ada", "report", "scores", "--seq", "5", "--game", game),
      await local("--game", game, "report", "scores", "--seq", "5", "--as", "ada-lovelace"),
    );
    await fails("grace", ["correct", "--rule", "202", "--reason", "mine", "--set", "points:grace-hopper=99", "--game", game], /no rule names you an officer/);
    await fails(
      "grace",
      ["correct", "--rule", "202", "--reason", "mine", "--set", "points:grace-hopper=99", "--as-host", "--game", game],
      /only the game's creator/,
    );
    assert.match(
      await ok("ada", "correct", "--rule", "202", "--reason", "recount", "--set", "points:grace-hopper=7", "--as-host", "--game", game),
      /^Correction recorded as act \d+: recount\n$/,
    );
    const scores = await okJson("grace", "report", "scores", "--game", game);
    assert.ok(scores.changes.some((c: { player: string; to: number; rule: number }) => c.player === "grace-hopper" && c.to === 7 && c.rule === 202));
  });

  test("the forum: post and read", async () => {
    assert.match(await ok("grace", "post", "Well played, Ada.", "--game", game), /^Posted to the forum of game \w+ \(post \d+\)\.\n$/);
    const posts = await okJson("ada", "posts", "--game", game);
    assert.deepEqual(
      posts.map((p: { author: { displayName: string }; body: string }) => [p.author.displayName, p.body]),
      [["Grace Hopper", "Well played, Ada."]],
    );
    assert.match(await ok("ada", "posts", "--game", game), /^#\d+ .* UTC Grace Hopper:\n {2}Well played, Ada\.$/m);
    await fails("ada", ["post", "   ", "--game", game], /a post cannot be blank/);
  });

  test("notifications: what the server mails, for the account and for one game, seen and changed", async () => {
    assert.match(await ok("ada", "notifications"), /^Mail for your games: your duties on, reminded 12 hours before one lapses; the game's end on\.\n$/);
    assert.match(
      await ok("ada", "notifications", "--remind", "3", "--game-end", "off"),
      /^Saved\. Mail for your games: your duties on, reminded 3 hours before one lapses; the game's end off\.\n$/,
    );
    assert.match(await ok("ada", "notifications", "--game", game), /your duties on, reminded 3 hours .*the game's end off \(your account's choice\)\./);
    const own = await okJson("ada", "notifications", "--game", game, "--duties", "off");
    assert.deepEqual([own.own, own.settings.duties, own.settings.reminderHours], [true, false, 3]);
    assert.equal((await okJson("ada", "notifications", "--game", game, "--follow-account")).own, false);
    await fails("ada", ["notifications", "--duties", "maybe"], /--duties is on or off, not "maybe"/);
    await fails("ada", ["notifications", "--remind", "-1"], /--remind is a whole number of hours from 0 to 72/);
    await fails("ada", ["notifications", "--follow-account"], /--follow-account goes with --game/);
    assert.match(await ok("ada", "notifications", "--digest", "7"), /; mailed in one digest a day at 07:00 your time\.\n$/);
    assert.equal((await okJson("ada", "notifications", "--digest", "off")).digestHour, null);
    await fails("ada", ["notifications", "--digest", "25"], /--digest is an hour from 0 to 23 \(your time zone's\), or off, not "25"/);
  });

  test("channels: say, read, edit, delete, and the host redacts", async () => {
    assert.match(await ok("grace", "say", "Shall we begin?", "--game", game), /^Said in #general of game \w+ \(message \d+\)\.\n$/);
    const said = await okJson("grace", "say", "A second thought.", "--game", game);
    assert.match(await ok("grace", "edit-message", String(said.id), "A better thought.", "--game", game), /^Message \d+ edited\.\n$/);
    const rude = await okJson("grace", "say", "Something rude.", "--game", game);
    await fails("grace", ["redact", String(rude.id), "--reason", "mine", "--game", game], /host|redact/i);
    assert.match(await ok("ada", "redact", String(rude.id), "--reason", "the terms", "--game", game), /^Message \d+ redacted: the terms\n$/);
    assert.match(await ok("grace", "delete-message", String(said.id), "--game", game), /^Message \d+ deleted\.\n$/);
    await fails("ada", ["say", "x", "--channel", "backstage", "--game", game], /no channel "backstage"/);
    const text = await ok("ada", "messages", "--channel", "general", "--game", game);
    assert.match(text, /\[general\] Grace Hopper:\n {2}Shall we begin\?\n/);
    assert.match(text, /\[general\] Grace Hopper:\n {2}\(deleted\)\n/);
    assert.match(text, /\[general\] Grace Hopper:\n {2}\(redacted by Ada Lovelace: the terms\)/);
    assert.ok(!text.includes("Something rude"));
    assert.match(await ok("ada", "messages", "--game", game), /^Channels: #general \(\d+\)/);
    const json = await okJson("ada", "messages", "--game", game);
    assert.ok(
      json.channels.some((c: { id: string }) => c.id === "general"),
      "as JSON, the channels beside the messages",
    );
    assert.ok(json.messages.some((m: { text: string | null }) => m.text === "Shall we begin?"));
  });

  test("a session ended on the server says to log in again; logout forgets it", async () => {
    const copy = join(dir, "grace-copy.json");
    writeFileSync(copy, readFileSync(sessionOf("grace")));
    assert.equal(await ok("grace", "logout"), `Logged out of ${server.url}.\n`);
    assert.equal(existsSync(sessionOf("grace")), false);
    assert.equal(await ok("grace", "logout"), "You are not logged in.\n");
    await fails("grace", ["state"], /you are not logged in to a Nomos server; run: nomos remote login <url> <username>/);

    const stale = await run("grace", ["remote", "games"], false, { NOMOS_REMOTE_FILE: copy });
    assert.equal(stale.code, 1);
    assert.equal(
      stale.stderr,
      `error: you are not signed in on ${server.url} (the session ended or was signed out); run: nomos remote login ${server.url} grace\n`,
    );

    // Logging in again gives a fresh session that works.
    await ok("grace", "login", server.url, "grace");
    assert.deepEqual((await okJson("grace", "games")).map((g: { name: string }) => g.name).sort(), ["Friday Nomic", "Second game"]);
  });

  test("a server that is not running: a clear error, and the session is kept", async () => {
    // A port nothing listens on: take a free one and let it go.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const down = `http://127.0.0.1:${port}`;
    const file = join(dir, "down.json");
    const session = { ...JSON.parse(readFileSync(sessionOf("ada"), "utf8")), url: down };
    writeFileSync(file, JSON.stringify(session), { mode: 0o600 });
    for (const args of [["state"], ["vote", "302", "for"], ["games"]]) {
      const r = await run("ada", ["remote", ...args], false, { NOMOS_REMOTE_FILE: file });
      assert.equal(r.code, 1);
      assert.equal(r.stderr, `error: cannot reach ${down}: is \`nomos serve\` running?\n`);
      assert.equal(r.stdout, "");
    }
    const login = await run("ada", ["remote", "login", down, "ada"], false, { NOMOS_REMOTE_FILE: file });
    assert.equal(login.stderr, `error: cannot reach ${down}: is \`nomos serve\` running?\n`);
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), session, "the session file is untouched");

    // And the real server, stopped: the game's state is as it was.
    const before = await okJson("ada", "state", "--game", game);
    await server.app.close();
    const r = await remote("ada", "vote", "302", "for", "--game", game);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `error: cannot reach ${server.url}: is \`nomos serve\` running?\n`);
    const after = await local("--game", game, "--json", "state", "--as", "ada-lovelace");
    assert.equal(JSON.parse(after).seq, before.seq);
  });
});
