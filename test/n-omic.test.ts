/** N_omic (April 2001), mechanic by mechanic, each played through the public Game API. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ActionError, type Game } from "../src/kernel/game.js";
import { viewFor } from "../src/kernel/visibility.js";
import { importRuleset } from "../src/records/import/import-ruleset.js";
import { listPresets, loadPreset } from "../src/ruleset-sources/presets.js";
import {
  circuits, groks, harmlessChanges, hour, messages, mover, nomicGame, phase, playNomicTurn, players, points, proposal, square, type NomicTable,
} from "./n-omic-helpers.js";

/** Asserts the action is refused with a reason matching `reason`, and that nothing was recorded. */
async function refused(game: Game, actor: string, action: string, input: unknown, reason: RegExp): Promise<void> {
  const seq = game.state.seq;
  await assert.rejects(game.act(actor, action, input), (err: unknown) => err instanceof ActionError && err.code === "refused" && reason.test(err.message));
  assert.equal(game.state.seq, seq, `a refused ${action} records nothing`);
}

test("the preset is N_omic's published text, rule for rule, with its history and its oddities", () => {
  const published = importRuleset(readFileSync(new URL("../../shared/rulesets/n_omic-2001.txt", import.meta.url), "utf8"));
  const { info, rules, archived } = loadPreset("n_omic");
  assert.ok(listPresets().some((p) => p.name === "n_omic" && p.title === info.title), "offered wherever presets are listed");
  assert.deepEqual(rules.map((r) => [r.number, r.text, r.mutable]), published.rules.map((r) => [r.number, r.text, r.mutable]));
  for (const missing of [108, 111, 112, 202, 206, 207, 212]) assert.ok(!rules.some((r) => r.number === missing), `rule ${missing} is not in the ruleset`);
  assert.deepEqual(archived.map((r) => r.number), [205, 210, 310]);
  assert.match(rules.find((r) => r.number === 324)!.text, /Consequences are as follows:\n\nAt the end of the turn/, "324's list of consequences stays empty");
  assert.match(rules.find((r) => r.number === 324)!.text, /i\. \|y1 - y2\|.*\n\n\|x1 - x2\| mod m < 2/s, "its condition (ii) stays unnumbered");
  assert.deepEqual(rules.find((r) => r.number === 311)!.history?.map((h) => h.text), ["Amended from rule 207 January 5th, 2001"]);
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
  await game.act(edsger, "propose", { changes: [{ kind: "enact", text: "First." }, { kind: "amend", rule: 305, text: "Second." }] });
  const p = proposal(game, 338);
  assert.deepEqual([p.numbers, p.label, p.status], [[338, 339], "Proposal 338 - 339", "discussion"], "numbering continues after 337, one number per change");
  await refused(game, id.ada!, "vote", { proposal: 338, vote: "for" }, /still under discussion/);
  await refused(game, edsger, "final-form", { proposal: 338 }, /at least 24 hours/);
  await refused(game, id.ada!, "revise-proposal", { proposal: 338, changes: [{ kind: "enact", text: "x" }, { kind: "enact", text: "y" }] }, /only the proponent/);
  await game.act(edsger, "revise-proposal", { proposal: 338, changes: [{ kind: "enact", text: "First, revised." }, { kind: "amend", rule: 305, text: "Second." }] });
  clock.advance(24 * hour);
  await game.act(edsger, "final-form", { proposal: 338 });
  await refused(game, edsger, "revise-proposal", { proposal: 338, changes: [{ kind: "enact", text: "x" }, { kind: "enact", text: "y" }] }, /voting has begun/);

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
  await assert.rejects(game.act(edsger, "add-poem-lines", { lines: ["1", "2", "3", "4", "5", "6"] }), (err) => err instanceof ActionError && err.code === "invalid-input");
  await refused(game, id.ada!, "add-poem-lines", { lines: ["Not my turn."] }, /only the Player whose turn it is/);
  await game.act(edsger, "add-poem-lines", { lines: ["There once was a rule-change of two,"] });
  assert.equal(mover(game), id.grace, "the poem lines end the turn");
  const poem = game.value("epic-poem") as { text: string; by: string | null }[];
  assert.deepEqual(poem.map((l) => l.text), ["A long time ago, in a galaxy far, far away...", "There once was a rule-change of two,"]);
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
  assert.deepEqual(poem.slice(1).map((l) => [l.text, l.by, l.turn]), [["One.", edsger, 1], ["Two.", edsger, 1], ["Three.", edsger, 1], ["Late, but here.", id.grace, 2]]);
});

