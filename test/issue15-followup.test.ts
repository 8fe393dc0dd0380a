/**
 * What a review of issue 15 left open, at the engine (the server's half is in
 * issue15-followup-server.test.ts): "outcome.allowed" answered as "message.allowed" is; a
 * message's length counted one way, in characters people see. Rules written here, played through Game.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { inlineGame } from "./helpers.js";

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
