/**
 * Messages in the log, engine-level: a rule declares a channel and counts "yes"/"no" messages
 * as votes (an edit or deletion voids the vote), answers "message.allowed" and "message.redact",
 * opens a private channel and closes one; the log holds no text; a reload from SQLite keeps it all.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ActionError, Game } from "../src/kernel/game.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine } from "./helpers.js";
import { messageRules } from "./message-helpers.js";

async function table(options = engine()) {
  const game = await Game.create(options, { name: "Talk", preset: null, rules: messageRules(), seed: "messages" });
  for (const name of ["Ada Lovelace", "Grace Hopper", "Alan Turing"]) await game.join(name);
  return { game, options };
}

const refused = async (work: Promise<unknown>, pattern: RegExp) => {
  await assert.rejects(work, (err: unknown) => err instanceof ActionError && pattern.test(err.message));
};

test("a rule declares a channel and counts yes/no messages as votes; an edit or a deletion voids the vote; the log holds no text", async () => {
  const { game, options } = await table();
  assert.deepEqual(
    Object.values(game.state.channels ?? {}).map((c) => [c.id, c.title, c.writers, c.readers, c.open, c.rule]),
    [["vote", "The vote", "players", null, true, 301]],
    "the declared channel is there from the rule's load",
  );
  const post = async (person: string, channel: string, text: string) => {
    const outcome = await game.message(person, { op: "post", channel, text });
    return (outcome.act.input as { message: number }).message;
  };
  const ada = await post("ada-lovelace", "vote", " Yes ");
  const alan = await post("alan-turing", "vote", "no");
  const chat = await post("alan-turing", "vote", "I wonder");
  const forum = await post("grace-hopper", "general", "Counting now.");
  assert.deepEqual([ada, alan, chat, forum], [1, 2, 3, 4], "messages are numbered per game");
  assert.deepEqual(game.value("votes"), { "ada-lovelace": { vote: "yes", message: 1 }, "alan-turing": { vote: "no", message: 2 } });
  assert.ok((game.value("heard") as string[]).includes("forum grace-hopper general"), "a post in general is heard as forum.posted too");
  assert.equal(game.state.players.find((p) => p.id === "grace-hopper")?.lastActed, game.state.time, "a message is the author's latest act");

  await game.message("ada-lovelace", { op: "edit", message: ada, text: "yes, surely" });
  await game.message("alan-turing", { op: "delete", message: alan });
  assert.deepEqual(game.value("votes"), {}, "the edited and the deleted vote are void");
  assert.ok((game.value("heard") as string[]).includes("edited 1 (11 characters)"), "the rule hears the new text");
  assert.equal(typeof game.state.messages?.index["1"]?.editedAt, "number");
  assert.equal(game.state.messages?.index["2"]?.deleted, true);

  // Only the author edits or deletes (the default), and not a deleted message.
  await refused(game.message("alan-turing", { op: "edit", message: ada, text: "no" }), /only its author may edit a message/);
  await refused(game.message("alan-turing", { op: "delete", message: alan }), /message 2 was deleted/);
  await refused(game.message("ada-lovelace", { op: "post", channel: "vote", text: "   " }), /cannot be blank/);
  await refused(game.message("ada-lovelace", { op: "post", channel: "vote", text: "x".repeat(10_001) }), /at most 10,000 characters/);
  await refused(game.message("ada-lovelace", { op: "post", channel: "nowhere", text: "hi" }), /there is no channel "nowhere"/);

  const log = JSON.stringify(await options.store.readActs(game.id));
  for (const text of ["Yes", "I wonder", "Counting now", "surely"]) assert.ok(!log.includes(text), `the log holds no text ("${text}")`);
});

test("message.allowed refuses in words; a private channel is seen by its readers alone; a closed channel takes no posts", async () => {
  const { game } = await table();
  await refused(game.message("grace-hopper", { op: "post", channel: "vote", text: "yes" }), /^Rule 302: Grace counts the votes and casts none$/);

  await game.act("ada-lovelace", "open-mods");
  assert.deepEqual(game.state.channels?.mods?.readers, ["ada-lovelace"]);
  await game.message("ada-lovelace", { op: "post", channel: "mods", text: "Only I read this." });
  await refused(game.message("grace-hopper", { op: "post", channel: "mods", text: "Let me in" }), /there is no channel "mods"/);
  await refused(game.message("grace-hopper", { op: "delete", message: 1 }), /there is no message 1/);

  await game.act("ada-lovelace", "close-vote");
  assert.equal(game.state.channels?.vote?.open, false);
  await refused(game.message("alan-turing", { op: "post", channel: "vote", text: "no" }), /the channel "The vote" is closed/);
  await game.message("alan-turing", { op: "post", channel: "general", text: "Still open here." });
  assert.equal(game.actions().find((a) => a.name === "close-vote")?.channel, "vote", "an action says the channel it is taken in");
});

test("the host, or a redactor a rule grants, redacts: the act and the fact stay; others are refused", async () => {
  const { game, options } = await table();
  await game.message("alan-turing", { op: "post", channel: "general", text: "Something rude." });
  await game.message("alan-turing", { op: "post", channel: "general", text: "Something worse." });
  await refused(game.message("alan-turing", { op: "redact", message: 1, reason: "regret" }), /only the game's host may redact/);
  await refused(game.message("grace-hopper", { op: "redact", message: 1, reason: "  " }), /needs its reason/);
  await game.message("grace-hopper", { op: "redact", message: 1, reason: "The server's terms" });
  await game.message("ada-lovelace", { op: "redact", message: 2, reason: "Same" });
  assert.deepEqual(game.state.messages?.index["1"]?.redacted, { by: "grace-hopper", reason: "The server's terms" });
  assert.deepEqual(game.state.messages?.index["2"]?.redacted, { by: "ada-lovelace", reason: "Same" });
  assert.ok((game.value("heard") as string[]).includes("redacted 1 by grace-hopper: The server's terms"), JSON.stringify(game.value("heard")));
  await refused(game.message("alan-turing", { op: "edit", message: 1, text: "nicer" }), /message 1 was redacted/);
  const acts = await options.store.readActs(game.id);
  assert.deepEqual(
    acts.filter((a) => a.input.kind === "message").map((a) => a.input),
    [
      { kind: "message", op: "post", person: "alan-turing", channel: "general", message: 1 },
      { kind: "message", op: "post", person: "alan-turing", channel: "general", message: 2 },
      { kind: "message", op: "redact", person: "grace-hopper", message: 1, reason: "The server's terms" },
      { kind: "message", op: "redact", person: "ada-lovelace", message: 2, reason: "Same" },
    ],
  );
  assert.ok(!JSON.stringify(acts).includes("rude"));
});

test("a game reloaded from SQLite has its channels and messages as they were", async () => {
  const path = `/tmp/msgt/messages-${process.pid}.db`;
  const options = engine(SqliteStore.open(path));
  const { game } = await table(options);
  await game.message("ada-lovelace", { op: "post", channel: "vote", text: "yes" });
  await game.message("alan-turing", { op: "post", channel: "vote", text: "no" });
  await game.message("alan-turing", { op: "edit", message: 2, text: "no!" });
  await game.act("ada-lovelace", "open-mods");
  await game.act("ada-lovelace", "close-vote");
  const before = structuredClone(game.state);
  const dump = await game.guestDump();
  game.close();
  const again = await Game.load(engine(SqliteStore.open(path)), game.id);
  assert.deepEqual(again.state, before);
  assert.deepEqual(await again.guestDump(), dump, "the rules' mirror boots the same");
  await refused(again.message("ada-lovelace", { op: "post", channel: "vote", text: "yes" }), /closed/);
  await again.message("alan-turing", { op: "post", channel: "general", text: "after the reload" });
  assert.equal(again.state.messages?.last, 3);
  again.close();
});
