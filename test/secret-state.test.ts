/**
 * Secret state never reaches a viewer who may not see it, through any interface. A rule
 * sticks a word drawn at random on each player's forehead (visibility "others": everyone
 * sees it but its bearer) and gives each a word of their own (visibility "owner"). Ada is
 * the bearer we watch: every endpoint of a real server on loopback, the local CLI --as her
 * and `nomos remote` as her must keep her label and the others' own words from her, while
 * the others do see her label (so each check could fail). A host's correction of her label
 * must not show her the new word either; a dry run must not be an oracle for it; and the
 * game's creator, whose own label is hidden from her, may not export the game.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { runCli, type Run } from "./cli-run.js";
import { engine } from "./helpers.js";
import { adopt, type ApiClient, listen, startServer, suberTable, type TestServer } from "./server-helpers.js";

const labelRule = (visibility: { label: string; motto: string }) => `
const label = playerState("label", { initial: "", visibility: "${visibility.label}", describe: "A word on your forehead: everyone sees it but you" });
const motto = playerState("motto", { initial: "", visibility: "${visibility.motto}", describe: "A word only you see" });
const syllables = ["ka", "zu", "mi", "ro", "te", "vo", "shi", "pa"];
// Words are made from syllables, so no word appears in this code (nor in any record of it).
function word(prefix: string, taken: string[]): string {
  for (;;) {
    let w = prefix;
    for (let i = 0; i < 4; i++) w += game.random.pick(syllables);
    if (!taken.includes(w)) { taken.push(w); return w; }
  }
}
function deal(): void {
  const taken = game.players().flatMap((p) => [label.get(p.id), motto.get(p.id)]);
  for (const p of game.players()) {
    if (label.get(p.id) === "") label.set(p.id, word("qx", taken));
    if (motto.get(p.id) === "") motto.set(p.id, word("jv", taken));
  }
}
on("rule.changed", deal);
on("player.joined", deal);
action("wink", { describe: "Wink at the table", input: t.object({}) }, (_input, { actor }) => {
  game.post(\`\${game.player(actor)?.name ?? actor} winks.\`);
});
`;

const dir = mkdtempSync(join(tmpdir(), "nomos-secrets-"));
let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Page = { view: { state: { name: string; values?: Record<string, string> }[] } };
const valuesOf = (page: Page, name: string) => page.view.state.find((s) => s.name === name)?.values ?? {};

test("a secret reaches no one the rules hide it from: API, records, live updates, dry runs, export, corrections, CLI and remote CLI", async () => {
  const table = await suberTable(server, ["Grace Hopper", "Ada Lovelace", "Alan Turing"]);
  const [grace, ada, alan] = table.clients as [ApiClient, ApiClient, ApiClient];
  const { id } = table;
  const ids = { grace: table.players["Grace Hopper"]!, ada: table.players["Ada Lovelace"]!, alan: table.players["Alan Turing"]! };
  await adopt(table, 301, {
    kind: "enact",
    text: "Each player bears a label the others read, and keeps a motto of their own.",
    code: labelRule({ label: "others", motto: "owner" }),
  });

  const gracePage = (await grace.get(`/api/games/${id}`)).body as Page;
  const adaPage = (await ada.get(`/api/games/${id}`)).body as Page;
  const adaLabel = valuesOf(gracePage, "label")[ids.ada]!;
  const graceMotto = valuesOf(gracePage, "motto")[ids.grace]!;
  const alanMotto = valuesOf((await alan.get(`/api/games/${id}`)).body as Page, "motto")[ids.alan]!;
  const adaMotto = valuesOf(adaPage, "motto")[ids.ada]!;
  for (const w of [adaLabel, graceMotto, alanMotto, adaMotto]) assert.match(w, /^(qx|jv)[a-z]{8,12}$/, "every player was dealt words");
  // The controls: Ada sees the others' labels and her own motto, only not her label.
  assert.deepEqual(Object.keys(valuesOf(adaPage, "label")).sort(), [ids.alan, ids.grace].sort());
  assert.deepEqual(Object.keys(valuesOf(adaPage, "motto")), [ids.ada]);

  const newWord = "qxvelvetquokka";
  const hiddenFromAda = [adaLabel, graceMotto, alanMotto, newWord];
  const leaks = (text: string) => hiddenFromAda.filter((w) => text.includes(w));
  const clean = (what: string, text: string) => assert.deepEqual(leaks(text), [], `${what} shows Ada what the rules hide from her`);
  const adaSees = (...paths: string[]) => Promise.all(paths.map(async (path) => [path, (await ada.get(path)).text] as const));

  // Everything Ada can fetch.
  assert.equal((await ada.act(id, "wink")).status, 200);
  assert.equal((await ada.post(`/api/games/${id}/posts`, { body: "Does anyone see something on my forehead?" })).status, 201);
  const last = (await ada.get(`/api/games/${id}`)).body.view.seq as number;
  const records = ["ruleset?", "ruleset?full=true&", "reports/proposals?", "reports/scores?", "reports/court?"].flatMap((r) =>
    ["json", "text", "markdown"].flatMap((f) => [`/api/games/${id}/${r}format=${f}`, `/api/games/${id}/${r}format=${f}&seq=${last - 1}`]),
  );
  const paths = [
    "/api/games",
    `/api/games/${id}`,
    `/api/games/${id}/rules`,
    `/api/games/${id}/log`,
    `/api/games/${id}/posts`,
    `/api/games/${id}/messages`,
    `/api/games/${id}/channels`,
    `/api/games/${id}/at?seq=${last}`,
    `/api/games/${id}/at?time=${encodeURIComponent(new Date().toISOString())}`,
    ...records,
  ];
  for (const [path, text] of await adaSees(...paths)) clean(`GET ${path}`, text);
  // ... and what her fellow players see of her label there.
  for (const path of [`/api/games/${id}`, `/api/games/${id}/log`, `/api/games/${id}/reports/scores?format=text`]) {
    assert.ok((await alan.get(path)).text.includes(adaLabel), `Alan sees Ada's label in ${path}`);
  }
  assert.ok((await ada.get(`/api/games/${id}/reports/scores?format=markdown`)).text.includes(adaMotto), "Ada's own motto is hers to read");

  // Acting, and trying moves on a copy: a hostile dry run amends the rule to make every
  // word public and has everyone vote for it; the copy never held Ada's label to reveal.
  const act = await ada.act(id, "wink");
  assert.equal(act.status, 200);
  clean("the act's reply", act.text);
  const mover = (await ada.get(`/api/games/${id}`)).body.view.state.find((s: { name: string }) => s.name === "turn").value.player as string;
  const reveal = [
    { as: mover, action: "propose", input: { change: { kind: "amend", rule: 301, code: labelRule({ label: "public", motto: "public" }) } } },
    ...Object.values(ids).map((p) => ({ as: p, action: "vote", input: { proposal: 302, vote: "for" } })),
  ];
  const dry = await ada.post(`/api/games/${id}/dry-run`, { steps: reveal });
  assert.equal(dry.status, 200, dry.text);
  assert.ok(
    dry.body.steps.every((s: { ok: boolean }) => s.ok),
    dry.text,
  );
  const revealed = dry.body.changes.state.filter((s: { name: string; player: string }) => s.name === "label" && s.player === ids.ada);
  assert.equal(revealed.length, 1, "in the copy, labels became public");
  assert.notEqual(revealed[0].after, adaLabel);
  clean("a dry run making labels public", dry.text);
  const others = await ada.post(`/api/games/${id}/dry-run`, {
    steps: [{ action: "wink" }, { as: ids.grace, action: "wink" }, { as: ids.alan, action: "no-such-action" }],
  });
  assert.equal(others.status, 200, others.text);
  clean("a dry run acting as others", others.text);

  // Refusals say nothing secret either; export is refused to Ada (not the creator) and to
  // Grace, the creator, whose own label is hidden from her: she is told who can export it.
  const notOfficer = await ada.post(`/api/games/${id}/corrections`, {
    cites: { rule: 301 },
    reason: "I want a new label",
    changes: [{ name: "label", player: ids.ada, value: "qxmine" }],
  });
  assert.equal(notOfficer.status, 422);
  clean("a refused correction", notOfficer.text);
  const adaExport = await ada.get(`/api/games/${id}/export`);
  assert.equal(adaExport.status, 403);
  clean("a refused export", adaExport.text);
  const graceExport = await grace.get(`/api/games/${id}/export`);
  assert.equal(graceExport.status, 403, "the creator may not export what the rules hide from her");
  assert.match(graceExport.body.error.message, /the log holds the state "label", which the rules hide from your player \(grace-hopper\)/);
  assert.match(graceExport.body.error.message, /nomos export --db <the server's database> --game /);
  assert.ok(!graceExport.text.includes(valuesOf(adaPage, "label")[ids.grace]!), "nor does the refusal show her own label");

  // The host corrects Ada's label (and her points, which she may see): Ada's live updates,
  // log, reports and views say a correction happened, never the new word.
  const live = await listen(ada, id);
  await live.until(/event: act/);
  const correction = await grace.post(`/api/games/${id}/corrections`, {
    cites: { rule: 301 },
    reason: "The label was misprinted",
    asHost: true,
    changes: [
      { name: "label", player: ids.ada, value: newWord },
      { name: "points", player: ids.ada, value: 5 },
    ],
  });
  assert.equal(correction.status, 200, correction.text);
  assert.ok(correction.text.includes(newWord), "the host, who may see Ada's label, reads what she set");
  const heard = await live.until(new RegExp(`"seq":${correction.body.seq}\\b`));
  live.close();
  assert.match(heard, new RegExp(`"seq":${correction.body.seq}\\b`), "Ada heard of the correction");
  clean("Ada's live updates", heard);
  for (const [path, text] of await adaSees(...paths, `/api/games/${id}/log?after=${correction.body.seq - 1}`)) clean(`GET ${path} after the correction`, text);
  const adaEntry = (await ada.get(`/api/games/${id}/log?after=${correction.body.seq - 1}`)).body.entries[0];
  assert.deepEqual(adaEntry.input.changes, [{ name: "points", player: ids.ada, value: 5 }], "Ada reads the part of the correction she may see");
  const recordedEvent = adaEntry.effects.find((e: { e: string; type?: string }) => e.e === "event" && e.type === "correction.recorded");
  assert.deepEqual(recordedEvent.data.changes, [{ name: "points", player: ids.ada, value: 5 }], "the engine's event carries only what Ada may see");
  assert.ok(adaEntry.effects.some((e: { e: string; name?: string }) => e.e === "state.set" && e.name === "points"));
  for (const path of [`/api/games/${id}/log`, `/api/games/${id}/reports/scores?format=text`, `/api/games/${id}/reports/scores`]) {
    assert.ok((await alan.get(path)).text.includes(newWord), `Alan reads the corrected label in ${path}`);
  }
  const alanEntry = (await alan.get(`/api/games/${id}/log?after=${correction.body.seq - 1}`)).body.entries[0];
  assert.equal(alanEntry.input.changes.length, 2, "Alan reads the whole correction");

  // The local CLI on the server's own game file, as Ada, reads what she may see.
  const local = (...args: string[]) => ["--db", server.db, "--game", id, ...args];
  const asAda = ["--as", ids.ada];
  const localRuns: [string[], boolean][] = [
    [local("state", ...asAda), true],
    [local("state", ...asAda), false],
    [local("log", ...asAda), true],
    [local("log", ...asAda), false],
    ...["text", "markdown", "json"].flatMap((f): [string[], boolean][] => [
      [local("report", "scores", ...asAda, "--format", f), false],
      [local("report", "proposals", ...asAda, "--format", f), false],
      [local("report", "court", ...asAda, "--format", f), false],
      [local("ruleset", "--full", ...asAda, "--format", f), false],
    ]),
    [local("report", "scores", ...asAda, "--seq", String(last)), true],
  ];
  const cliOk = (what: string, r: Run) => {
    assert.equal(r.code, 0, `${what}: ${r.stderr}`);
    clean(what, r.stdout + r.stderr);
  };
  const ranLocal = await Promise.all(localRuns.map(([args, json]) => runCli(args, json)));
  for (const [i, r] of ranLocal.entries()) cliOk(`nomos ${localRuns[i]![0].join(" ")}`, r);
  const adaLogJson = ranLocal[2]!.out as { seq: number; seed?: string }[];
  assert.ok(adaLogJson.length > 0 && adaLogJson.every((e) => e.seed === undefined), "the log shows no act's seed (it would replay the draws)");
  const alanLogJson = await runCli(local("log", "--as", ids.alan), true);
  assert.ok(alanLogJson.stdout.includes(newWord) && alanLogJson.stdout.includes(adaLabel), "Alan's log shows Ada's labels");

  // The keeper of the game file exports it (the server may not hand it to a player) and
  // plays on a copy: acting and correcting --as Ada shows her nothing of her label.
  const file = join(dir, "labels.nomos.json");
  const exported = await runCli(local("export", file), true);
  assert.equal(exported.code, 0, exported.stderr);
  assert.ok(readFileSync(file, "utf8").includes(adaLabel), "the keeper's file holds every secret");
  const copy = join(dir, "copy.db");
  assert.equal((await runCli(["--db", copy, "import-game", file], true)).code, 0);
  const onCopy = (...args: string[]) => ["--db", copy, "--game", id, ...args];
  for (const json of [true, false]) cliOk(`nomos act wink --as ada (json: ${json})`, await runCli(onCopy("act", "wink", ...asAda), json));
  const hostWord = "qxcopperotter";
  const hostCorrection = await runCli(onCopy("correct", "--rule", "301", "--reason", "Misprinted again", "--set", `label:${ids.ada}=${hostWord}`), true);
  assert.equal(hostCorrection.code, 0, hostCorrection.stderr);
  for (const json of [true, false]) {
    const r = await runCli(onCopy("log", ...asAda), json);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stdout.includes(hostWord), "Ada's log does not show the host's new word");
  }
  assert.ok((await runCli(onCopy("log", "--as", ids.grace), true)).stdout.includes(hostWord), "Grace's does");

  // `nomos remote` as Ada prints what the server sends her, and nothing more (suberTable's usernames are the player ids).
  const session = (user: string) => ({ NOMOS_REMOTE_FILE: join(dir, `${user}.json`), NOMOS_PASSWORD: `${user}-secret-pw` });
  for (const user of [ids.ada, ids.alan]) assert.equal((await runCli(["remote", "login", server.url, user], true, session(user))).code, 0);
  const remoteRuns: [string[], boolean][] = [
    [["remote", "state"], true],
    [["remote", "state"], false],
    [["remote", "log"], true],
    [["remote", "log"], false],
    [["remote", "rules"], false],
    [["remote", "act", "wink"], true],
    [["remote", "act", "wink"], false],
    ...["text", "markdown", "json"].flatMap((f): [string[], boolean][] => [
      [["remote", "report", "scores", "--format", f], false],
      [["remote", "report", "proposals", "--format", f], false],
      [["remote", "report", "court", "--format", f], false],
      [["remote", "ruleset", "--full", "--format", f], false],
    ]),
    [["remote", "report", "scores", "--seq", String(last)], true],
  ];
  const ranRemote = await Promise.all(remoteRuns.map(([args, json]) => runCli(args, json, session(ids.ada))));
  for (const [i, r] of ranRemote.entries()) cliOk(`nomos ${remoteRuns[i]![0].join(" ")} as Ada`, r);
  const refusedRemote = await runCli(["remote", "correct", "--rule", "301", "--reason", "mine", "--set", `label:${ids.ada}=qxmine`], false, session(ids.ada));
  assert.equal(refusedRemote.code, 1);
  clean("a refused remote correction", refusedRemote.stdout + refusedRemote.stderr);
  const alanRemote = await runCli(["remote", "log"], true, session(ids.alan));
  assert.ok(alanRemote.stdout.includes(newWord), "Alan's remote log shows Ada's corrected label");
});

test("a creator with nothing hidden from her still exports her game", async () => {
  const table = await suberTable(server, ["Hedy Lamarr", "Joan Clarke", "Kay McNulty"]);
  const exported = await table.clients[0]!.get(`/api/games/${table.id}/export`);
  assert.equal(exported.status, 200, exported.text);
});

test("a dry run's copy holds only what its viewer may see, and draws its own numbers", async () => {
  const code = compileRuleCode(`
    const label = playerState("label", { initial: 0, visibility: "others" });
    const roll = gameState("roll", { initial: 0 });
    on("player.joined", (e) => label.set(e.data.player, game.random.int(1, 1000000000)));
    action("roll", { describe: "Roll", input: t.object({}) }, () => roll.set(game.random.int(1, 1000000000)));
  `);
  const game = await Game.create(engine(), { name: "Labels", preset: null, rules: [{ number: 1, text: "Labels and rolls.", mutable: true, code }] });
  const ada = await game.join("Ada Lovelace");
  const grace = await game.join("Grace Hopper");
  const copy = await game.fork({ as: ada.id });
  try {
    assert.equal(copy.value("label", ada.id), 0, "Ada's copy does not hold her label: it reads as the initial value");
    assert.equal(copy.value("label", grace.id), game.value("label", grace.id), "what she may see is as it is");
    await copy.act(ada.id, "roll");
    await game.act(ada.id, "roll");
    assert.notEqual(copy.value("roll"), game.value("roll"), "trying a move does not foretell the game's own draw");
  } finally {
    copy.close();
    game.close();
  }
});
