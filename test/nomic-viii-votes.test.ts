/**
 * Nomic VIII votes as messages (Rules 206, 207, 112), played: a newcomer asks to join, a player
 * objects, and the players vote on it with messages in the vote's channel — every phrase in any
 * case, changes of mind, withdrawals, messages that are not votes, edited, deleted and redacted
 * vote messages, and an inactive player whose vote makes them active again.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ActionError } from "../src/kernel/game.js";
import { deleteMessage, editMessage, runTo, say, utc, value, viiiGame, type Table } from "./nomic-viii-helpers.js";
import { messages } from "./nomicron-helpers.js";

const players = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"];
const vote = "join-donald-knuth";
const channel = `vote-${vote}`;

/** A game of four whose players vote on whether Donald Knuth joins (he asked in the first turn; Ada objected). */
async function joinVote(): Promise<Table> {
  const t = await viiiGame(utc(3, 2, 1), players);
  await runTo(t, utc(3, 5, 1));
  await t.game.join("Donald Knuth");
  await t.game.act(t.id.ada!, "object", { person: "Donald Knuth" });
  return t;
}

const tally = (t: Table): Record<string, string> => value<Record<string, { tally: Record<string, string> }>>(t, "votes")[vote]!.tally;
const redact = (t: Table, by: string, message: number, reason: string) =>
  (t.game as unknown as { message(person: string, op: { op: "redact"; message: number; reason: string }): Promise<{ id: number }> }).message(by, {
    op: "redact",
    message,
    reason,
  });

test("every phrase of Rule 207 is a vote in any case and trimmed; voting again changes it; withdraw and abstain withdraw it", async () => {
  const t = await joinVote();
  const ada = t.id.ada!;
  assert.deepEqual(tally(t), {}, "an objection opens the vote, empty");
  const phrases: [string, string | undefined][] = [
    ["aye", "for"],
    [" NAY ", "against"],
    ["Yay", "for"],
    ["n", "against"],
    ["YES", "for"],
    ["No", "against"],
    ["y", "for"],
    ["nay\n", "against"],
    ["withdraw", undefined],
    ["Aye", "for"],
    ["ABSTAIN", undefined],
  ];
  for (const [phrase, expected] of phrases) {
    await say(t, ada, channel, phrase);
    assert.equal(tally(t)[ada], expected, `"${phrase}" leaves Ada's vote ${expected ?? "withdrawn"}`);
  }
  t.game.close();
});

test("a message that is not exactly a phrase is not a vote, nor is a phrase posted outside the vote's channel", async () => {
  const t = await joinVote();
  const alan = t.id.alan!;
  await say(t, alan, channel, "aye");
  for (const text of ["aye!", "yes please", "maybe", "aye nay", "y e s", "nope", "I vote no"]) {
    await say(t, alan, channel, text);
    assert.equal(tally(t)[alan], "for", `"${text}" changes nothing`);
  }
  await say(t, t.id.grace!, "general", "nay");
  assert.equal(tally(t)[t.id.grace!], undefined, "a phrase in the general channel is only a message");
  t.game.close();
});

test("an edited or deleted vote message voids its vote; editing a message whose vote was replaced does not; a moderator's redaction voids it too", async () => {
  const t = await joinVote();
  const { ada, alan, grace, edsger } = t.id as Record<"ada" | "alan" | "grace" | "edsger", string>;
  const first = await say(t, alan, channel, "aye");
  const second = await say(t, alan, channel, "nay");
  await editMessage(t, alan, first, "aye aye");
  assert.equal(tally(t)[alan], "against", "the first message no longer set Alan's vote");
  await editMessage(t, alan, second, "yes");
  assert.equal(tally(t)[alan], undefined, "editing the vote's message voids it; the new text is not a vote");
  assert.ok((await messages(t)).some((m) => /Alan Turing's vote .* is void: its message was edited/.test(m)));

  const graces = await say(t, grace, channel, "aye");
  await deleteMessage(t, grace, graces);
  assert.equal(tally(t)[grace], undefined, "a deleted vote message voids its vote");
  await say(t, grace, channel, "aye");
  assert.equal(tally(t)[grace], "for", "a new message votes again");

  const edsgers = await say(t, edsger, channel, "nay");
  await assert.rejects(
    redact(t, alan, edsgers, "rude"),
    (err: unknown) => err instanceof ActionError && /moderators/.test(err.message),
    "only moderators redact",
  );
  await redact(t, ada, edsgers, "violates the guidelines");
  assert.equal(tally(t)[edsger], undefined, "Ada (the founder, a moderator) redacted the message: the vote is void");
  t.game.close();
});

test("an inactive player who votes becomes active and the vote counts; withdrawing does not; an observer's vote is no vote", async () => {
  const t = await joinVote();
  const grace = t.id.grace!;
  await t.game.act(grace, "declare-inactive", {});
  assert.equal(t.game.value("status", grace), "inactive");
  await say(t, grace, channel, "withdraw");
  assert.equal(t.game.value("status", grace), "inactive", "withdrawing is not casting a vote");
  await say(t, grace, channel, "aye");
  assert.equal(t.game.value("status", grace), "active", "attempting to vote makes her active (Rule 204)");
  assert.equal(tally(t)[grace], "for", "and the vote counts as cast while active");
  const { person: mona } = await t.game.attend("Mona Observer");
  await say(t, mona.id, channel, "aye");
  assert.equal(tally(t)[mona.id], undefined, "an observer's message is not a player's vote");
  t.game.close();
});
