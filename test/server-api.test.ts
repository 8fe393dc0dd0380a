/**
 * The HTTP API, through HTTP on loopback: accounts and sessions, the lobby, acting only as
 * oneself, secrets filtered per player, bad input refused without change, live updates.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openSqlite } from "../src/store/sqlite-driver.js";
import { ApiClient, listen, startServer, suberTable, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** Who moves now, by the game's public turn state. */
async function mover(client: ApiClient, id: string): Promise<string> {
  const page = await client.get(`/api/games/${id}`);
  return page.body.view.state.find((s: { name: string }) => s.name === "turn").value.player;
}

/** The client whose player moves now. */
async function moving(table: Awaited<ReturnType<typeof suberTable>>): Promise<ApiClient> {
  const who = await mover(table.clients[0]!, table.id);
  const name = Object.entries(table.players).find(([, id]) => id === who)![0];
  return table.clients[Object.keys(table.players).indexOf(name)]!;
}

/** Proposes a change as the mover and has everyone vote for it. */
async function adopt(table: Awaited<ReturnType<typeof suberTable>>, change: unknown): Promise<number> {
  const proposer = await moving(table);
  const proposed = await proposer.act(table.id, "propose", { change });
  assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
  const page = await proposer.get(`/api/games/${table.id}`);
  const open = Object.values(
    page.body.view.state.find((s: { name: string }) => s.name === "proposals").value as Record<string, { number: number; status: string }>,
  ).find((p) => p.status === "voting")!;
  for (const client of table.clients) {
    const vote = await client.act(table.id, "vote", { proposal: open.number, vote: "for" });
    if (vote.status !== 200) break; // adoption closed the vote
  }
  return open.number;
}

describe("accounts", () => {
  test("sign up, sign out, sign in; the password is stored only as a slow hash", async () => {
    const client = await new ApiClient(server.url).signup("margaret", "Margaret Hamilton");
    assert.equal((await client.get("/api/session")).body.user.displayName, "Margaret Hamilton");
    assert.match(client.cookie!, /^nomos_session=/);

    const db = openSqlite(server.db);
    const row = db.prepare("SELECT password_hash FROM users WHERE username = ?").get("margaret");
    db.close();
    assert.match(String(row?.password_hash), /^scrypt\$\d+\$8\$1\$/, "scrypt, naming its parameters (test/passwords.test.ts checks the real cost)");
    assert.ok(!String(row?.password_hash).includes("margaret-secret-pw"));

    assert.equal((await client.post("/api/auth/signout")).status, 200);
    assert.equal((await client.get("/api/session")).body.user, null);
    assert.equal((await client.get("/api/games")).status, 401);

    const wrong = await client.post("/api/auth/signin", { username: "margaret", password: "not-the-password" });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error.code, "bad-credentials");
    const right = await client.post("/api/auth/signin", { username: "MARGARET", password: "margaret-secret-pw" });
    assert.equal(right.status, 200);
    assert.equal(right.body.user.username, "margaret");
  });

  test("a taken username, a short password and a bad time zone are refused with a reason", async () => {
    await new ApiClient(server.url).signup("katherine");
    const again = await new ApiClient(server.url).post("/api/auth/signup", { username: "Katherine", password: "long-enough-pw" });
    assert.equal(again.status, 409);
    assert.match(again.body.error.message, /taken/);
    const short = await new ApiClient(server.url).post("/api/auth/signup", { username: "dorothy", password: "short" });
    assert.equal(short.status, 400);
    assert.match(short.body.error.message, /password/);
    const zone = await new ApiClient(server.url).post("/api/auth/signup", { username: "dorothy", password: "long-enough-pw", timeZone: "Mars/Olympus" });
    assert.equal(zone.status, 400);
    assert.match(zone.body.error.message, /not a time zone/);
  });

  test("changes without the CSRF token, or from another site, are refused", async () => {
    const client = await new ApiClient(server.url).signup("mary");
    const csrf = client.csrf;
    client.csrf = null;
    const noToken = await client.post("/api/games", { name: "x", preset: "suber" });
    assert.equal(noToken.status, 403);
    assert.equal(noToken.body.error.code, "csrf");
    client.csrf = csrf;
    const foreign = await client.request("POST", "/api/games", { name: "x", preset: "suber" }, { origin: "https://evil.example" });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.error.code, "cross-origin");
    // A form posted as text (what another site's form can send) is not accepted either.
    const form = await client.request("POST", "/api/games", "name=x&preset=suber", { "content-type": "application/x-www-form-urlencoded" });
    assert.equal(form.status, 415);
    assert.deepEqual((await client.get("/api/games")).body, []);
  });
});

