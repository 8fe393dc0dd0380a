/**
 * A second look at issue 15's engine features, at the engine (the server's half is in
 * issue15-review-server.test.ts): outcomes the rules cancel may not keep an observer in the
 * game nor stop rule-changes for good; a precedence claim stopped for its work is blamed on
 * its rule and asked again afterwards; a rule may not grow the game without bound by
 * opening channels. Rules written here, played through Game.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { inlineGame, latestProposal, mover, playTurn, suberGame } from "./helpers.js";

test('an observer may always leave, whatever a rule answers to "outcome.allowed"', async () => {
  const keeper = `answer("outcome.allowed", (q: OutcomeQuestion) => (q.act.kind === "leave" ? "nobody leaves this game" : undefined));`;
  const game = await inlineGame("Hotel California", [{ number: 110, mutable: false, code: keeper }], ["Ada"]);
  await game.attend("Olive");
  await game.leave("olive");
  assert.deepEqual(game.state.observers ?? [], [], "Olive left");
  await assert.rejects(game.leave("ada"), /Rule 110: nobody leaves this game/, "a player's leaving stays the rules' question");
  game.close();
});

test('a rule whose "outcome.allowed" would refuse every proposal is not adopted: rule-changing stays possible', async () => {
  const game = await suberGame(["Ada Lovelace", "Grace Hopper"]);
  const code = `answer("outcome.allowed", (q: OutcomeQuestion) => (q.act.action === "propose" ? "no more proposals" : undefined));`;
  const decided = await playTurn(game, { kind: "enact", text: "No more proposals.", code });
  assert.match(decided.reason ?? "", /no rule-change can be adopted/, "the vote is recorded, the change refused, with the reason");
  assert.ok(!Object.values(game.state.rules).some((r) => r.code?.source.includes("no more proposals")), "the rule was not enacted");
  await game.act(mover(game), "propose", { change: { kind: "enact", text: "Proposals go on." } });
  assert.equal(latestProposal(game).status, "voting");
  game.close();
});

/** Rule 302's claim to precede loops for ever while "looping" holds; Rule 40 asks the question and keeps the answer. */
const claims = [
  { number: 301, mutable: true, code: `answer("colour", () => "red");` },
  {
    number: 302,
    mutable: true,
    code: `
const looping = gameState<boolean>("looping", { initial: true });
action("calm", { describe: "Stop looping", input: t.object({}) }, () => looping.set(false));
answer("colour", () => "blue", {
  precedes: () => {
    let n = 0;
    while (looping.get()) n++;
    return n === 0;
  },
});`,
  },
  {
    number: 40,
    mutable: true,
    code: `
const seen = gameState<Json>("seen", { initial: null });
action("look", { describe: "Ask the rules", input: t.object({}) }, () => seen.set(game.ask("colour")?.value ?? null));`,
  },
];

test("a precedence claim stopped for its endless work is blamed on its rule, and asked again in later acts", async () => {
  const game = await inlineGame("Endless claim", claims, ["Ada"]);
  const { act } = await game.act("ada", "look");
  assert.ok(act.stopped?.["302"], "the act records that Rule 302's code was stopped");
  assert.ok(
    act.effects.some((e) => e.e === "rule.failed" && e.rule === 302),
    "Rule 302's failure is in the log",
  );
  assert.equal(game.value("seen"), "red", "without Rule 302, Rule 301 answers");
  await game.act("ada", "calm");
  await game.act("ada", "look");
  assert.equal(game.value("seen"), "blue", "Rule 302's claim, asked again now that it ends, holds");
  game.close();
});

test("a rule cannot grow the game without bound by opening channels: it fails in its own name, the game goes on", async () => {
  const code = `
action("sprawl", { describe: "Open many channels", input: t.object({ n: t.number() }) }, (i) => {
  const many = game.participants().map((p) => p.id);
  for (let k = 0; k < 5000; k++) many.push("reader-" + k);
  for (let k = 0; k < i.n; k++) game.channels.open("room-" + game.now() + "-" + k, { title: "A room", readers: many });
});
action("wave", { describe: "Wave", input: t.object({}) }, () => undefined);`;
  const game = await inlineGame("Sprawl", [{ number: 301, mutable: true, code }], ["Ada"]);
  for (let round = 0; round < 40; round++) {
    const { failed } = await game.act("ada", "sprawl", { n: 10 });
    if (failed) {
      assert.equal(failed.rule, 301);
      assert.match(failed.error, /channels|state/);
      break;
    }
  }
  const size = JSON.stringify(game.state.channels ?? {}).length;
  assert.ok(size < 9_000_000, `the game's channels hold ${size.toLocaleString("en")} characters, within the game's state limit`);
  await game.act("ada", "wave");
  game.close();
});

test('"message.allowed" and "message.redact" answered false refuse in the rule\'s name; an answer of another kind is the rule\'s failure, and the default stands', async () => {
  const code = `
channel("quiet", { title: "Quiet" });
channel("odd", { title: "Odd" });
answer("message.allowed", (q: MessageAllowedArgs) => (q.channel === "quiet" ? false : q.channel === "odd" ? (7 as never) : undefined));
answer("message.redact", (q: MessageRedactArgs) => (q.channel === "general" ? false : ({ yes: true } as never)));`;
  const game = await inlineGame("Odd answers", [{ number: 301, mutable: true, code }], ["Ada", "Grace"]);
  const number = (act: { input: { kind: string; message?: number } }) => act.input.message ?? 0;
  await assert.rejects(game.message("grace", { op: "post", channel: "quiet", text: "hello?" }), /^ActionError: Rule 301: /);

  const odd = (await game.message("grace", { op: "post", channel: "odd", text: "seven" })).act;
  const failedIn = (act: typeof odd) => act.effects.some((e) => e.e === "rule.failed" && e.rule === 301);
  assert.ok(failedIn(odd), "the malformed answer is Rule 301's failure, in the log; the post stands, as by default");
  const redacted = await game.message("ada", { op: "redact", message: number(odd), reason: "the host's call" });
  assert.ok(failedIn(redacted.act), "the host redacts, as by default; Rule 301's answer failed");

  const general = (await game.message("grace", { op: "post", channel: "general", text: "in general" })).act;
  await assert.rejects(game.message("ada", { op: "redact", message: number(general), reason: "mine" }), (err: Error) => {
    assert.match(err.message, /^Rule 301: /);
    assert.doesNotMatch(err.message, /only the game's host/, "Ada is the host: the rule refused her, and says so");
    return true;
  });
  game.close();
});
