/**
 * Whose turn, and what to do now, through the HTTP API on a real SQLite file: each page says
 * which actions the rules would refuse its player now (asked of the same checks that refuse
 * an act) and what play awaits from whom, as the rules answer it.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
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
  awaits: { player: string; does: string; action: string | null; rule: number }[];
  view: { state: { name: string; value?: any }[]; failures: { rule: number; during: string; error: string }[] };
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
    assert.equal(refusal(page, "propose")?.rule, 201);
    assert.match(refusal(page, "propose")!.reason, /play has not begun/);
    assert.match(refusal(page, "vote")!.reason, /no proposal is open/);
    assert.match(refusal(page, "judge")!.reason, /only the Judge/);

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
    assert.deepEqual(refusal(page, "vote"), { reason: "you have voted on every proposal open for votes", rule: 105 });
    assert.equal(refusal(await t.page(t.clientOf(grace)), "vote"), null);
  });
});
