/**
 * Officers' corrections and rule annotations, played on Suber's set: a correction is an act
 * of its own citing a rule or ruling, the state that follows is folded from it, and nothing
 * earlier is rewritten.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { bootSnapshot } from "../src/kernel/boot.js";
import { engine, playTurn, points, suberGame } from "./helpers.js";

const names = ["Grace Hopper", "Ada Lovelace", "Alan Turing"];

test("the host records points a text-only rule awards; the correction is an act citing the rule, and play goes on from it", async () => {
  const options = engine();
  const game = await suberGame(names, options);
  await playTurn(game, { kind: "enact", text: "A player who posts a haiku gains 5 points." });
  const before = points(game, "ada-lovelace");
  const logBefore = await options.store.readActs(game.id);
  const { act } = await game.correct(
    { host: true },
    { cites: { rule: 301 }, reason: "Ada posted a haiku (Rule 301)", changes: [{ name: "points", player: "ada-lovelace", value: before + 5 }] },
  );
  assert.equal(points(game, "ada-lovelace"), before + 5);
  assert.deepEqual(act.input, {
    kind: "correction",
    by: { host: true },
    cites: { rule: 301 },
    reason: "Ada posted a haiku (Rule 301)",
    changes: [{ name: "points", player: "ada-lovelace", value: before + 5 }],
  });
  const set = act.effects.find((e) => e.e === "state.set");
  assert.equal(set?.e === "state.set" && set.rule, 301, "the change cites the rule it rests on");
  assert.ok(
    act.effects.some((e) => e.e === "event" && e.type === "correction.recorded"),
    "rules hear of the correction",
  );
  // Nothing earlier was rewritten: the log before it is unchanged, and a reload folds to the same state.
  assert.deepEqual((await options.store.readActs(game.id)).slice(0, logBefore.length), logBefore);
  const again = await Game.load(options, game.id);
  assert.deepEqual(again.state, game.state);
  assert.deepEqual(((await game.guestDump()) as { values: unknown }).values, bootSnapshot(game.state).values);
  again.close();
  game.close();
});

test("a correction that takes a player to 200 points wins the game (208 hears of it)", async () => {
  const game = await suberGame(names);
  await game.correct({ host: true }, { cites: { rule: 202 }, reason: "scores recounted", changes: [{ name: "points", player: "alan-turing", value: 200 }] });
  assert.equal(game.state.status, "over");
  assert.deepEqual(game.state.result?.winners, ["alan-turing"]);
  game.close();
});

test("only an officer the rules name may correct: a player is refused unless they judged the case cited", async () => {
  const game = await suberGame(names);
  const seq = game.state.seq;
  await assert.rejects(
    game.correct(
      { player: "ada-lovelace" },
      { cites: { rule: 202 }, reason: "I deserve more", changes: [{ name: "points", player: "ada-lovelace", value: 50 }] },
    ),
    /no rule names you an officer .* only the game's host/,
  );
  // Rule 212: the Judge of a ruled case may record the correction its ruling calls for.
  await game.act("ada-lovelace", "invoke-judgment", { question: "Was Grace's last vote cast twice?", rules: [105] });
  await assert.rejects(
    game.correct({ player: "ada-lovelace" }, { cites: { ruling: "case 1" }, reason: "x", changes: [{ name: "points", player: "ada-lovelace", value: 50 }] }),
    /case 1 has not been ruled on yet/,
  );
  await game.act("alan-turing", "judge", { case: 1, verdict: "illegal", reasoning: "One vote each (105)." });
  await assert.rejects(
    game.correct({ player: "ada-lovelace" }, { cites: { ruling: "case 1" }, reason: "x", changes: [{ name: "points", player: "grace-hopper", value: -10 }] }),
    /only the Judge of case 1, Alan Turing/,
  );
  assert.equal(game.state.seq, seq + 2, "refused corrections record nothing");
  await game.correct(
    { player: "alan-turing" },
    { cites: { ruling: "case 1" }, reason: "the second vote is void", changes: [{ name: "points", player: "grace-hopper", value: -10 }] },
  );
  assert.equal(points(game, "grace-hopper"), -10);
  game.close();
});

test("a settled ruling is annotated on the rules its question is about", async () => {
  const game = await suberGame(names);
  await game.act("ada-lovelace", "invoke-judgment", { question: "Does 202 round halves up?", rules: [202] });
  await game.act("alan-turing", "judge", { case: 1, verdict: "legal", reasoning: "Rounding is to the nearest integer." });
  // The next player (Ada) does not count; Grace and Alan make the majority.
  await game.act("grace-hopper", "consent", { case: 1 });
  await game.act("alan-turing", "consent", { case: 1 });
  const note = game.state.rules[202]!.history.at(-1)!;
  assert.equal(note.change, "annotated");
  assert.equal(note.cause, "case 1");
  assert.match(String((note.detail as { text: string }).text), /Case 1 \(Judge Alan Turing\): Does 202 round halves up\? Ruled legal: Rounding/);
  assert.equal(game.state.rules[202]!.revision, 1, "an annotation does not change the rule");
  await assert.rejects(game.act("ada-lovelace", "invoke-judgment", { question: "?", rules: [999] }), /no rule 999 in effect/);
  game.close();
});

test("bad corrections are refused with a reason and change nothing", async () => {
  const game = await suberGame(names);
  const seq = game.state.seq;
  const host = { host: true } as const;
  const ok = { cites: { rule: 202 }, reason: "r", changes: [{ name: "points", player: "ada-lovelace", value: 1 }] };
  await assert.rejects(game.correct(host, { ...ok, reason: " " }), /say why/);
  await assert.rejects(game.correct(host, { ...ok, cites: {} }), /cite the rule or the ruling/);
  await assert.rejects(game.correct(host, { ...ok, cites: { rule: 777 } }), /no rule 777 in effect/);
  await assert.rejects(game.correct(host, { ...ok, changes: [] }), /1 to 100 values/);
  await assert.rejects(
    game.correct(host, { ...ok, changes: [{ name: "groks", player: "ada-lovelace", value: 1 }] }),
    /no rule declares the state "groks"; the state that can be corrected is: .*points/,
  );
  await assert.rejects(game.correct(host, { ...ok, changes: [{ name: "points", player: "nobody", value: 1 }] }), /"nobody" is not a player/);
  await assert.rejects(game.correct(host, { ...ok, changes: [{ name: "points", value: 1 }] }), /held by each player: say whose/);
  assert.equal(game.state.seq, seq);
  game.close();
});

test("an imported rule keeps the history its text states, before the game's own", async () => {
  const game = await Game.create(engine(), {
    name: "Imported",
    preset: null,
    rules: [
      {
        number: 311,
        text: "Each player has one extra vote.",
        mutable: true,
        history: [
          { change: "amended", at: Date.UTC(2001, 0, 5), cause: "a rule-change", text: "Amended from rule 207 January 5th, 2001", detail: { from: 207 } },
        ],
      },
    ],
    archived: [
      {
        number: 205,
        title: null,
        text: "",
        mutable: true,
        history: [{ change: "repealed", at: Date.UTC(2001, 3, 22), cause: "Rule-Change 336", text: "Repealed by Rule-Change 336 April 22nd, 2001" }],
      },
    ],
  });
  const [past, enacted] = game.state.rules[311]!.history;
  assert.deepEqual(past, {
    change: "amended",
    at: Date.UTC(2001, 0, 5),
    seq: 0,
    revision: 0,
    cause: "a rule-change",
    published: "Amended from rule 207 January 5th, 2001",
    detail: { from: 207 },
  });
  assert.equal(enacted?.change, "enacted");
  assert.equal(enacted?.seq, 1);
  assert.equal(game.state.repealed[0]?.number, 205);
  assert.equal(game.state.repealed[0]?.history[0]?.published, "Repealed by Rule-Change 336 April 22nd, 2001");
  assert.equal(game.state.rules[205], undefined, "an archived rule is not in effect");
  game.close();
});
