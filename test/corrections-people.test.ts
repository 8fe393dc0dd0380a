/**
 * Officers' corrections of people, through the HTTP API on Suber's set: a player's status
 * ended (no longer a player) and the game's winners named (the game ends). Each is an act
 * citing its rule; a bad one is refused in words and changes nothing; the log replays.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { bootSnapshot } from "../src/kernel/boot.js";
import { engine, suberGame } from "./helpers.js";
import { startServer, suberTable, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test("the host corrects a player's status and names the winner: the player is removed, the game ends with the correction's reason", async () => {
  const table = await suberTable(server);
  const [ada, grace, alan] = table.clients as [any, any, any];
  const correct = (body: unknown) => ada.post(`/api/games/${table.id}/corrections`, body);
  const alanId = table.players["Alan Turing"]!;
  const graceId = table.players["Grace Hopper"]!;
  const seq = (await ada.get(`/api/games/${table.id}`)).body.view.seq;

  const stranger = await correct({ cites: { rule: 101 }, reason: "Not a player.", changes: [{ player: "nobody", remove: true }], asHost: true });
  assert.equal(stranger.status, 400);
  assert.match(stranger.body.error.message, /"nobody" is not a player in this game/);
  const uncited = await correct({ cites: { ruling: "case 3" }, reason: "Grace won.", changes: [{ winners: [graceId] }], asHost: true });
  assert.equal(uncited.status, 400);
  assert.match(uncited.body.error.message, /cite the rule by which they win/);
  assert.equal((await ada.get(`/api/games/${table.id}`)).body.view.seq, seq, "a refused correction changes nothing");
  const notOfficer = await grace.post(`/api/games/${table.id}/corrections`, {
    cites: { rule: 101 },
    reason: "Out.",
    changes: [{ player: alanId, remove: true }],
  });
  assert.notEqual(notOfficer.status, 200, "a player the rules do not name an officer cannot remove another");

  const removed = await correct({
    cites: { rule: 101 },
    reason: "Case 1 found Alan Turing was never a player",
    changes: [{ player: alanId, remove: true }],
    asHost: true,
  });
  assert.equal(removed.status, 200, JSON.stringify(removed.body));
  assert.deepEqual(removed.body.entry.input.changes, [{ player: alanId, remove: true }], "the log shows the change of status to every player");
  const page = (await ada.get(`/api/games/${table.id}`)).body;
  assert.deepEqual(
    page.view.players.map((p: { id: string }) => p.id),
    [table.players["Ada Lovelace"], graceId],
  );
  assert.equal((await alan.act(table.id, "vote", { vote: true })).status, 403, "the removed player acts no more");

  const won = await correct({
    cites: { rule: 208 },
    reason: "Grace reached 200 points by the recount of case 3",
    changes: [{ winners: [graceId] }],
    asHost: true,
  });
  assert.equal(won.status, 200, JSON.stringify(won.body));
  const over = (await ada.get(`/api/games/${table.id}`)).body.view;
  assert.equal(over.status, "over");
  assert.deepEqual(over.result, { winners: [graceId], reason: "Grace reached 200 points by the recount of case 3", rule: 208 });
});

test("corrections of people replay: the state folded from the log is the state the game had, and the rules' mirror agrees", async () => {
  const options = engine();
  const game = await suberGame(["Grace Hopper", "Ada Lovelace", "Alan Turing"], options);
  await game.correct(
    { host: true },
    { cites: { rule: 101 }, reason: "ruled out", changes: [{ player: "alan-turing", remove: true, reason: "never a player (case 1)" }] },
  );
  assert.equal(game.state.departed.find((p) => p.id === "alan-turing")?.reason, "never a player (case 1)");
  await game.correct({ host: true }, { cites: { rule: 208 }, reason: "Ada won by the recount", changes: [{ winners: ["ada-lovelace"] }] });
  assert.deepEqual(game.state.result, { winners: ["ada-lovelace"], reason: "Ada won by the recount", rule: 208 });
  const again = await Game.load(options, game.id);
  assert.deepEqual(again.state, game.state);
  const dump = (await game.guestDump()) as { players: unknown; status: string };
  assert.deepEqual(dump.players, bootSnapshot(game.state).players);
  assert.equal(dump.status, "over");
  again.close();
  game.close();
});
