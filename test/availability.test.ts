/**
 * Whose turn, and what to do now, through the HTTP API on a real SQLite file: each page says
 * which actions the rules would refuse its player now (asked of the same checks that refuse
 * an act) and what play awaits from whom, as the rules answer it.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./cli-run.js";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface Page {
  me: string;
  actions: { name: string; refused: { reason: string; rule: number | null } | null }[];
  awaits: { player: string; does: string; action: string | null; channel?: string; anyOne?: true; rule: number }[];
  view: { seq: number; state: { name: string; value?: any }[]; failures: { rule: number; during: string; error: string }[] };
}

/** Players signed up and seated in a new game of a preset; play not begun. */
async function table(preset: string, names: string[]) {
  const clients: ApiClient[] = [];
  for (const name of names) clients.push(await new ApiClient(server.url).signup(name.toLowerCase().replace(/[^a-z]+/g, "-"), name));
  const created = await clients[0]!.post("/api/games", { name: "Table talk", preset, timeZone: "UTC" });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id: string = created.body.id;
  const ids = [created.body.me as string];
  for (const client of clients.slice(1)) ids.push((await client.post(`/api/invites/${created.body.invite}/join`)).body.me);
  const page = async (client: ApiClient): Promise<Page> => {
    const reply = await client.get(`/api/games/${id}`);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body;
  };
  const clientOf = (player: string) => clients[ids.indexOf(player)]!;
  return { id, clients, ids, page, clientOf };
}

const open = (page: Page) =>
  page.actions
    .filter((a) => a.refused === null)
    .map((a) => a.name)
    .sort();
const refusal = (page: Page, action: string) => page.actions.find((a) => a.name === action)!.refused;
const awaited = (page: Page) => page.awaits.map((a) => `${a.player}: ${a.does}${a.action ? ` (${a.action})` : ""}`).sort();

describe("a game of Suber's Initial Set", () => {
  test("the pages say what play awaits from whom, and only what each player can do now is open", async () => {
    const t = await table("suber", ["Ada Lovelace", "Grace Hopper", "Alan Turing"]);
    const [ada, grace, alan] = t.ids as [string, string, string];

    // Before play begins: anyone may start it (forfeiting is open at any time, Rule 113).
    let page = await t.page(t.clients[1]!);
    assert.deepEqual(open(page), ["forfeit", "start"]);
    assert.deepEqual(awaited(page), [`${ada}: start the game (start)`, `${alan}: start the game (start)`, `${grace}: start the game (start)`]);
    assert.ok(
      page.awaits.every((a) => a.anyOne === true),
      "any one of them may start it, for all",
    );
    assert.equal(refusal(page, "propose")?.rule, 201);
    assert.match(refusal(page, "propose")!.reason, /play has not begun/);
    assert.match(refusal(page, "vote")!.reason, /no proposal is open/);
    assert.match(refusal(page, "judge")!.reason, /no case awaits a ruling/);

    assert.equal((await t.clients[1]!.act(t.id, "start")).status, 200);
    page = await t.page(t.clients[0]!);
    const mover = page.view.state.find((s) => s.name === "turn")!.value.player as string;
    assert.deepEqual(page.awaits, [{ player: mover, does: "propose a rule-change", action: "propose", rule: 202 }]);
    assert.deepEqual(refusal(page, "start"), { reason: "play has already begun", rule: 201 });

    const moverPage = await t.page(t.clientOf(mover));
    assert.deepEqual(open(moverPage), ["forfeit", "invoke-judgment", "propose"]);
    const other = t.ids.find((p) => p !== mover)!;
    const otherPage = await t.page(t.clientOf(other));
    const notYours = refusal(otherPage, "propose")!;
    assert.equal(notYours.rule, 201);
    assert.match(notYours.reason, /it is not your turn/);

    // A refused action is refused when taken, with the same reason, whatever the input.
    for (const input of [{ change: { kind: "repeal", rule: 301 } }, {}]) {
      const taken = await t.clientOf(other).act(t.id, "propose", input);
      assert.equal(taken.status, 422, JSON.stringify(taken.body));
      assert.equal(taken.body.error.message, `Rule 201: ${notYours.reason}`);
      assert.equal(taken.body.error.rule, 201);
    }

    // A proposal: every eligible voter who has not voted is awaited, and drops out as they vote.
    const proposed = await t.clientOf(mover).act(t.id, "propose", { change: { kind: "enact", text: "Players may wave." } });
    assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
    page = await t.page(t.clients[0]!);
    assert.deepEqual(
      awaited(page),
      [ada, alan, grace].sort().map((p) => `${p}: vote on proposal 301 (vote)`),
    );
    assert.equal(refusal(await t.page(t.clientOf(mover)), "propose")?.rule, 202);
    assert.equal((await t.clientOf(ada).act(t.id, "vote", { proposal: 301, vote: "for" })).status, 200);
    page = await t.page(t.clientOf(ada));
    assert.deepEqual(
      awaited(page),
      [alan, grace].sort().map((p) => `${p}: vote on proposal 301 (vote)`),
    );
    assert.deepEqual(refusal(page, "vote"), { reason: "you have voted on every proposal open for votes; each player has exactly one vote", rule: 207 });
    assert.equal(refusal(await t.page(t.clientOf(grace)), "vote"), null);
  });
});