test("an extra vote is 100 Groks, at most one per voter and proposal, and counts for adoption and points (311, 203, 324)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.act(id.alan!, "transfer", { to: id.ada!, groks: 50 });
  const p = await playNomicTurn(t, { against: [id.grace!, id.alan!], buying: [id.ada!] });
  assert.deepEqual(p.extra, { [id.ada!]: "for" });
  assert.equal(groks(game, id.ada!), 0, "100 Groks before the last voter");
  assert.equal(p.status, "adopted", "Edsger, Ada and Ada's bought vote outnumber two against");
  assert.equal(points(game, id.edsger!), Math.round((338 - 291) * 3 / 5));
});

test("rule-changes are enacted in order; an illegal one is discarded with every later one at 5 points each (104, 324, 329)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.act(id.alan!, "transfer", { to: id.edsger!, groks: 50 });
  // Each is legal when proposed; but once 338 amends 305, Rule 329 renumbers it 338, and 339 finds no rule 305.
  const p = await playNomicTurn(t, { extra: 2, changes: [{ kind: "amend", rule: 305, text: "First." }, { kind: "amend", rule: 305, text: "Second." }, { kind: "amend", rule: 306, text: "Lost with the one before." }] });
  assert.equal(p.status, "adopted");
  assert.deepEqual(p.outcomes.map((o) => o.status), ["enacted", "discarded", "discarded"]);
  assert.match(p.outcomes[1]!.reason, /illegal: there is no rule 305/);
  assert.equal(game.state.rules[338]?.text, "First.");
  assert.ok(game.state.rules[306] && !game.state.rules[339] && !game.state.rules[340], "306 keeps its text and number");
  assert.equal(points(game, id.edsger!), (340 - 291) - 2 * 5, "points from the highest number, less 5 per discarded change");
});

test("Rule 209's cap counts the earlier rule-changes of the same proposal (209, 324)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  assert.equal(Object.values(game.state.rules).filter((r) => r.mutable).length, 24, "N_omic has 24 mutable rules: room for one more");
  await game.act(id.alan!, "transfer", { to: id.edsger!, groks: 50 });
  await game.act(id.edsger!, "purchase", { extra: 1 });
  await refused(game, id.edsger!, "propose", { changes: [{ kind: "enact", text: "The 25th." }, { kind: "enact", text: "A 26th." }] }, /rule-change 2: there are already 25 mutable rules/);
  await game.act(id.edsger!, "propose", { changes: [{ kind: "repeal", rule: 305 }, { kind: "enact", text: "In 305's place." }] });
  assert.deepEqual(proposal(game, 338).numbers, [338, 339]);
});

test("a proposal is adopted if one of its rule-changes is (332); a defeated one costs 10 (333)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.act(id.alan!, "transfer", { to: id.edsger!, groks: 50 });
  // Transmuting an immutable rule needs unanimity (109); the amendment a simple majority (203).
  const p = await playNomicTurn(t, { extra: 1, changes: [{ kind: "transmute", rule: 116 }, { kind: "amend", rule: 305, text: "Carried by majority." }], against: [id.alan!] });
  assert.equal(p.status, "adopted");
  assert.deepEqual(p.outcomes.map((o) => o.status), ["not adopted", "enacted"]);
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
  assert.deepEqual(p.changes, [{ kind: "enact", text: "Ada's better idea." }, { kind: "amend", rule: 309, text: "Groks are shiny." }], "word for word");
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
  await refused(game, id.grace!, "propose", { suggestions: [edsger, id.ada!] }, /you arranged for 2 rule-change\(s\), but the list holds only 1 suggestion\(s\) other than yours/);
});

