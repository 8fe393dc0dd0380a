/** N_omic (April 2001), mechanic by mechanic, each played through the public Game API. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ActionError } from "../src/kernel/game.js";
import { importRuleset } from "../src/records/import/import-ruleset.js";
import { listPresets, loadPreset } from "../src/ruleset-sources/presets.js";
import {
  circuits,
  groks,
  hour,
  messages,
  mover,
  nomicGame,
  phase,
  playNomicTurn,
  players,
  points,
  proposal,
  playNomicTurnUntilMovement,
  refused,
} from "./n-omic-helpers.js";

test("the preset is N_omic's published text, rule for rule, with its history and its oddities", () => {
  const published = importRuleset(readFileSync(new URL("../../shared/rulesets/n_omic-2001.txt", import.meta.url), "utf8"));
  const { info, rules, archived } = loadPreset("n_omic");
  assert.ok(
    listPresets().some((p) => p.name === "n_omic" && p.title === info.title),
    "offered wherever presets are listed",
  );
  assert.deepEqual(
    rules.map((r) => [r.number, r.text, r.mutable]),
    published.rules.map((r) => [r.number, r.text, r.mutable]),
  );
  for (const missing of [108, 111, 112, 202, 206, 207, 212]) assert.ok(!rules.some((r) => r.number === missing), `rule ${missing} is not in the ruleset`);
  assert.deepEqual(
    archived.map((r) => r.number),
    [205, 210, 310],
  );
  assert.match(rules.find((r) => r.number === 324)!.text, /Consequences are as follows:\n\nAt the end of the turn/, "324's list of consequences stays empty");
  assert.match(rules.find((r) => r.number === 324)!.text, /i\. \|y1 - y2\|.*\n\n\|x1 - x2\| mod m < 2/s, "its condition (ii) stays unnumbered");
  assert.deepEqual(
    rules.find((r) => r.number === 311)!.history?.map((h) => h.text),
    ["Amended from rule 207 January 5th, 2001"],
  );
  for (const coded of [101, 102, 305, 337]) assert.equal(rules.find((r) => r.number === coded)!.code, null, `rule ${coded} is text only`);
  for (const coded of [103, 104, 105, 201, 203, 303, 309, 311, 312, 322, 324, 325, 326, 328, 329, 332, 333, 334, 335]) {
    assert.ok(rules.find((r) => r.number === coded)!.code, `rule ${coded} has code`);
  }
});

test("Groks: 50 on joining, transfers by statement, refused when short (309)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  for (const p of players(t)) assert.equal(groks(game, p), 50);
  await game.act(id.ada!, "transfer", { to: id.alan!, groks: 20 });
  assert.equal(groks(game, id.ada!), 30);
  assert.equal(groks(game, id.alan!), 70);
  await refused(game, id.ada!, "transfer", { to: id.alan!, groks: 31 }, /you have 30 Groks, not 31/);
  await refused(game, id.ada!, "transfer", { to: id.ada!, groks: 1 }, /yourself/);
  const late = await game.join("Barbara Liskov");
  assert.equal(groks(game, late.id), 50, "a player joining later receives 50 too");
});

test("a whole turn: purchase, proposal, discussion of 24 hours, final form, votes with a bought vote, points, movement, poem", async () => {
  const t = await nomicGame();
  const { game, clock, id } = t;
  const edsger = mover(game);
  assert.equal(edsger, id.edsger, "turns go by surname: Dijkstra first");
  assert.equal(phase(game).name, "purchase");
  await refused(game, edsger, "propose", { changes: [{ kind: "enact", text: "Too early." }] }, /Purchase phase/);
  await refused(game, id.ada!, "purchase", { extra: 0 }, /not your turn/);
  await refused(game, edsger, "purchase", { extra: 2 }, /cost 100 Groks; you have 50/);
  await game.act(edsger, "purchase", { extra: 1 });
  assert.equal(groks(game, edsger), 0, "one extra rule-change costs 50 Groks");
  await refused(game, edsger, "propose", { changes: [{ kind: "enact", text: "Only one." }] }, /propose exactly 2/);
  await game.act(edsger, "propose", {
    changes: [
      { kind: "enact", text: "First." },
      { kind: "amend", rule: 305, text: "Second." },
    ],
  });
  const p = proposal(game, 338);
  assert.deepEqual([p.numbers, p.label, p.status], [[338, 339], "Proposal 338 - 339", "discussion"], "numbering continues after 337, one number per change");
  await refused(game, id.ada!, "vote", { proposal: 338, vote: "for" }, /still under discussion/);
  await refused(game, edsger, "final-form", { proposal: 338 }, /at least 24 hours/);
  await refused(
    game,
    id.ada!,
    "revise-proposal",
    {
      proposal: 338,
      changes: [
        { kind: "enact", text: "x" },
        { kind: "enact", text: "y" },
      ],
    },
    /only the proponent/,
  );
  await game.act(edsger, "revise-proposal", {
    proposal: 338,
    changes: [
      { kind: "enact", text: "First, revised." },
      { kind: "amend", rule: 305, text: "Second." },
    ],
  });
  clock.advance(24 * hour);
  await game.act(edsger, "final-form", { proposal: 338 });
  await refused(
    game,
    edsger,
    "revise-proposal",
    {
      proposal: 338,
      changes: [
        { kind: "enact", text: "x" },
        { kind: "enact", text: "y" },
      ],
    },
    /voting has begun/,
  );

  // Grace buys an additional vote for 100 Groks; Ada, the last to vote, would pay 150.
  await game.act(id.alan!, "transfer", { to: id.grace!, groks: 50 });
  await game.act(id.grace!, "vote", { proposal: 338, vote: "for", extra: true });
  assert.equal(groks(game, id.grace!), 0);
  await refused(game, id.grace!, "vote", { proposal: 338, vote: "for" }, /already voted/);
  await game.act(edsger, "vote", { proposal: 338, vote: "for" });
  await game.act(id.alan!, "vote", { proposal: 338, vote: "against" });
  await refused(game, id.ada!, "vote", { proposal: 338, vote: "against", extra: true }, /costs 150 Groks for the last to vote; you have 50/);
  await game.act(id.ada!, "vote", { proposal: 338, vote: "against" });
  assert.equal(proposal(game, 338).status, "adopted", "3 votes for (one bought) against 2");
  assert.equal(game.state.rules[338]?.text, "First, revised.", "the final form is what was voted on");
  assert.equal(game.state.rules[339]?.text, "Second.", "each rule-change takes effect under its own number: 305 amended becomes 339 (329)");
  assert.equal(game.state.rules[305], undefined);
  assert.equal(points(game, edsger), 29, "(339 - 291) x 3/5 = 28.8, rounded");
  assert.deepEqual([points(game, id.alan!), points(game, id.ada!)], [10, 10], "voters against an adopted proposal get 10 (204)");

  assert.equal(phase(game).name, "movement");
  await game.act(edsger, "stay", {});
  assert.equal(phase(game).name, "end", "the turn waits for the poem");
  assert.equal(mover(game), edsger);
  await assert.rejects(
    game.act(edsger, "add-poem-lines", { lines: ["1", "2", "3", "4", "5", "6"] }),
    (err) => err instanceof ActionError && err.code === "invalid-input",
  );
  await refused(game, id.ada!, "add-poem-lines", { lines: ["Not my turn."] }, /only the Player whose turn it is/);
  await game.act(edsger, "add-poem-lines", { lines: ["There once was a rule-change of two,"] });
  assert.equal(mover(game), id.grace, "the poem lines end the turn");
  const poem = game.value("epic-poem") as { text: string; by: string | null }[];
  assert.deepEqual(
    poem.map((l) => l.text),
    ["A long time ago, in a galaxy far, far away...", "There once was a rule-change of two,"],
  );
});

test("the Epic Poem: one to five lines in each turn, before or after the move; the turn cannot end without them (328)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  const edsger = mover(game);
  await game.act(edsger, "add-poem-lines", { lines: ["One.", "Two.", "Three."] });
  await refused(game, edsger, "add-poem-lines", { lines: ["Four.", "Five.", "Six."] }, /at most five lines in a turn; you have added 3/);
  await refused(game, edsger, "add-poem-lines", { lines: ["Two\nlines"] }, /one line of text/);
  await playNomicTurnUntilMovement(t);
  await game.act(edsger, "stay", {});
  assert.equal(mover(game), id.grace, "lines added early: the turn ends with the movement phase");

  await playNomicTurnUntilMovement(t);
  await game.act(id.grace!, "stay", {});
  assert.deepEqual([mover(game), phase(game).name], [id.grace, "end"], "no lines yet: the turn cannot end");
  assert.ok((await messages(t)).some((m) => /Grace Hopper's turn cannot end yet: e must first add one to five lines to the Epic Poem \(Rule 328\)/.test(m)));
  await game.act(id.grace!, "add-poem-lines", { lines: ["Late, but here."] });
  assert.equal(mover(game), id.ada);
  const poem = game.value("epic-poem") as { text: string; by: string | null; turn: number }[];
  assert.deepEqual(
    poem.slice(1).map((l) => [l.text, l.by, l.turn]),
    [
      ["One.", edsger, 1],
      ["Two.", edsger, 1],
      ["Three.", edsger, 1],
      ["Late, but here.", id.grace, 2],
    ],
  );
});

test("an extra vote is 100 Groks, at most one per voter and proposal, and counts for adoption and points (311, 203, 324)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.act(id.alan!, "transfer", { to: id.ada!, groks: 50 });
  const p = await playNomicTurn(t, { against: [id.grace!, id.alan!], buying: [id.ada!] });
  assert.deepEqual(p.extra, { [id.ada!]: "for" });
  assert.equal(groks(game, id.ada!), 0, "100 Groks before the last voter");
  assert.equal(p.status, "adopted", "Edsger, Ada and Ada's bought vote outnumber two against");
  assert.equal(points(game, id.edsger!), Math.round(((338 - 291) * 3) / 5));
});

test("rule-changes are enacted in order; an illegal one is discarded with every later one at 5 points each (104, 324, 329)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.act(id.alan!, "transfer", { to: id.edsger!, groks: 50 });
  // Each is legal when proposed; but once 338 amends 305, Rule 329 renumbers it 338, and 339 finds no rule 305.
  const p = await playNomicTurn(t, {
    extra: 2,
    changes: [
      { kind: "amend", rule: 305, text: "First." },
      { kind: "amend", rule: 305, text: "Second." },
      { kind: "amend", rule: 306, text: "Lost with the one before." },
    ],
  });
  assert.equal(p.status, "adopted");
  assert.deepEqual(
    p.outcomes.map((o) => o.status),
    ["enacted", "discarded", "discarded"],
  );
  assert.match(p.outcomes[1]!.reason, /illegal: there is no rule 305/);
  assert.equal(game.state.rules[338]?.text, "First.");
  assert.ok(game.state.rules[306] && !game.state.rules[339] && !game.state.rules[340], "306 keeps its text and number");
  assert.equal(points(game, id.edsger!), 340 - 291 - 2 * 5, "points from the highest number, less 5 per discarded change");
});

test("Rule 209's cap counts the earlier rule-changes of the same proposal (209, 324)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  assert.equal(Object.values(game.state.rules).filter((r) => r.mutable).length, 24, "N_omic has 24 mutable rules: room for one more");
  await game.act(id.alan!, "transfer", { to: id.edsger!, groks: 50 });
  await game.act(id.edsger!, "purchase", { extra: 1 });
  await refused(
    game,
    id.edsger!,
    "propose",
    {
      changes: [
        { kind: "enact", text: "The 25th." },
        { kind: "enact", text: "A 26th." },
      ],
    },
    /rule-change 2: there are already 25 mutable rules/,
  );
  await game.act(id.edsger!, "propose", {
    changes: [
      { kind: "repeal", rule: 305 },
      { kind: "enact", text: "In 305's place." },
    ],
  });
  assert.deepEqual(proposal(game, 338).numbers, [338, 339]);
});

test("a proposal is adopted if one of its rule-changes is (332); a defeated one costs 10 (333)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.act(id.alan!, "transfer", { to: id.edsger!, groks: 50 });
  // Transmuting an immutable rule needs unanimity (109); the amendment a simple majority (203).
  const p = await playNomicTurn(t, {
    extra: 1,
    changes: [
      { kind: "transmute", rule: 116 },
      { kind: "amend", rule: 305, text: "Carried by majority." },
    ],
    against: [id.alan!],
  });
  assert.equal(p.status, "adopted");
  assert.deepEqual(
    p.outcomes.map((o) => o.status),
    ["not adopted", "enacted"],
  );
  assert.equal(game.state.rules[116]?.mutable, false, "116 stays immutable");
  assert.ok(game.state.rules[339]);

  const defeated = await playNomicTurn(t, { against: [id.ada!, id.alan!, id.edsger!] });
  assert.equal(defeated.status, "defeated");
  assert.equal(points(game, id.grace!), Math.round((340 - 291) / 4) - 10);
});

test("the suggestions list: one per Player, used word for word, paying the proponent and the suggesters; no discussion (322, 324, 335)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.act(id.ada!, "suggest", { change: { kind: "enact", text: "Ada's first idea." } });
  await game.act(id.ada!, "suggest", { change: { kind: "enact", text: "Ada's better idea." } });
  await game.act(id.grace!, "suggest", { change: { kind: "amend", rule: 309, text: "Groks are shiny." } });
  await game.act(id.edsger!, "suggest", { change: { kind: "enact", text: "Edsger's own." } });
  const list = game.value("suggestions") as Record<string, { change: { text: string } }>;
  assert.deepEqual(Object.keys(list).sort(), [id.ada!, id.edsger!, id.grace!].sort(), "one suggestion per Player");
  assert.equal(list[id.ada!]!.change.text, "Ada's better idea.", "a new suggestion replaces the old");

  const edsger = id.edsger!;
  await game.act(edsger, "purchase", { extra: 1 });
  await refused(game, edsger, "propose", { suggestions: [edsger, id.ada!] }, /your own suggestion/);
  await refused(game, edsger, "propose", { suggestions: [id.ada!] }, /exactly 2 suggestion/);
  await refused(game, edsger, "propose", { suggestions: [id.ada!, id.alan!] }, /has no suggestion/);
  await game.act(edsger, "propose", { suggestions: [id.ada!, id.grace!] });
  const p = proposal(game, 338);
  assert.equal(p.status, "voting", "no discussion for a proposal from the list");
  assert.deepEqual(
    p.changes,
    [
      { kind: "enact", text: "Ada's better idea." },
      { kind: "amend", rule: 309, text: "Groks are shiny." },
    ],
    "word for word",
  );
  assert.equal(groks(game, edsger), 0 + 100 + 25, "100 plus 25 for the second change");
  assert.deepEqual([groks(game, id.ada!), groks(game, id.grace!)], [75, 75], "25 to each suggester");
  assert.deepEqual(Object.keys(game.value("suggestions") as object), [edsger], "used suggestions leave the list");
  for (const v of players(t)) await game.act(v, "vote", { proposal: 338, vote: "for" });
  assert.equal(game.state.rules[338]?.text, "Ada's better idea.");
  assert.equal(game.state.rules[339]?.text, "Groks are shiny.", "309 amended, renumbered 339 (329)");

  // With too few suggestions left, the list cannot be used.
  await game.act(edsger, "stay", {});
  await game.act(edsger, "add-poem-lines", { lines: ["Suggested, adopted."] });
  await game.act(id.grace!, "purchase", { extra: 1 });
  await refused(
    game,
    id.grace!,
    "propose",
    { suggestions: [edsger, id.ada!] },
    /you arranged for 2 rule-change\(s\), but the list holds only 1 suggestion\(s\) other than yours/,
  );
});

test("Judgment suspends required communication until a majority of the players other than the Judge consents (334, 303)", async () => {
  const t = await nomicGame();
  const { game, clock, id } = t;
  const edsger = mover(game);
  await game.act(id.ada!, "invoke-judgment", { question: "May Edsger buy more than one extra rule-change?", rules: [324] });
  const cases = () => game.value("judgments") as Record<string, { judge: string; status: string }>;
  assert.equal(cases()[1]!.judge, id.alan, "the player preceding the mover (Dijkstra) is Turing");
  clock.advance(100 * hour);
  await game.fireDueTimers();
  assert.equal(game.value("status", edsger), "player", "nothing is required while Judgment is pending");
  await game.act(id.alan!, "judge", { case: 1, verdict: "legal", reasoning: "Rule 324 sets no limit." });
  await refused(game, id.alan!, "consent", { case: 1 }, /Judge's consent does not count/);
  await game.act(id.ada!, "consent", { case: 1 });
  assert.equal(cases()[1]!.status, "ruled", "one of three is no majority");
  await game.act(id.grace!, "consent", { case: 1 });
  assert.equal(cases()[1]!.status, "settled");
  assert.match(game.state.rules[324]!.history.at(-1)!.cause, /case 1/, "the ruling is annotated on Rule 324");
  clock.advance(71 * hour);
  await game.fireDueTimers();
  assert.equal(game.value("status", edsger), "player", "72 hours run again from the consent");
  clock.advance(2 * hour);
  await game.fireDueTimers();
  assert.equal(game.value("status", edsger), "reyalp");
});

test("winning at 200 resets every player's points and sets Groks to 50 + 20 per win; the game goes on (208, 312)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.correct(
    { host: true },
    {
      cites: { rule: 208 },
      reason: "near the end of a long game",
      changes: [
        { name: "points", player: id.edsger!, value: 190 },
        { name: "points", player: id.ada!, value: 120 },
      ],
    },
  );
  await playNomicTurn(t);
  assert.equal(game.value("wins", id.edsger!), 1);
  for (const p of players(t)) assert.equal(points(game, p), 0, "points reset");
  assert.equal(groks(game, id.edsger!), 70, "50 + 20 x 1 win");
  for (const p of [id.ada!, id.alan!, id.grace!]) assert.equal(groks(game, p), 50);
  assert.equal(game.state.status, "active", "the game does not end");
  assert.ok((await messages(t)).some((m) => /Edsger Dijkstra has 237 points and wins the game/.test(m)));
  await playNomicTurn(t);
  assert.ok(points(game, id.grace!) > 0, "play goes on and scores again");
  assert.ok(circuits(game) >= 0);
});

test("comments in rule texts are declared for display, except in Rule 306 itself (306)", async () => {
  const { game } = await nomicGame();
  assert.deepEqual(game.value("comment-markers"), { kind: "comments", open: "[[", close: "]]", notIn: [306] });
});
