/**
 * Nomic VIII's people, played on a simulated clock: required actions and their 48 hours (205),
 * a week's absence and leaving (109), the server moderators' majority decisions, bans and an
 * observer moderator (113), a rule deemed to need a bot (208), and joining (213): admitted at the
 * next turn when nobody objects, put to a vote after a private objection.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ActionError } from "../src/kernel/game.js";
import { day, hour, names, refused, reload, runTo, say, utc, value, viiiGame, type Table } from "./nomic-viii-helpers.js";
import { inEffect } from "./nomicron-helpers.js";

const minute = 60_000;
const isPlayer = (t: Table, id: string) => t.game.state.players.some((p) => p.id === id);
const applicant = (t: Table, id: string) => (t.game.state.applicants ?? []).some((a) => a.id === id);
const request = (t: Table, id: string) => value<Record<string, { status: string }>>(t, "join-requests")[id];

/** A rule written for the test: it requires actions of players, as rules of the game would (Rule 205's events). */
const duties = `
const duty = t.object({ player: t.player(), what: t.string(), hours: t.integer({ minimum: 1 }) }, { optional: ["hours"] });
action("require", { describe: "Require an action of a player", input: duty }, (i) =>
  game.emit("action.required", { player: i.player, what: i.what, rule: 900, ...(i.hours ? { hours: i.hours } : {}) }));
action("done", { describe: "Say a required action is done", input: duty }, (i) => game.emit("action.done", { player: i.player, what: i.what }));
action("impossible", { describe: "Say a required action became impossible", input: duty }, (i) => game.emit("action.impossible", { player: i.player, what: i.what }));
`;

test("Rule 205: 48 hours (or the hours given) to do a required action, then inactive and locked until it is done or impossible", async () => {
  const t = await viiiGame(utc(3, 4, 1), names, ":memory:", [{ number: 900, text: "The test requires actions of players.", code: duties }]);
  const { ada, alan, grace } = t.id as Record<"ada" | "alan" | "grace" | "edsger", string>;
  const start = t.clock.now;
  await t.game.act(ada, "require", { player: alan, what: "acknowledge the duty" });
  const awaited = (await t.game.standing(null)).awaits.find((a) => a.player === alan && a.does === "acknowledge the duty");
  const due = (value(t, "required-actions") as { player: string; due: number }[]).find((r) => r.player === alan)?.due;
  assert.ok(due && due - start >= 48 * hour && due - start < 48 * hour + minute);
  assert.equal(awaited?.until, due, "play awaits it of him until it falls due, so that he can be reminded");
  await runTo(t, start + 47 * hour);
  assert.equal(t.game.value("status", alan), "active", "47 hours in, still active");
  await runTo(t, start + 48 * hour + minute);
  assert.equal(t.game.value("status", alan), "inactive", "48 hours passed: inactive");
  assert.deepEqual(t.game.value("locked", alan), { what: "acknowledge the duty", rule: 900 });
  await refused(t, alan, "declare-active", {}, /cannot become active until you acknowledge the duty/);

  await t.game.join("Donald Knuth");
  await t.game.act(ada, "object", { person: "Donald Knuth" });
  await say(t, alan, "vote-join-donald-knuth", "aye");
  assert.equal(value(t, "votes")["join-donald-knuth"].tally[alan], undefined, "a locked player's vote does not count");
  assert.equal(t.game.value("status", alan), "inactive");

  await t.game.act(ada, "done", { player: alan, what: "acknowledge the duty" });
  assert.equal(t.game.value("locked", alan), null, "done: no longer locked");
  assert.equal(t.game.value("status", alan), "inactive", "but inactive until he says otherwise");
  await t.game.act(alan, "declare-active", {});
  assert.equal(t.game.value("status", alan), "active");

  const now = t.clock.now;
  await t.game.act(ada, "require", { player: grace, what: "name a successor", hours: 12 });
  await runTo(t, now + 12 * hour + minute);
  assert.deepEqual(t.game.value("locked", grace), { what: "name a successor", rule: 900 }, "the hours given, not 48");
  await t.game.act(ada, "impossible", { player: grace, what: "name a successor" });
  assert.equal(t.game.value("locked", grace), null, "an impossible action unlocks");
  await say(t, grace, "vote-join-donald-knuth", "nay");
  assert.equal(t.game.value("status", grace), "active", "and she is active again by voting");
  t.game.close();
});

test("Rule 109: more than 168 hours without acting or posting and a player has left; leaving is always possible", async () => {
  const t = await viiiGame(utc(3, 2, 1));
  const { ada, alan, grace } = t.id as Record<"ada" | "alan" | "grace" | "edsger", string>;
  const joined = t.clock.now;
  await runTo(t, joined + 2 * day);
  await say(t, ada, "general", "Hello, table.");
  await runTo(t, joined + 5 * day);
  await say(t, alan, "general", "Still here.");
  await runTo(t, joined + 6 * day);
  await t.game.act(ada, "declare-inactive", {});
  await runTo(t, joined + 168 * hour - minute);
  assert.ok(isPlayer(t, grace), "a week is not yet more than 168 hours");
  await runTo(t, joined + 168 * hour + 2 * minute);
  assert.ok(!isPlayer(t, grace), "Grace, silent for a week, has left");
  assert.ok(isPlayer(t, ada) && isPlayer(t, alan));
  await runTo(t, joined + 5 * day + 168 * hour + 2 * minute);
  assert.ok(!isPlayer(t, alan), "Alan, silent since day 5, has left");
  assert.ok(isPlayer(t, ada), "Ada acted on day 6");
  await t.game.leave(ada);
  assert.ok(!isPlayer(t, ada), "leaving is always possible");
  t.game.close();
});