test("the board: files 0..5n-1 around a cylinder, the move limits and cost, payment to the highest, row 0 (324, 325)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  assert.deepEqual([square(game, id.ada!), square(game, id.alan!), square(game, id.grace!), square(game, id.edsger!)], [{ x: 0, y: 20 }, { x: 5, y: 20 }, { x: 10, y: 20 }, { x: 15, y: 20 }]);
  assert.deepEqual(game.value("board"), {
    kind: "grid", files: 20, wraps: true, positions: "position", rowLabels: (game.value("board") as { rowLabels: object }).rowLabels,
    markedRows: { "0": "reach it: +100 points, and everyone back to row 20", "10": "no move may start or end here (Rule 324)" },
  }, "the board follows the grid convention, so every interface can draw it");
  const edsger = id.edsger!;
  await playNomicTurnUntilMovement(t);
  await refused(game, edsger, "move", { x: 16, y: 17 }, /\(v\) the move costs 80 Groks and you have 50/);
  await game.act(id.alan!, "transfer", { to: edsger, groks: 50 });
  await refused(game, edsger, "move", { x: 15, y: 16 }, /\(i\) a move may change rows by less than max\(2, 4\) = 4/);
  await refused(game, edsger, "move", { x: 17, y: 19 }, /\(ii\) files 15 and 17 are not adjacent/);
  await refused(game, edsger, "move", { x: 20, y: 19 }, /there is no file 20/);
  await refused(game, edsger, "move", { x: 16, y: 17, cost: 70 }, /announced a cost of 70 Groks, but the move costs 80/);
  await game.act(edsger, "move", { x: 16, y: 17, cost: 80 });
  assert.deepEqual(square(game, edsger), { x: 16, y: 17 });
  // All four stood on row 20: the 80 Groks are split between them, the mover included.
  assert.equal(groks(game, edsger), 100 - 80 + 20);
  assert.deepEqual([groks(game, id.ada!), groks(game, id.alan!), groks(game, id.grace!)], [70, 20, 70]);
  await game.act(edsger, "add-poem-lines", { lines: ["Down I go."] });

  // Grace: row 10 may not be entered; the cylinder joins file 0 to file 19 (Ada's square is file 0).
  await game.correct({ host: true }, { cites: { rule: 325 }, reason: "set up the test", changes: [{ name: "position", player: id.grace!, value: { x: 0, y: 12 } }, { name: "groks", player: id.grace!, value: 500 }] });
  await playNomicTurnUntilMovement(t);
  await refused(game, id.grace!, "move", { x: 0, y: 10 }, /\(iv\) no move may end in row 10/);
  await game.act(id.grace!, "move", { x: 19, y: 9 });
  assert.deepEqual(square(game, id.grace!), { x: 19, y: 9 }, "from file 0 to file 19: adjacent around the cylinder");
  assert.equal(groks(game, id.grace!), 500 - 12, "|(10 - 12)(10 - 9)| + 10 = 12 Groks");
  assert.deepEqual([groks(game, id.ada!), groks(game, id.alan!)], [70 + 6, 20 + 6], "shared by Ada and Alan, highest on row 20");
  await game.act(id.grace!, "add-poem-lines", { lines: ["Around the back."] });

  // Ada reaches row 0 without crossing it: 100 points, and everyone back to row 20 in the order of play.
  await game.correct({ host: true }, { cites: { rule: 325 }, reason: "set up the test", changes: [{ name: "position", player: id.ada!, value: { x: 3, y: 2 } }, { name: "groks", player: id.ada!, value: 500 }] });
  await playNomicTurnUntilMovement(t);
  await refused(game, id.ada!, "move", { x: 3, y: 10 }, /\(i\) a move may change rows.*\(iv\) no move may end in row 10/);
  const before = points(game, id.ada!);
  await game.act(id.ada!, "move", { x: 3, y: 0 });
  assert.equal(points(game, id.ada!), before + 100);
  assert.deepEqual([edsger, id.grace!, id.ada!, id.alan!].map((p) => square(game, p)), [{ x: 0, y: 20 }, { x: 5, y: 20 }, { x: 10, y: 20 }, { x: 15, y: 20 }]);
});

/** Plays the mover's purchase, proposal and votes (all for), leaving em in the movement phase. */
async function playNomicTurnUntilMovement(t: NomicTable): Promise<void> {
  const who = mover(t.game);
  await t.game.act(who, "purchase", { extra: 0 });
  await t.game.act(who, "propose", { changes: harmlessChanges(t.game, 1) });
  const number = phase(t.game).proposal!;
  t.clock.advance(24 * hour);
  await t.game.act(who, "final-form", { proposal: number });
  for (const v of players(t)) await t.game.act(v, "vote", { proposal: number, vote: "for" });
  assert.equal(phase(t.game).name, "movement");
}