describe("lobby and play", () => {
  test("a game is joined by its invitation; only its players see it; a second join gives the same player", async () => {
    const table = await suberTable(server);
    const [ada] = table.clients;
    const games = await ada!.get("/api/games");
    assert.equal(games.body.length, 1);
    assert.deepEqual(
      games.body[0].players.map((p: { name: string }) => p.name),
      ["Ada Lovelace", "Grace Hopper", "Alan Turing"],
    );
    assert.equal(games.body[0].timeZone, "Europe/Paris");

    const again = await table.clients[1]!.post(`/api/invites/${table.invite}/join`);
    assert.equal(again.body.me, table.players["Grace Hopper"]);
    assert.equal(again.body.players.length, 3);

    const outsider = await new ApiClient(server.url).signup("eve");
    const peek = await outsider.get(`/api/games/${table.id}`);
    assert.equal(peek.status, 403);
    assert.match(peek.body.error.message, /invitation/);
    assert.equal((await outsider.get(`/api/games/${table.id}/log`)).status, 403);
    assert.equal((await outsider.get("/api/invites/not-a-code")).status, 404);
  });

  test("a player acts only as themself: there is no way to name another actor", async () => {
    const table = await suberTable(server, ["Ada Byron", "Bo Carter", "Cy Young"]);
    const page = await table.clients[0]!.get(`/api/games/${table.id}`);
    const seq = page.body.view.seq;
    const proposer = await moving(table);
    const other = table.clients.find((c) => c !== proposer)!;
    // Forging the actor is a malformed request, refused before any rule runs.
    const forged = await other.post(`/api/games/${table.id}/act`, {
      action: "propose",
      actor: await mover(other, table.id),
      input: { change: { kind: "enact", text: "x" } },
    });
    assert.equal(forged.status, 400);
    assert.match(forged.body.error.message, /"actor", which is not taken here/);
    // Proposing out of turn is the rules' refusal, with the rule cited.
    const outOfTurn = await other.act(table.id, "propose", { change: { kind: "enact", text: "x" } });
    assert.equal(outOfTurn.status, 422);
    assert.match(outOfTurn.body.error.message, /^Rule \d+:/);
    assert.equal((await other.get(`/api/games/${table.id}`)).body.view.seq, seq);
  });

  test("bad input changes nothing and says what was wrong", async () => {
    const table = await suberTable(server, ["Ann Lee", "Ben Moss", "Cat Nye"]);
    const [ann] = table.clients;
    const seq = (await ann!.get(`/api/games/${table.id}`)).body.view.seq;
    const malformed = await ann!.request("POST", `/api/games/${table.id}/act`, '{"action": "vote", ');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error.code, "invalid-json");
    const huge = await ann!.post(`/api/games/${table.id}/act`, { action: "propose", input: { change: { kind: "enact", text: "x".repeat(600_000) } } });
    assert.equal(huge.status, 413);
    const unknown = await ann!.act(table.id, "teleport");
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error.message, /no rule in effect offers the action "teleport"/);
    // (A vote with no proposal open is refused for that first: the form is checked only of an action open to you.)
    const badProposal = await (await moving(table)).act(table.id, "propose", { change: { kind: "teleport", rule: "three hundred" } });
    assert.equal(badProposal.status, 400);
    assert.match(badProposal.body.error.message, /Rule \d+ declares this action's form/);
    const noGame = await ann!.get("/api/games/nope");
    assert.equal(noGame.status, 404);
    assert.equal((await ann!.get(`/api/games/${table.id}`)).body.view.seq, seq);
    // Script in a rule's text is stored as text, never interpreted by the server.
    const proposer = await moving(table);
    const script = await proposer.act(table.id, "propose", { change: { kind: "enact", text: "<script>alert(1)</script>" } });
    assert.equal(script.status, 200);
    assert.ok(script.body.entry.input.input.change.text.includes("<script>"));
  });

  test("secret state reaches only those the rules let see it: views, log, the past and dry runs", async () => {
    const table = await suberTable(server, ["Ida Rhodes", "Joan Clarke", "Kay Antonelli"]);
    const code = [
      'const secret = playerState("secret", { initial: 0, visibility: "owner" });',
      'action("draw", { describe: "Draw a secret number", input: t.object({}) }, (_input, { actor }) => {',
      "  secret.set(actor, game.random.int(1000, 9999));",
      "});",
    ].join("\n");
    await adopt(table, { kind: "enact", text: "Each player may draw a secret number.", code });
    const [ida, joan] = table.clients;
    const idaId = table.players["Ida Rhodes"]!;
    const joanId = table.players["Joan Clarke"]!;
    assert.equal((await ida!.act(table.id, "draw")).status, 200);
    assert.equal((await joan!.act(table.id, "draw")).status, 200);

    const secretOf = (page: { view: { state: { name: string; values?: Record<string, number> }[] } }) =>
      page.view.state.find((s) => s.name === "secret")!.values!;
    const idaView = secretOf((await ida!.get(`/api/games/${table.id}`)).body);
    const joanView = secretOf((await joan!.get(`/api/games/${table.id}`)).body);
    assert.deepEqual(Object.keys(idaView), [idaId]);
    assert.deepEqual(Object.keys(joanView), [joanId]);
    const joanSecret = joanView[joanId]!;
    assert.ok(joanSecret >= 1000 && joanSecret <= 9999);

    // Nothing Ida can fetch contains Joan's number.
    const log = await ida!.get(`/api/games/${table.id}/log`);
    const past = await ida!.get(`/api/games/${table.id}/at?seq=${log.body.last}`);
    const dry = await ida!.post(`/api/games/${table.id}/dry-run`, { steps: [{ as: joanId, action: "draw" }] });
    assert.equal(dry.status, 200);
    for (const body of [log.body, past.body, dry.body]) {
      assert.ok(!JSON.stringify(body).includes(String(joanSecret)), "Joan's secret leaked");
    }
    // Joan sees her own number in her log.
    assert.ok(JSON.stringify((await joan!.get(`/api/games/${table.id}/log`)).body).includes(String(joanSecret)));
  });

  test("a dry run shows what adoption would change, and the real game is untouched", async () => {
    const table = await suberTable(server, ["Lu Ma", "Mo Ng", "No Ot"]);
    const proposer = await moving(table);
    const before = (await proposer.get(`/api/games/${table.id}`)).body.view;
    const rulesBefore = (await proposer.get(`/api/games/${table.id}/rules`)).body;
    const steps = [
      { action: "propose", input: { change: { kind: "amend", rule: 202, text: "A player gains 42 points per turn." } } },
      ...Object.values(table.players).map((p) => ({ as: p, action: "vote", input: { proposal: 301, vote: "for" } })),
    ];
    const dry = await proposer.post(`/api/games/${table.id}/dry-run`, { steps });
    assert.equal(dry.status, 200, JSON.stringify(dry.body));
    assert.ok(dry.body.steps[0].ok);
    const ruleChanges = dry.body.changes.rules;
    assert.ok(
      ruleChanges.some(
        (r: { change: string; after: { text: string } | null }) => r.change !== "repealed" && r.after?.text === "A player gains 42 points per turn.",
      ),
    );
    assert.ok(dry.body.changes.state.some((s: { name: string }) => s.name === "points"));
    const after = (await proposer.get(`/api/games/${table.id}`)).body.view;
    assert.equal(after.seq, before.seq);
    assert.deepEqual((await proposer.get(`/api/games/${table.id}/rules`)).body, rulesBefore);
  });

  test("the rules as they stood at a past moment, by act or by time", async () => {
    const table = await suberTable(server, ["Pat Qi", "Ros Tu", "Sam Vo"]);
    const [pat] = table.clients;
    const seqBefore = (await pat!.get(`/api/games/${table.id}`)).body.view.seq;
    const number = await adopt(table, { kind: "enact", text: "Players should be kind." });
    const now = (await pat!.get(`/api/games/${table.id}`)).body.view;
    assert.ok((await pat!.get(`/api/games/${table.id}/rules`)).body.rules.some((r: { number: number }) => r.number === number));
    const then = await pat!.get(`/api/games/${table.id}/at?seq=${seqBefore}`);
    assert.equal(then.status, 200);
    assert.ok(!then.body.rules.some((r: { number: number }) => r.number === number));
    assert.equal(then.body.seq, seqBefore);
    const byTime = await pat!.get(`/api/games/${table.id}/at?time=${encodeURIComponent(new Date(now.time + 1000).toISOString())}`);
    assert.equal(byTime.body.seq, now.seq);
    const bad = await pat!.get(`/api/games/${table.id}/at?time=yesterday`);
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /ISO 8601/);
  });

  test("the rules come apart from the page, with a version that changes only when a rule does", async () => {
    const table = await suberTable(server, ["Tess Ug", "Uri Vy", "Wil Xo"]);
    const [tess] = table.clients;
    const page = (await tess!.get(`/api/games/${table.id}`)).body;
    assert.equal(page.view.rules, undefined);
    const first = await fetch(`${server.url}/api/games/${table.id}/rules`, { headers: { cookie: tess!.cookie! } });
    const etag = first.headers.get("etag")!;
    const rules = (await first.json()).rules;
    assert.equal(rules.length, 29);
    assert.ok(rules.find((r: { number: number }) => r.number === 202).code.source.includes("291"));
    const again = await fetch(`${server.url}/api/games/${table.id}/rules`, { headers: { cookie: tess!.cookie!, "if-none-match": etag } });
    assert.equal(again.status, 304);
    // A proposal changes state, not rules: the version stands until adoption.
    const proposer = await moving(table);
    await proposer.act(table.id, "propose", { change: { kind: "enact", text: "Be on time." } });
    assert.equal((await tess!.get(`/api/games/${table.id}`)).body.rulesVersion, page.rulesVersion);
    for (const client of table.clients) await client.act(table.id, "vote", { proposal: 301, vote: "for" });
    assert.ok((await tess!.get(`/api/games/${table.id}`)).body.rulesVersion > page.rulesVersion);
    const changed = await fetch(`${server.url}/api/games/${table.id}/rules`, { headers: { cookie: tess!.cookie!, "if-none-match": etag } });
    assert.equal(changed.status, 200);
    assert.ok((await changed.json()).rules.some((r: { text: string }) => r.text === "Be on time."));
  });

  test("renaming keeps the player and their history", async () => {
    const table = await suberTable(server, ["Uma Wu", "Val Xi", "Wes Yu"]);
    const [uma] = table.clients;
    const id = table.players["Uma Wu"]!;
    const renamed = await uma!.request("PATCH", "/api/me", { displayName: "Uma Wu-Zhang" });
    assert.equal(renamed.status, 200);
    const page = (await uma!.get(`/api/games/${table.id}`)).body;
    assert.equal(page.me, id);
    assert.equal(page.view.players.find((p: { id: string }) => p.id === id).name, "Uma Wu-Zhang");
    const log = (await uma!.get(`/api/games/${table.id}/log`)).body.entries;
    assert.ok(log.some((e: { input: { kind: string; player?: { id: string } } }) => e.input.kind === "join" && e.input.player?.id === id));
    assert.ok(log.some((e: { input: { kind: string } }) => e.input.kind === "rename"));
  });

  test("only the game's creator changes its settings", async () => {
    const table = await suberTable(server, ["Ola Pe", "Qin Ra", "Sol Ta"]);
    const [owner, other] = table.clients;
    const refused = await other!.request("PATCH", `/api/games/${table.id}/settings`, { timeZone: "Asia/Tokyo" });
    assert.equal(refused.status, 403);
    assert.match(refused.body.error.message, /creator/);
    const bad = await owner!.request("PATCH", `/api/games/${table.id}/settings`, { timeZone: "Nowhere/Special" });
    assert.equal(bad.status, 400);
    const saved = await owner!.request("PATCH", `/api/games/${table.id}/settings`, { timeZone: "America/Chicago" });
    assert.equal(saved.status, 200);
    assert.equal((await other!.get(`/api/games/${table.id}`)).body.timeZone, "America/Chicago");
  });

  test("the forum takes posts from players only", async () => {
    const table = await suberTable(server, ["Al Bo", "Cid Do", "Ed Fo"]);
    const posted = await table.clients[1]!.post(`/api/games/${table.id}/posts`, { body: "I propose we be kind." });
    assert.equal(posted.status, 201);
    const posts = (await table.clients[0]!.get(`/api/games/${table.id}/posts`)).body;
    assert.equal(posts.length, 1);
    assert.equal(posts[0].author.displayName, "Cid Do");
    assert.equal((await table.clients[0]!.post(`/api/games/${table.id}/posts`, { body: "   " })).status, 400);
    const outsider = await new ApiClient(server.url).signup("mallory");
    assert.equal((await outsider.post(`/api/games/${table.id}/posts`, { body: "spam" })).status, 403);
  });
});

