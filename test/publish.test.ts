/** Publishing the ruleset: derived from the game's state and records, in JSON, text and Markdown. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import type { GameState, RuleRecord, RuleSpec } from "../src/kernel/types.js";
import { documentRules, groupRules, renderRulesetMarkdown, renderRulesetText, rulesetDocument, type RulesetDocument } from "../src/records/publish/index.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { engine, mover, playTurn, suberGame } from "./helpers.js";

const names = ["Grace Hopper", "Ada Lovelace", "Alan Turing"];
const presetTitle = loadPreset("suber").info.title;

function namesOf(state: Readonly<GameState>): (id: string) => string {
  return (id) => [...state.players, ...state.departed].find((p) => p.id === id)?.name ?? id;
}

/** The Markdown's words with its backslash escapes undone. */
function unescapeMarkdown(markdown: string): string {
  return markdown.replace(/\\([\s\S])/g, "$1");
}

/** Rule numbers a rendering lists in its rule headings, in order. */
function headings(rendered: string, pattern: RegExp): number[] {
  return [...rendered.matchAll(pattern)].map((m) => Number(m[1]));
}

const hostileText = "Players shall be polite.\n# heading\n<script>alert(1)</script>\n- not a list\n1. not a list either";

/** A game in which proposals enact, amend with code, transmute and repeal rules, and a case is settled about Rule 202. */
async function playedGame(): Promise<Game> {
  const game = await suberGame(names);
  assert.equal((await playTurn(game, { kind: "enact", title: "Courtesy", text: hostileText })).status, "adopted"); // 301, Grace
  const code = `gameState("courtesy", { initial: "observed", describe: "Whether courtesy is observed" });`;
  assert.equal((await playTurn(game, { kind: "amend", rule: 301, text: `${hostileText}\nAmended.`, code })).status, "adopted"); // 302, Ada
  assert.equal((await playTurn(game, { kind: "transmute", rule: 116 })).status, "adopted"); // 303, Alan
  assert.equal((await playTurn(game, { kind: "enact", text: "A rule to be repealed." })).status, "adopted"); // 304, Grace
  assert.equal((await playTurn(game, { kind: "repeal", rule: 304 })).status, "adopted"); // 305, Ada
  // A case about Rule 202, during Alan's turn: Ada (preceding him) judges, a majority consents.
  assert.equal(mover(game), "alan-turing");
  await game.act("grace-hopper", "invoke-judgment", { question: "Does Rule 202 score a defeated proposal?", rules: [202] });
  await game.act("ada-lovelace", "judge", { case: 1, verdict: "legal", reasoning: "Rule 202 scores every proposal." });
  await game.act("ada-lovelace", "consent", { case: 1 });
  await game.act("alan-turing", "consent", { case: 1 });
  return game;
}