test("Rule 113: the founder moderates; moderators add a moderator by majority, an observer among them, and ban a player", async () => {
  const t = await viiiGame(utc(3, 2, 1));
  const { ada, alan, grace } = t.id as Record<"ada" | "alan" | "grace" | "edsger", string>;
  const motion = (n: number) => value(t, "moderator-motions")[n];
  assert.deepEqual(value(t, "moderators"), [ada], "the founder is the first moderator");
  await refused(t, grace, "moderate", { motion: "ban", person: "Alan Turing" }, /only the server moderators/);

  await t.game.act(ada, "moderate", { motion: "add-moderator", person: "Alan Turing" });
  await say(t, grace, "vote-moderators-1", "nay");
  assert.equal(motion(1).status, "voting", "a player who is not a moderator does not vote on it");
  await say(t, ada, "vote-moderators-1", "aye");
  assert.equal(motion(1).status, "passed", "one moderator of one is a majority");
  assert.deepEqual(value(t, "moderators"), [ada, alan]);

  await t.game.act(alan, "moderate", { motion: "add-moderator", person: "grace hopper" });
  await say(t, alan, "vote-moderators-2", "aye");
  assert.equal(motion(2).status, "voting", "one of two is not a majority");
  await say(t, ada, "vote-moderators-2", "nay");
  assert.equal(motion(2).status, "failed", "one against of two: it cannot pass");

  const { person: mona } = await t.game.attend("Mona Moderator");
  await t.game.act(ada, "moderate", { motion: "add-moderator", person: "Mona Moderator" });
  await say(t, ada, "vote-moderators-3", "aye");
  await say(t, alan, "vote-moderators-3", "yes");
  assert.deepEqual(value(t, "moderators"), [ada, alan, mona.id], "a person who does not play moderates");

  await t.game.act(mona.id, "moderate", { motion: "ban", person: "Grace Hopper" });
  await say(t, mona.id, "vote-moderators-4", "aye");
  assert.ok(isPlayer(t, grace), "one of three is not a majority");
  await say(t, alan, "vote-moderators-4", "aye");
  assert.ok(!isPlayer(t, grace), "banned from playing: no longer a player");
  await assert.rejects(t.game.join("Grace Hopper"), (err: unknown) => err instanceof ActionError && /banned from playing/.test(err.message));
  await t.game.leave(alan);
  assert.deepEqual(value(t, "moderators"), [ada, mona.id], "a moderator who leaves the game is one no more");
  t.game.close();
});

test("Rule 208: the moderators deem a rule to need a bot; it has no effect until a moderator says the bot works", async () => {
  const t = await viiiGame(utc(3, 2, 1));
  const ada = t.id.ada!;
  await refused(t, ada, "deem-infeasible", { rule: 113, section: "bans" }, /above 208/);
  await t.game.act(ada, "deem-infeasible", { rule: 212, section: "keeping every player's points" });
  assert.ok(inEffect(t, 212), "only a moderators' decision suspends it");
  await say(t, ada, "vote-moderators-1", "aye");
  assert.ok(!inEffect(t, 212), "deemed to need a bot: not in effect");
  await t.game.act(ada, "bot-functional", { rule: 212 });
  assert.ok(inEffect(t, 212), "the bot works: in effect again");
  t.game.close();
});

test("Rule 213: before the first turn people join at once; then a request nobody objects to joins at the next turn, and an objection, private or public, leads to a vote", async () => {
  const t = await viiiGame(utc(3, 2, 1));
  const { ada, alan, grace } = t.id as Record<"ada" | "alan" | "grace" | "edsger", string>;
  const walter = (await t.game.join("Walter Brattain")).id;
  assert.ok(isPlayer(t, walter), "before the game commences, one of the initial set of players");
  await runTo(t, utc(3, 5, 1));

  const knuth = (await t.game.join("Donald Knuth")).id;
  assert.ok(applicant(t, knuth) && !isPlayer(t, knuth), "a request, public, awaiting the rules");

  const liskov = (await t.game.join("Barbara Liskov")).id;
  const channels = (t.game.state as { channels?: Record<string, { readers: string[] | null }> }).channels ?? {};
  assert.deepEqual(channels[`moderators-${alan}`]?.readers, [alan, ada], "Alan's channel to the moderators is read by him and Ada only");
  await say(t, alan, `moderators-${alan}`, "I think we are enough already.");
  assert.equal(request(t, liskov)?.status, "open", "only an objection objects");
  await say(t, alan, `moderators-${alan}`, "object Barbara Liskov");
  assert.equal(request(t, liskov)?.status, "voting", "a private objection to the moderators puts it to a vote");
  await say(t, ada, "vote-join-barbara-liskov", "aye");
  await say(t, grace, "vote-join-barbara-liskov", "aye");
  await say(t, alan, "vote-join-barbara-liskov", "nay");

  const ken = (await t.game.join("Ken Thompson")).id;
  await t.game.act(grace, "object", { person: "Ken Thompson" });
  await say(t, alan, "vote-join-ken-thompson", "nay");

  await reload(t);
  await runTo(t, utc(3, 6, 2));
  assert.equal(request(t, knuth)?.status, "accepted", "nobody objected within 24 hours");
  assert.equal(request(t, liskov)?.status, "accepted", "two for, one against");
  assert.equal(request(t, ken)?.status, "rejected", "no majority in favour");
  await refused(t, ada, "object", { person: "Donald Knuth" }, /nobody is asking to join/);
  assert.ok(!isPlayer(t, knuth) && !isPlayer(t, liskov), "not before the next turn starts");

  await runTo(t, utc(3, 7) + minute);
  assert.ok(isPlayer(t, knuth) && isPlayer(t, liskov), "both join as the next turn starts");
  assert.ok(!isPlayer(t, ken), "a request voted down does not join");
  t.game.close();
});