/** A Suber game with play begun, and a way to have a rule enacted by everyone's vote. */
async function playing(names: string[]) {
  const t = await table("suber", names);
  assert.equal((await t.clients[0]!.act(t.id, "start")).status, 200);
  const mover = async () => (await t.page(t.clients[0]!)).view.state.find((s) => s.name === "turn")!.value.player as string;
  const enact = async (text: string, code: string) => {
    const proposed = await t.clientOf(await mover()).act(t.id, "propose", { change: { kind: "enact", text, code } });
    assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
    const records = (await t.page(t.clients[0]!)).view.state.find((s) => s.name === "proposals")!.value as Record<string, { number: number; status: string }>;
    const number = Object.values(records).find((p) => p.status === "voting")!.number;
    for (const client of t.clients) assert.equal((await client.act(t.id, "vote", { proposal: number, vote: "for" })).status, 200);
    return number;
  };
  return { ...t, mover, enact };
}

describe("rules enacted in play", () => {
  test("a rule's when and forbids change what each page offers, and a bad answer about what play awaits breaks no page", async () => {
    const t = await playing(["Ida Rhodes", "Joan Clarke", "Kay Antonelli"]);
    const code = [
      'action("celebrate", { describe: "Celebrate", input: t.object({}), when: () => "there is nothing to celebrate yet" }, () => {});',
      'forbid("forfeit", () => "no one leaves this table");',
    ].join("\n");
    const proposal = await t.enact("A table no one leaves.", code);
    const page = await t.page(t.clients[1]!);
    assert.deepEqual(refusal(page, "celebrate"), { reason: "there is nothing to celebrate yet", rule: proposal });
    assert.deepEqual(refusal(page, "forfeit"), { reason: "no one leaves this table", rule: proposal });
    const taken = await t.clients[1]!.act(t.id, "celebrate");
    assert.equal(taken.status, 422);
    assert.equal(taken.body.error.message, `Rule ${proposal}: there is nothing to celebrate yet`);

    const bad = [
      'answer("play.awaits", () => "everyone, soon");',
      'answer("play.awaits", () => [{ player: "nobody-here", does: "haunt the table" }]);',
      'answer("play.awaits", () => { throw new Error("the oracle is out"); });',
    ].join("\n");
    const oracle = await t.enact("An unreliable oracle.", bad);
    const after = await t.page(t.clients[2]!);
    assert.deepEqual(after.awaits, [{ player: await t.mover(), does: "propose a rule-change", action: "propose", rule: 202 }]);
    const noted = after.view.failures.filter((f) => f.rule === oracle && f.during === "answer play.awaits").map((f) => f.error);
    assert.equal(noted.length, 2, JSON.stringify(after.view.failures));
    assert.ok(noted.some((e) => /must be a list of \{ player, does, action\?, channel\?, until\?, anyOne\? \}/.test(e)));
    assert.ok(noted.some((e) => /the oracle is out/.test(e)));
    assert.equal((await t.page(t.clients[2]!)).view.seq, after.view.seq, "asking changed nothing");
  });

  test("what play awaits may name where it is said: a channel open to that player, else none", async () => {
    const t = await playing(["Pat Oh", "Quin Ra", "Rae Su"]);
    const code = [
      'channel("table-talk", { title: "Table talk" });',
      'action("whisper", { describe: "Open a backroom of your own", input: t.object({}) }, (_input, { actor }) => game.channels.open("backroom", { title: "Backroom", readers: [actor] }));',
      'answer("play.awaits", () => game.players().flatMap((p) => ["table-talk", "backroom", "nowhere"].map((channel) => ({ player: p.id, does: "say " + channel, channel }))));',
    ].join("\n");
    const rule = await t.enact("Talk where it is said.", code);
    assert.equal((await t.clients[0]!.act(t.id, "whisper")).status, 200);
    const [pat, quin] = t.ids as [string, string];
    const saying = (page: Page, player: string) => page.awaits.filter((a) => a.rule === rule && a.player === player).map((a) => [a.does, a.channel ?? null]);
    const expected = (backroom: string | null) => [
      ["say table-talk", "table-talk"],
      ["say backroom", backroom],
      ["say nowhere", null],
    ];
    assert.deepEqual(saying(await t.page(t.clients[0]!), pat), expected("backroom"), "a private channel to its reader");
    assert.deepEqual(saying(await t.page(t.clients[0]!), quin), expected(null), "a channel the player cannot read, or none open, is not named");
    assert.deepEqual(saying(await t.page(t.clients[1]!), pat), expected(null), "nor to whoever does not read it");
  });

  test("what a player's secret makes the rules refuse reaches that player's page only", async () => {
    const t = await playing(["Lu Ma", "Mo Ng", "No Ot"]);
    const code = [
      'const secret = playerState("secret", { initial: 0, visibility: "owner" });',
      'action("draw", { describe: "Draw a secret number", input: t.object({}) }, (_input, { actor }) => secret.set(actor, game.random.int(100000, 999999)));',
      'action("peek", { describe: "Peek", input: t.object({}) }, () => {});',
      'forbid("peek", (_input, { actor }) => (secret.get(actor) ? "your number is " + secret.get(actor) : undefined));',
    ].join("\n");
    await t.enact("Secret numbers.", code);
    const [lu, mo] = t.clients as [ApiClient, ApiClient];
    assert.equal((await lu.act(t.id, "draw")).status, 200);
    const luPage = await t.page(lu);
    const reason = refusal(luPage, "peek")!.reason;
    const number = /your number is (\d+)/.exec(reason)![1]!;
    const moPage = await t.page(mo);
    assert.equal(refusal(moPage, "peek"), null);
    assert.ok(!JSON.stringify(moPage).includes(number), "Lu's secret reached Mo's page");
  });
});

