/**
 * The squares a piece may move to, through the HTTP API: the rules answer "board.moves" per
 * player, and each page carries its own player's moves only; a rule's malformed or failing
 * answer marks nothing, breaks no page, and is noted as that rule's failure.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { nomicMovement, seated } from "./board-helpers.js";
import { type ApiClient, startServer, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test("N_omic: only the mover's page, in the Movement phase, carries the squares e may move to, with their cost in Groks", async () => {
  const t = await nomicMovement(server.url);
  const { ada, grace, edsger, alan } = t.clients as Record<string, ApiClient>;

  const page = await t.page(edsger!);
  const groks = page.view.state.find((s) => s.name === "groks")!.values![t.ids.edsger!];
  assert.equal(groks, 125, "50, less 50 for the purchase, plus 125 for using two suggestions");
  assert.deepEqual(page.view.state.find((s) => s.name === "position")!.values![t.ids.edsger!], { x: 15, y: 20 });
  // Four Players: rows 17 to 23 (a change of less than 4), files 14 to 16, never his own square.
  const moves = page.boardMoves;
  assert.equal(moves.length, 7 * 3 - 1);
  const move = (x: number, y: number) => moves.find((m) => m.x === x && m.y === y);
  assert.deepEqual(move(16, 17), { x: 16, y: 17, action: "move", input: { x: 16, y: 17 }, note: "costs 80 Groks", affordable: true, rule: 324 });
  assert.deepEqual(move(14, 23), {
    x: 14,
    y: 23,
    action: "move",
    input: { x: 14, y: 23 },
    note: "costs 140 Groks; you have 125",
    affordable: false,
    rule: 324,
  });
  assert.equal(move(15, 20), undefined);
  assert.deepEqual([...new Set(moves.filter((m) => m.affordable).map((m) => m.y))].sort(), [17, 18, 19, 20, 21]);
  for (const other of [ada, grace, alan]) assert.deepEqual((await t.page(other!)).boardMoves, [], "the others' pages carry no moves");

  // The marked move is the move: taken as the page would take it, it is the one the rule makes.
  await t.act(edsger!, "move", move(16, 17)!.input);
  const after = await t.page(edsger!);
  assert.deepEqual(after.view.state.find((s) => s.name === "position")!.values![t.ids.edsger!], { x: 16, y: 17 });
  assert.deepEqual(after.boardMoves, [], "the Movement phase is over");
});

test("a malformed or failing answer to board.moves marks nothing, breaks no page, and is noted as the rule's failure", async () => {
  const t = await seated(server.url, "suber", ["Ida Rhodes", "Joan Clarke", "Kay Antonelli"]);
  const clients = Object.values(t.clients);
  const mover = async () => (await t.page(clients[0]!)).view.state.find((s) => s.name === "turn")!.value.player as string;
  const clientOf = async () => clients[Object.values(t.ids).indexOf(await mover())]!;
  const code = [
    'answer("board.moves", ({ player }) => player === game.players()[0].id ? [{ x: 1, y: 2, action: "propose", input: {}, note: "a fine square", affordable: true }] : []);',
    'answer("board.moves", () => "everywhere");',
    'answer("board.moves", () => [{ x: 0.5, y: 2, action: "propose", input: {}, note: "half a square", affordable: true }]);',
    'answer("board.moves", () => [{ x: 0, y: 0, action: "fly", input: {}, note: "up", affordable: true }]);',
    'answer("board.moves", () => { throw new Error("the map is lost"); });',
  ].join("\n");
  const moving = await clientOf();
  await t.act(moving, "propose", { change: { kind: "enact", text: "Squares, of a sort.", code } });
  const records = (await t.page(clients[0]!)).view.state.find((s) => s.name === "proposals")!.value as Record<string, { number: number; status: string }>;
  const rule = Object.values(records).find((p) => p.status === "voting")!.number;
  for (const client of clients) await t.act(client, "vote", { proposal: rule, vote: "for" });

  const first = await t.page(clients[0]!);
  assert.deepEqual(first.boardMoves, [{ x: 1, y: 2, action: "propose", input: {}, note: "a fine square", affordable: true, rule }]);
  const noted = first.view.failures.filter((f) => f.rule === rule && f.during === "answer board.moves").map((f) => f.error);
  assert.equal(noted.length, 4, JSON.stringify(first.view.failures));
  assert.ok(noted.some((e) => /must be a list of \{ x, y, action, input, note, affordable \}/.test(e)));
  assert.ok(noted.some((e) => /names the action "fly", which no rule offers now/.test(e)));
  assert.ok(noted.some((e) => /the map is lost/.test(e)));
  for (const client of clients.slice(1)) assert.deepEqual((await t.page(client)).boardMoves, [], "another player's page carries none");
  assert.equal((await t.page(clients[0]!)).view.seq, first.view.seq, "asking changed nothing");
});