function checkSameRules(game: Game, doc: RulesetDocument, text: string, markdown: string): void {
  const inEffect = Object.values(game.state.rules).sort((a, b) => a.number - b.number);
  const listed = doc.groups.flatMap((g) => g.rules);
  assert.deepEqual(
    listed.map((r) => r.number).sort((a, b) => a - b),
    inEffect.map((r) => r.number),
  );
  for (const rule of inEffect) {
    const published = listed.find((r) => r.number === rule.number)!;
    assert.equal(published.text, rule.text, `text of rule ${rule.number}`);
    assert.equal(published.mutable, rule.mutable, `mutability of rule ${rule.number}`);
    assert.ok(text.includes(`Rule ${rule.number} (${rule.mutable ? "Mutable" : "Immutable"})`), `rule ${rule.number} in the text`);
    assert.ok(text.includes(rule.text), `rule ${rule.number}'s text intact in the text`);
    const words = unescapeMarkdown(markdown);
    for (const line of rule.text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean))
      assert.ok(words.includes(line), `rule ${rule.number}'s line "${line}" in the Markdown`);
  }
  const all = documentRules(doc).map((r) => r.number);
  assert.deepEqual(headings(text, /^Rule (\d+) \((?:Mutable|Immutable)\)$/gm), all, "the text lists the same rules as the JSON");
  assert.deepEqual(headings(markdown, /^### Rule (\d+) \((?:Mutable|Immutable)\)/gm), all, "the Markdown lists the same rules as the JSON");
}

test("the short ruleset lists exactly the rules in effect, in text, Markdown and JSON", async () => {
  const game = await playedGame();
  const doc = rulesetDocument(game.state, { full: false, name: namesOf(game.state), presetTitle });
  const text = renderRulesetText(doc);
  const markdown = renderRulesetMarkdown(doc);
  checkSameRules(game, doc, text, markdown);
  assert.equal(doc.format, "nomos.ruleset/1");
  assert.equal(doc.seq, game.state.seq);
  assert.deepEqual(
    doc.groups.map((g) => g.heading),
    ["Immutable Rules", "Mutable Rules"],
  );
  assert.ok(
    doc.groups[1]!.rules.some((r) => r.number === 303),
    "the transmuted rule is now with the mutable rules",
  );
  assert.equal(doc.repealed, undefined, "the short ruleset lists no repealed rules");
  assert.equal(doc.groups[0]!.rules[0]!.history, undefined, "nor history");
  assert.match(text, /^Test game\nShort Logical Ruleset\nas of 5 Jan 2026/);
  assert.ok(!text.includes("History:"));
  assert.ok(!text.includes("Rule 304 ("), "the repealed rule is not in the short ruleset");
});

test("the full ruleset has history in the layout players know, authors from the records, repealed rules and annotations", async () => {
  const game = await playedGame();
  const doc = rulesetDocument(game.state, { full: true, name: namesOf(game.state), presetTitle });
  const text = renderRulesetText(doc);
  const markdown = renderRulesetMarkdown(doc);
  checkSameRules(game, doc, text, markdown);
  assert.match(text, /^Test game\nFull Logical Ruleset\n/);

  const rule = (n: number) => doc.groups.flatMap((g) => g.rules).find((r) => r.number === n)!;
  const amended = rule(302);
  assert.equal(amended.hasCode, true);
  assert.equal(amended.revision, 2);
  const lines = amended.history!.map((h) => h.line);
  assert.deepEqual(lines, [
    "Enacted by Proposal 301 (Grace Hopper), 5 Jan 2026",
    "Amended(2) by Proposal 302 (Ada Lovelace), 5 Jan 2026",
    "Renumbered from 301 to 302 by Proposal 302 (Ada Lovelace), 5 Jan 2026",
  ]);
  assert.deepEqual(amended.history![1]!.author, { id: "ada-lovelace", name: "Ada Lovelace" });
  for (const line of lines) {
    assert.ok(text.includes(line), `"${line}" in the text`);
    assert.ok(unescapeMarkdown(markdown).includes(line), `"${line}" in the Markdown`);
  }
  assert.ok(rule(303).history!.some((h) => h.line === "Transmuted to mutable by Proposal 303 (Alan Turing), 5 Jan 2026"));
  assert.equal(rule(101).history![0]!.line, "Initial rule (Suber's Initial Set), 5 Jan 2026");
  assert.equal(rule(101).hasCode, false);

  // The repealed rule, with its history, in all three forms.
  assert.deepEqual(
    doc.repealed!.map((r) => r.number),
    [304],
  );
  assert.equal(doc.repealed![0]!.history!.at(-1)!.line, "Repealed by Proposal 305 (Ada Lovelace), 5 Jan 2026");
  assert.match(text, /\nRepealed Rules\n=+\n\n-+\nRule 304 \(Mutable\)\n/);
  assert.match(markdown, /## Repealed Rules\n\n### Rule 304 \(Mutable\)/);

  // The settled case about Rule 202 is annotated on it, citing the case.
  const annotations = rule(202).annotations!;
  assert.equal(annotations.length, 1);
  assert.equal(annotations[0]!.cause, "case 1");
  assert.equal(
    annotations[0]!.line,
    "[case 1] Case 1 (Judge Ada Lovelace): Does Rule 202 score a defeated proposal? Ruled legal: Rule 202 scores every proposal.",
  );
  assert.ok(text.includes(`Annotations:\n${annotations[0]!.line}`));
  assert.ok(unescapeMarkdown(markdown).includes(annotations[0]!.line));
  assert.ok(!rule(202).history!.some((h) => h.change === "annotated"), "annotations are not history lines");
});

test("a rule's text cannot become a Markdown heading or HTML", async () => {
  const game = await playedGame();
  const markdown = renderRulesetMarkdown(rulesetDocument(game.state, { full: true, name: namesOf(game.state) }));
  assert.ok(!/^#+ heading/m.test(markdown), "no heading from the text");
  assert.ok(!/(^|[^\\])<script/m.test(markdown), "no HTML from the text");
  assert.ok(!/^\s*- not a list/m.test(markdown) && !/^\s*1\. not a list/m.test(markdown), "no lists from the text");
  assert.match(markdown, /^### Rule 302 \(Mutable\): Courtesy$/m);
  assert.ok(markdown.includes("\\# heading"));
  assert.ok(markdown.includes("\\<script\\>alert(1)\\</script\\>"));
  // The text rendering keeps the text exactly as written.
  assert.ok(renderRulesetText(rulesetDocument(game.state, { full: false, name: namesOf(game.state) })).includes(game.state.rules["302"]!.text));
});

test("a record a viewer may not see names no author", async () => {
  const game = await playedGame();
  // The same state, with the proposals record made secret: the history still prints, without the proposer.
  const state = structuredClone(game.state) as GameState;
  state.decls.proposals = { ...state.decls.proposals!, visibility: "hidden" };
  const doc = rulesetDocument(state, { full: true, name: namesOf(state), viewer: "grace-hopper" });
  const line = doc.groups.flatMap((g) => g.rules).find((r) => r.number === 302)!.history![1]!;
  assert.equal(line.line, "Amended(2) by Proposal 302, 5 Jan 2026");
  assert.equal(line.author, null);
});

const jan5 = Date.UTC(2001, 0, 5);
const nomicron: RuleSpec[] = [
  { number: 1, text: "This is the Convention.", mutable: false, props: { book: "Convention" } },
  { number: 101, title: "Obey", text: "All players must obey the rules.", mutable: false, props: { book: "Immutable", version: 1 } },
  { number: 102, text: "Rules are immutable or mutable.", mutable: false, props: { book: "Immutable", version: 3 } },
  {
    number: 201,
    text: "Players take turns.",
    mutable: true,
    props: { book: "Mutable", version: 2 },
    history: [
      { change: "enacted", at: null, cause: "initial", text: "Initial Mutable Rule 201" },
      { change: "amended", at: jan5, cause: "Rule 207", text: "Amended from rule 207 January 5th, 2001" },
    ],
  },
];

test("rules carrying books and versions are grouped by book and labelled 101.1; published history reads as published", async () => {
  const game = await Game.create(engine(), {
    name: "Nomicron",
    preset: null,
    rules: nomicron,
    archived: [
      {
        number: 203,
        title: null,
        text: "A repealed rule.",
        mutable: true,
        props: { book: "Mutable" },
        history: [{ change: "repealed", at: jan5, cause: "Rule-Change 12", text: "Repealed by Rule-Change 12, Jan. 5 2001" }],
      },
    ],
  });
  const doc = rulesetDocument(game.state, { full: true, name: namesOf(game.state) });
  assert.deepEqual(
    doc.groups.map((g) => [g.heading, g.rules.map((r) => r.label)]),
    [
      ["Convention", ["1"]],
      ["Immutable", ["101.1", "102.3"]],
      ["Mutable", ["201.2"]],
    ],
  );
  const rule201 = doc.groups[2]!.rules[0]!;
  assert.deepEqual(
    rule201.history!.map((h) => h.line),
    ["Initial Mutable Rule 201", "Amended from rule 207 January 5th, 2001", `Initial rule, ${new Date(game.state.time).getUTCDate()} Jan 2026`],
  );
  assert.deepEqual(
    doc.repealed!.map((r) => [r.label, r.history!.map((h) => h.line)]),
    [["203", ["Repealed by Rule-Change 12, Jan. 5 2001"]]],
  );
  const text = renderRulesetText(doc);
  const markdown = renderRulesetMarkdown(doc);
  assert.match(text, /\nConvention\n=+\n\n-+\nRule 1 \(Immutable\)\n/);
  assert.match(text, /\nRule 101\.1 \(Immutable\)\nObey\n/);
  assert.ok(text.includes("Amended from rule 207 January 5th, 2001"));
  assert.match(markdown, /^## Immutable\n\n### Rule 101\.1 \(Immutable\): Obey$/m);
  assert.match(markdown, /^## Mutable\n\n### Rule 201\.2 \(Mutable\)$/m);
});

function record(number: number, mutable: boolean, props: RuleRecord["props"] = {}): RuleRecord {
  return { number, title: null, text: `Rule ${number}.`, mutable, revision: 1, props, code: null, history: [] };
}

test("a rule enacted in play with no book joins its mutability's book, if there is only one", () => {
  const books = groupRules([record(101, false, { book: "Immutable" }), record(201, true, { book: "Mutable" }), record(301, true), record(302, false)]);
  assert.deepEqual(
    books.map((g) => [g.heading, g.rules.map((r) => r.number)]),
    [
      ["Immutable", [101, 302]],
      ["Mutable", [201, 301]],
    ],
  );
  // Two headings in use for mutable rules: a new one goes under the plain heading.
  const mixed = groupRules([
    record(201, true, { group: "Mutable Rules of Play" }),
    record(250, true, { group: "Mutable Rules of Judgment" }),
    record(301, true),
  ]);
  assert.deepEqual(
    mixed.map((g) => g.heading),
    ["Mutable Rules of Play", "Mutable Rules of Judgment", "Mutable Rules"],
  );
  // No books at all: immutable first, each in number order.
  assert.deepEqual(
    groupRules([record(301, true), record(116, false), record(201, true)]).map((g) => [g.heading, g.rules.map((r) => r.number)]),
    [
      ["Immutable Rules", [116]],
      ["Mutable Rules", [201, 301]],
    ],
  );
});