describe("live updates", () => {
  test("a vote reaches a watching page on its open stream, and a reconnecting page catches up", async () => {
    const table = await suberTable(server, ["Gil Ho", "Ivy Jo", "Kim Lo"]);
    const watcher = table.clients[2]!;
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/games/${table.id}/live`, { headers: { cookie: watcher.cookie! }, signal: controller.signal });
    assert.equal(response.headers.get("content-type"), "text/event-stream; charset=utf-8");
    const reader = response.body!.getReader();
    const proposer = await moving(table);
    const acted = await proposer.act(table.id, "propose", { change: { kind: "enact", text: "Be brief." } });
    let text = "";
    while (!text.includes(`id: ${acted.body.seq}\n`)) {
      const { value, done } = await reader.read();
      assert.ok(!done, `the stream ended before the act's event; it said: ${text}`);
      text += new TextDecoder().decode(value);
    }
    assert.match(text, /event: act\ndata: \{"seq":\d+\}/);
    controller.abort();

    // Reconnecting with the last id seen: told at once that there is more.
    const again = new AbortController();
    const reconnect = await fetch(`${server.url}/api/games/${table.id}/live`, {
      headers: { cookie: watcher.cookie!, "last-event-id": "1" },
      signal: again.signal,
    });
    const r2 = reconnect.body!.getReader();
    let caught = "";
    while (!caught.includes("event: act")) caught += new TextDecoder().decode((await r2.read()).value);
    assert.match(caught, new RegExp(`id: ${acted.body.seq}`));
    again.abort();
  });

  test("a page that heard of more acts than the game has (a game restored from a backup) is told to read it again, then hears of the next", async () => {
    const table = await suberTable(server, ["Mo No", "Oz Po"]);
    const newest = (await table.clients[0]!.get(`/api/games/${table.id}`)).body.view.seq as number;
    const stream = await listen(table.clients[0]!, table.id, { headers: { "last-event-id": "9999" } });
    try {
      await stream.until(new RegExp(`id: ${newest}\n`));
      const acted = await (await moving(table)).act(table.id, "propose", { change: { kind: "enact", text: "Be brief." } });
      assert.equal(acted.status, 200);
      const heard = await stream.until(new RegExp(`id: ${acted.body.seq}\n`));
      assert.deepEqual(
        heard.match(/(?<=id: )\d+/g),
        [String(newest), String(acted.body.seq)],
        "told of the game as it stands, then of the next act, each once",
      );
      assert.deepEqual(
        heard.match(/(?<=data: ).*/g)?.filter((d) => d.includes("seq")),
        [JSON.stringify({ seq: newest, restored: true }), JSON.stringify({ seq: acted.body.seq })],
        "the first says the game was restored, so the page reads it anew",
      );
    } finally {
      stream.close();
    }
  });
});

test("the API describes itself as OpenAPI", async () => {
  const doc = (await new ApiClient(server.url).get("/api/openapi.json")).body;
  assert.equal(doc.openapi, "3.1.0");
  for (const path of ["/api/auth/signup", "/api/games", "/api/games/{id}/act", "/api/games/{id}/live", "/api/games/{id}/dry-run", "/api/invites/{code}/join"]) {
    assert.ok(doc.paths[path], `${path} is not documented`);
  }
});