describe("a game of N_omic", () => {
  test("the mover is prompted phase by phase, then the discussion and the votes", async () => {
    const t = await table("n_omic", ["Edsger Dijkstra", "Frances Allen", "Barbara Liskov"]);
    assert.equal((await t.clients[0]!.act(t.id, "start")).status, 200);
    let page = await t.page(t.clients[0]!);
    const mover = page.view.state.find((s) => s.name === "turn")!.value.player as string;
    const prompts = () => page.awaits.filter((a) => a.player === mover).map((a) => a.does);
    assert.deepEqual(prompts(), ["announce how many extra rule-changes you buy (50 Groks each), or none", "add one to five lines to the Epic Poem"]);
    const moving = t.clientOf(mover);
    assert.deepEqual(open(await t.page(moving)).includes("purchase"), true);
    assert.match(refusal(await t.page(moving), "propose")!.reason, /belongs to the Proposal phase/);

    assert.equal((await moving.act(t.id, "purchase", { extra: 0 })).status, 200);
    page = await t.page(t.clients[1]!);
    assert.deepEqual(prompts(), ["propose a rule-change", "add one to five lines to the Epic Poem"]);
    const proposed = await moving.act(t.id, "propose", { changes: [{ kind: "enact", text: "Players may wave." }] });
    assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
    page = await t.page(t.clients[2]!);
    assert.ok(
      prompts().some((does) => /^discuss Proposal \d+ for 24 hours/.test(does)),
      prompts().join("; "),
    );
    assert.match(refusal(page, "vote")!.reason, /still under discussion/);
  });
});

test("the command line says what play awaits, and shows the actions refused to a player apart, with why", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-awaits-"));
  try {
    const db = join(dir, "game.db");
    const nomos = (...args: string[]) => runCli(["--db", db, ...args], false);
    const players = ["--player", "Grace Hopper", "--player", "Ada Lovelace", "--player", "Alan Turing"];
    assert.equal((await nomos("new", "Friday game", "--preset", "suber", ...players, "--start")).code, 0);
    const state = await nomos("state");
    assert.match(state.stdout, /^Awaiting Grace Hopper: propose a rule-change \(act propose; Rule 202\)$/m);
    const actions = (await nomos("actions", "--as", "ada-lovelace")).stdout;
    const [open, refused] = actions.split("Not open to you now:");
    assert.match(open!, /^Invoke judgment: act invoke-judgment \(Rule 212\)/m);
    assert.doesNotMatch(open!, /act propose /);
    assert.match(refused!, /^ {2}Propose \(propose\): it is not your turn: it is Grace Hopper's turn \(Rule 201\)$/m);
    assert.match(refused!, /^ {2}Start \(start\): play has already begun \(Rule 201\)$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
