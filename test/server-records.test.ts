/**
 * The records over HTTP: games from a published text, the ruleset and reports each player
 * may see (secrets filtered), corrections and who may record them, and whole games moved
 * between servers.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { ApiClient, startServer, suberTable, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => server.close());

const nomic = readFileSync(new URL("../../shared/rulesets/n_omic-2001.txt", import.meta.url), "utf8");

test("a game from N_omic's text: previewed, created, and published short and full in every format", async () => {
  const ada = await new ApiClient(server.url).signup("ada-text", "Ada Lovelace");
  const preview = await ada.post("/api/rulesets/preview", { text: nomic });
  assert.equal(preview.status, 200);
  assert.equal(preview.body.layout, "number-status-line");
  assert.equal(preview.body.rules.length, 40, "the text's 37 rules and the 3 of hand play");
  assert.deepEqual(
    preview.body.archived.map((r: { number: number }) => r.number),
    [205, 210, 310],
  );
  const bad = await ada.post("/api/rulesets/preview", { text: "101 - Immutable - Initial Rule\nText.\n\n102 - Mutible - Initial Rule\nText." });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.code, "unreadable-ruleset");
  assert.match(bad.body.error.message, /^line 4: /);

  const created = await ada.post("/api/games", { name: "N_omic 2001", ruleset: { text: nomic } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  const short = await ada.get(`/api/games/${id}/ruleset`);
  assert.equal(short.body.groups.flatMap((g: { rules: unknown[] }) => g.rules).length, 40, "the text's 37 rules and the 3 of hand play");
  const full = await ada.get(`/api/games/${id}/ruleset?full=true&format=text`);
  assert.match(String(full.headers.get("content-type")), /^text\/plain/);
  assert.match(full.text, /Amended from rule 207 January 5th, 2001/);
  const md = await ada.get(`/api/games/${id}/ruleset?format=markdown&download=true`);
  assert.match(String(md.headers.get("content-type")), /^text\/markdown/);
  assert.match(String(md.headers.get("content-disposition")), /^attachment; filename="n-omic-2001-ruleset-\d+\.md"$/);
  assert.equal((await ada.get(`/api/games/${id}/ruleset?format=pdf`)).status, 400);
  assert.equal((await ada.get(`/api/games/${id}/reports/weather`)).status, 404);
  // A name every object inherits is no report either: a clear 404, not a crash.
  const inherited = await ada.get(`/api/games/${id}/reports/constructor`);
  assert.equal(inherited.status, 404);
  assert.match(inherited.body.error.message, /there is no report "constructor"; the reports are: proposals, scores, court/);
});

test("reports as each player may see them, at any moment; a secret stays with its owner", async () => {
  const { id, clients, players } = await suberTable(server, ["Ada Lovelace", "Grace Hopper", "Alan Turing"]);
  const [ada, grace, alan] = clients as [ApiClient, ApiClient, ApiClient];
  // Whoever moves proposes a rule that gives every player an owner-only secret.
  const page = await ada.get(`/api/games/${id}`);
  const mover = page.body.view.state.find((s: { name: string }) => s.name === "turn").value.player as string;
  const byPlayer = Object.fromEntries(Object.entries(players).map(([name, pid]) => [pid, clients[Object.keys(players).indexOf(name)]!]));
  const code = `const secret = playerState("secret", { initial: 0, visibility: "owner" });\non("proposal.closed", () => { for (const p of game.players()) secret.set(p.id, 4242); });`;
  const proposed = await byPlayer[mover]!.act(id, "propose", { change: { kind: "enact", text: "Everyone holds a secret number.", code } });
  assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
  for (const c of [ada, grace, alan]) await c.act(id, "vote", { proposal: 301, vote: "for" });
  // Secrets are set when the next proposal closes.
  const next = (await ada.get(`/api/games/${id}`)).body.view.state.find((s: { name: string }) => s.name === "turn").value.player as string;
  await byPlayer[next]!.act(id, "propose", { change: { kind: "enact", text: "A second rule." } });
  for (const c of [ada, grace, alan]) await c.act(id, "vote", { proposal: 302, vote: "for" });

  const adaScores = await ada.get(`/api/games/${id}/reports/scores`);
  const secret = adaScores.body.states.find((s: { name: string }) => s.name === "secret");
  assert.deepEqual(
    secret.values.map((v: { player: string }) => v.player),
    [players["Ada Lovelace"]],
    "Ada sees her own secret only",
  );
  assert.ok(!adaScores.body.changes.some((c: { state: string; player: string }) => c.state === "secret" && c.player !== players["Ada Lovelace"]));
  const asText = await grace.get(`/api/games/${id}/reports/scores?format=text`);
  assert.equal((asText.text.match(/4242/g) ?? []).length >= 1, true, "Grace sees her own");
  const adaText = await ada.get(`/api/games/${id}/reports/scores?format=markdown`);
  assert.ok(!adaText.text.includes("Grace Hopper: 4242") && !adaText.text.includes("Alan Turing: 4242"));

  const proposals = await alan.get(`/api/games/${id}/reports/proposals`);
  assert.deepEqual(
    proposals.body.proposals.map((p: { number: number; status: string }) => [p.number, p.status]),
    [
      [301, "adopted"],
      [302, "adopted"],
    ],
  );
  assert.equal(proposals.body.proposals[0].decidedBy, 203);
  const then = await alan.get(`/api/games/${id}/reports/proposals?seq=${proposals.body.seq - 3}`);
  assert.equal(then.body.proposals.find((p: { number: number }) => p.number === 302)?.status, "voting", "the report as it stood before the last votes");
  assert.equal((await alan.get(`/api/games/${id}/reports/court?time=yesterday`)).status, 400);
  const court = await alan.get(`/api/games/${id}/reports/court`);
  assert.deepEqual(court.body.cases, []);
});

test("corrections: a player the rules do not name is refused; the creator records as host; only the creator may", async () => {
  const { id, clients, players } = await suberTable(server, ["Ida Rhodes", "Joan Clarke", "Kay Antonelli"]);
  const [ida, joan] = clients as [ApiClient, ApiClient, ApiClient];
  const body = { cites: { rule: 202 }, reason: "points awarded by a text-only rule", changes: [{ name: "points", player: players["Joan Clarke"], value: 12 }] };
  const before = (await joan.get(`/api/games/${id}`)).body.view.seq;
  const refused = await joan.post(`/api/games/${id}/corrections`, body);
  assert.equal(refused.status, 422);
  assert.match(refused.body.error.message, /no rule names you an officer/);
  const notHost = await joan.post(`/api/games/${id}/corrections`, { ...body, asHost: true });
  assert.equal(notHost.status, 403);
  assert.equal((await joan.get(`/api/games/${id}`)).body.view.seq, before, "refusals change nothing");
  const recorded = await ida.post(`/api/games/${id}/corrections`, { ...body, asHost: true });
  assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
  const scores = await joan.get(`/api/games/${id}/reports/scores`);
  const traced = scores.body.changes.find((c: { player: string; to: number }) => c.player === players["Joan Clarke"] && c.to === 12);
  assert.equal(traced.rule, 202);
  assert.match(traced.cause, /points awarded by a text-only rule/);
  const invalid = await ida.post(`/api/games/${id}/corrections`, {
    ...body,
    asHost: true,
    changes: [{ name: "groks", player: players["Joan Clarke"], value: 1 }],
  });
  assert.equal(invalid.status, 422);
  assert.match(invalid.body.error.message, /no rule declares the state "groks"/);
});

test("a whole game moves between servers: exported by its creator, imported as a new game, the same game", async () => {
  const { id, clients, players } = await suberTable(server, ["Lin Chen", "Mae Jemison", "Nia Okafor"]);
  const [lin, mae] = clients as [ApiClient, ApiClient, ApiClient];
  assert.equal((await mae.get(`/api/games/${id}/export`)).status, 403, "only the creator exports: the file holds every secret");
  const exported = await lin.get(`/api/games/${id}/export`);
  assert.equal(exported.status, 200);
  assert.match(String(exported.headers.get("content-disposition")), /\.nomos\.json"$/);
  const archive = JSON.parse(exported.text);

  const elsewhere = await startServer();
  try {
    const newcomer = await new ApiClient(elsewhere.url).signup("lin-again", "Lin Chen");
    const wrongSeat = await newcomer.post("/api/games/import", { archive, as: "nobody" });
    assert.equal(wrongSeat.status, 400);
    assert.match(wrongSeat.body.error.message, /not a player of this game; its players are: .*lin-chen/);
    const damaged = await newcomer.post("/api/games/import", { archive: { ...archive, checksum: "sha256:00" }, as: players["Lin Chen"] });
    assert.equal(damaged.status, 400);
    assert.match(damaged.body.error.message, /damaged/);
    const imported = await newcomer.post("/api/games/import", { archive, as: players["Lin Chen"] });
    assert.equal(imported.status, 201, JSON.stringify(imported.body));
    assert.notEqual(imported.body.id, undefined);
    const here = await lin.get(`/api/games/${id}/ruleset?full=true`);
    const there = await newcomer.get(`/api/games/${imported.body.id}/ruleset?full=true`);
    assert.deepEqual(there.body.groups, here.body.groups);
    const herePage = await lin.get(`/api/games/${id}`);
    const therePage = await newcomer.get(`/api/games/${imported.body.id}`);
    assert.deepEqual(therePage.body.view.state, herePage.body.view.state);
    assert.equal(therePage.body.timeZone, "Europe/Paris", "the game's settings travel with it");
  } finally {
    await elsewhere.close();
  }
});