test("files are added for a newcomer, placed at the mean row, and removed when a participant leaves (325)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.correct({ host: true }, { cites: { rule: 325 }, reason: "spread the rows", changes: [{ name: "position", player: id.ada!, value: { x: 0, y: 13 } }] });
  const barbara = (await game.join("Barbara Liskov")).id;
  assert.equal((game.value("board") as { files: number }).files, 25);
  assert.deepEqual(square(game, barbara), { x: 20, y: Math.round((13 + 20 + 20 + 20) / 4) });
  await game.act(id.alan!, "forfeit", {});
  assert.equal((game.value("board") as { files: number }).files, 20);
  assert.deepEqual(square(game, barbara), { x: 15, y: 18 }, "the last five files' pieces move five files down");
  assert.deepEqual(square(game, id.edsger!), { x: 15, y: 20 }, "a piece below the removed files stays put");
});

test("labels: n/3 words, rounded up, each labelling a row; on eir turn each participant bears one that only the others can read (326)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  const words = () => game.value("label-words") as { word: string; row: number }[];
  assert.equal(words().length, 2, "4 participants: 2 words");
  for (const w of words()) assert.ok(w.row >= 1 && w.row <= 12 && w.row !== 10, `row ${w.row} is between 1 and k+10, not 10`);
  const board = game.value("board") as { rowLabels: Record<string, string> };
  assert.deepEqual(board.rowLabels, Object.fromEntries(words().map((w) => [String(w.row), w.word])));

  const edsger = id.edsger!;
  const word = game.value("label", edsger) as string;
  assert.ok(words().some((w) => w.word === word), "the mover was labelled when eir turn began");
  const seen = (viewer: string | null) => viewFor(game.state, viewer).state.find((s) => s.name === "label")!.values!;
  assert.equal(seen(id.ada!)[edsger], word, "Ada reads Edsger's label");
  assert.ok(!(edsger in seen(edsger)), "Edsger cannot read his own");
  assert.ok(!(edsger in seen(null)), "nor can a spectator");
  const toEdsger = await messages(t, edsger);
  assert.ok(toEdsger.some((m) => /label on your forehead/.test(m)));
  assert.ok(!toEdsger.some((m) => m.includes(`forehead: "`)), "no message to Edsger names his label");
  assert.ok((await messages(t, id.ada!)).some((m) => m.includes(`Edsger Dijkstra's forehead: "${word}"`)));

  await game.join("Barbara Liskov");
  await game.join("Donald Knuth");
  assert.equal(words().length, 2, "6 participants: still 2");
  await game.join("John Backus");
  assert.equal(words().length, 3, "7 participants: 3 words");
  assert.equal(new Set(words().map((w) => w.row)).size, 3, "no row has two labels");
});

test("Players and Reyalps: leaving costs 10, Reyalps neither vote nor move, return; 72 hours of silence; 21 days lose the points (303)", async () => {
  const t = await nomicGame();
  const { game, clock, id } = t;
  await game.act(id.ada!, "suggest", { change: { kind: "enact", text: "Ada's idea." } });
  await game.act(id.ada!, "become-reyalp", { days: 5 });
  assert.equal(game.value("status", id.ada!), "reyalp");
  assert.equal(points(game, id.ada!), -10);
  assert.deepEqual(Object.keys(game.value("suggestions") as object), [], "a Reyalp's suggestion leaves the list");
  await refused(game, id.ada!, "transfer", { to: id.alan!, groks: 1 }, /only a Player/);
  const p = await playNomicTurn(t);
  assert.deepEqual(Object.keys(p.votes).sort(), [id.alan!, id.edsger!, id.grace!].sort(), "the vote completes without the Reyalp");
  assert.equal(mover(game), id.grace);
  await playNomicTurn(t);
  assert.equal(mover(game), id.alan, "the turn skips Lovelace, a Reyalp");
  await game.act(id.ada!, "return", {});
  assert.equal(game.value("status", id.ada!), "player");

  // Alan, to move, sends nothing for 72 hours: he becomes a Reyalp and the turn passes.
  clock.advance(72 * hour + 1000);
  await game.fireDueTimers();
  assert.equal(game.value("status", id.alan!), "reyalp");
  assert.equal(points(game, id.alan!), -10);
  assert.equal(mover(game), id.edsger, "after Turing comes Dijkstra again");
  // 21 days later, not having returned, he ceases to be a Reyalp and his points are lost.
  clock.advance(21 * 24 * hour);
  await game.fireDueTimers();
  assert.ok(!game.state.players.some((p) => p.id === id.alan), "he has left the game");
  assert.equal((game.value("board") as { files: number }).files, 15);
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
  await game.correct({ host: true }, { cites: { rule: 208 }, reason: "near the end of a long game", changes: [{ name: "points", player: id.edsger!, value: 190 }, { name: "points", player: id.ada!, value: 120 }] });
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
