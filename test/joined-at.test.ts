/**
 * When each player joined (`Player.joinedAt` in the rule API, `PlayerRecord.joinedAt` in the
 * state): the join's time, or the admission's for an applicant a rule admitted later. Rule code
 * reads the same value while the game runs and after it is loaded again from its file, and the
 * log's join effects are as they were (an archive recorded before keeps verifying).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { engine } from "./helpers.js";

const club = compileRuleCode(`
answer("membership.join", (q: MembershipJoinQuestion) => (q.name.startsWith("Carol") ? { defer: "a motion must make you a player" } : undefined));
const seen = gameState<Json>("joined", { initial: null });
action("admit", { describe: "An applicant becomes a player", input: t.object({ id: t.string() }) }, (i) => {
  game.admit(game.applicants().find((a) => a.id === i.id)!);
});
action("look", { describe: "Reads when each player joined", input: t.object({}) }, () => {
  const joined: { [id: string]: Json } = {};
  for (const p of game.players()) joined[p.id] = typeof p.joinedAt === "number" ? p.joinedAt : "missing";
  seen.set(joined);
});
`);

test("a player's joinedAt is the join's time (the admission's for an applicant), for the engine and for rule code, before and after a reload", async () => {
  const options = engine();
  const game = await Game.create(options, { name: "Joins", preset: null, rules: [{ number: 1, text: "The club.", mutable: false, code: club }] });
  const ada = await game.join("Ada Lovelace");
  const adaJoined = game.state.time;
  await game.join("Carol Cray");
  await game.act(ada.id, "look");
  const admitted = (await game.act(ada.id, "admit", { id: "carol-cray" })).act.time;
  assert.ok(admitted > adaJoined);

  const expected = { "ada-lovelace": adaJoined, "carol-cray": admitted };
  const state = () => Object.fromEntries(game.state.players.map((p) => [p.id, p.joinedAt]));
  assert.deepEqual(state(), expected, "the state keeps when each player joined");
  await game.act(ada.id, "look");
  assert.deepEqual(game.value("joined"), expected, "rule code reads the same");

  const joins = (await options.store.readActs(game.id)).flatMap((a) => a.effects.filter((e) => e.e === "player.joined"));
  assert.deepEqual(
    joins.map((e) => e.e === "player.joined" && Object.keys(e.player).sort()),
    [
      ["id", "name"],
      ["id", "name"],
    ],
    "the log's effects are unchanged: the time is the act's",
  );

  game.close();
  const again = await Game.load(options, game.id);
  assert.deepEqual(Object.fromEntries(again.state.players.map((p) => [p.id, p.joinedAt])), expected, "folded again from the log");
  await again.act(ada.id, "look");
  assert.deepEqual(again.value("joined"), expected, "rule code reads the same after a reload");
  again.close();
});
