/**
 * Nomic VIII's Rule 110 by playing: an act that would leave no active player to change the
 * rules is canceled (an action refused; a timer's firing recorded as canceled, its effects
 * discarded), while leaving the game stays possible (Rule 109). A test rule stands in for the
 * ways players become inactive (Rules 204, 205): declaring it, and a timer.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatAct } from "../src/present/format-log.js";
import { refused, runTo, type Table, utc, value, viiiGame } from "./nomic-viii-helpers.js";

const standIn = `
const status = playerState<string>("status", { initial: "active" });
action("rest", { describe: "Declare yourself inactive", input: t.object({}) }, (_input, { actor }) => status.set(actor, "inactive"));
on("game.started", () => { game.schedule("sleep", { at: ${utc(1, 9)} }); });
on("timer:sleep", () => { for (const p of game.players()) status.set(p.id, "inactive"); });
`;

const statuses = (t: Table) => Object.fromEntries(t.game.state.players.map((p) => [p.id, value<string>(t, "status", p.id)]));

test("the last active player's inactivity is canceled, by an action or by a timer; leaving stays possible", async () => {
  const t = await viiiGame(utc(1, 7, 12), undefined, undefined, [{ number: 298, text: "Players may rest; on 9 January all sleep.", code: standIn }]);
  const { ada, alan, grace } = t.id as Record<string, string>;
  await t.game.act(ada!, "rest");
  await t.game.act(alan!, "rest");
  await refused(t, grace!, "rest", {}, /Rule 110: it would leave no active player to change the rules: the game would be ossified/);
  assert.deepEqual(statuses(t), { [ada!]: "inactive", [alan!]: "inactive", [grace!]: "active" });

  const before = t.game.state.seq;
  await runTo(t, utc(1, 9));
  const fired = (await t.store.readActs(t.game.id, before)).find(
    (act) => act.input.kind === "timer" && formatAct(act, act.effects, (id) => id, {}).includes("Canceled"),
  );
  assert.ok(fired, "the sleep timer's firing is recorded");
  assert.match(
    formatAct(fired, fired.effects, (id) => id, {}),
    /Canceled by Rule 110: .*ossified/,
  );
  assert.equal(statuses(t)[grace!], "active", "its effects are discarded");

  await t.game.leave(grace!);
  assert.deepEqual(
    t.game.state.players.map((p) => p.id),
    [ada, alan],
    "Grace left (Rule 109: leaving is always possible), though those remaining are inactive",
  );
  await runTo(t, utc(1, 10));
  assert.equal(value<{ number: number }>(t, "turn").number, 2, "the game goes on: the turn ends and the next starts");
});

test("with Rule 204's declarations: the last active player cannot declare inactivity; once another is active again, they can", async () => {
  const t = await viiiGame(utc(1, 7, 12));
  const { ada, alan, grace } = t.id as Record<string, string>;
  await t.game.act(ada!, "declare-inactive");
  await t.game.act(alan!, "declare-inactive");
  await refused(t, grace!, "declare-inactive", {}, /ossified \(Rule 110\)/);
  await t.game.act(alan!, "declare-active");
  await t.game.act(grace!, "declare-inactive");
  assert.deepEqual(statuses(t), { [ada!]: "inactive", [alan!]: "active", [grace!]: "inactive" });
});
