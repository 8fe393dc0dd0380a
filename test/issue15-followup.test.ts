/**
 * What a review of issue 15 left open, at the engine (the server's half is in
 * issue15-followup-server.test.ts): "outcome.allowed" answered as "message.allowed" is; a
 * message's length counted one way, in characters people see. Rules written here, played through Game.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ActionError, Game } from "../src/kernel/game.js";
import { engine, inlineGame } from "./helpers.js";
import { messageRules } from "./message-helpers.js";

/** Rule 110 answers "outcome.allowed" false for "retire" and 42 (neither a reason nor true nor false) for "nap". */
const answers = [
  {
    number: 110,
    mutable: false,
    code: `answer("outcome.allowed", (q: OutcomeQuestion) => (q.act.action === "retire" ? false : q.act.action === "nap" ? (42 as unknown as string) : undefined));`,
  },
  {
    number: 204,
    mutable: true,
    code: `
const status = playerState("status", { initial: "active" });
action("retire", { describe: "Become inactive", input: t.object({}) }, (_i, { actor }) => status.set(actor, "inactive"));
action("nap", { describe: "Take a nap", input: t.object({}) }, (_i, { actor }) => status.set(actor, "napping"));`,
  },
];

test("\"outcome.allowed\" answered false refuses the act in the rule's name; an answer of another kind is the rule's recorded failure", async () => {
  const game = await inlineGame("Answers", answers, ["Ada", "Grace"]);
  const seq = game.state.seq;
  await assert.rejects(game.act("ada", "retire"), /Rule 110: the rules do not allow what "retire" would lead to/);
  assert.equal(game.state.seq, seq, "nothing of the refused act was recorded");
  const napped = await game.act("grace", "nap");
  assert.deepEqual(game.state.values.player.status, { grace: "napping" }, "the default stands: the act is allowed");
  const failure = napped.act.effects.find((e) => e.e === "rule.failed");
  assert.ok(failure && failure.e === "rule.failed", "the rule's answer is recorded as its failure");
  assert.equal(failure.rule, 110);
  assert.match(failure.error, /"outcome\.allowed" must be a reason \(a string\), true or false, not 42/);
  game.close();
});

test("a message's length is counted in characters people see: an emoji is one, and a refusal says the limit and how much over", async () => {
  const game = await Game.create(engine(), { name: "Emoji", preset: null, rules: messageRules(), seed: "emoji" });
  await game.join("Ada Lovelace");
  const smiles = "😀".repeat(6000); // 12,000 UTF-16 code units
  await game.message("ada-lovelace", { op: "post", channel: "general", text: smiles });
  assert.ok(
    (game.value("heard") as string[]).some((h) => h.startsWith("posted 1 general")),
    "6,000 emoji are within 10,000 characters",
  );
  const seq = game.state.seq;
  await assert.rejects(
    game.message("ada-lovelace", { op: "post", channel: "general", text: "😀".repeat(10_002) }),
    (err: unknown) => err instanceof ActionError && /at most 10,000 characters; it has 10,002 \(2 too many\)/.test(err.message),
  );
  assert.equal(game.state.seq, seq, "nothing was recorded");
  game.close();
});
