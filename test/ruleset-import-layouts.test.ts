/**
 * The ruleset importer's layouts: each recognised by itself or obeyed when named, and small
 * hand-written rulesets in each layout imported back to the rules they were written from.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { type ImportedRuleset, importRuleset, rulesetLayouts } from "../src/records/import/import-ruleset.js";
import { imported, source } from "./ruleset-import-helpers.js";

// ---------------------------------------------------------------------------------------------
// Choosing the layout.

test("the layout is recognised by itself, and an explicit one is obeyed", () => {
  const expected: Record<string, string> = {
    "suber-initial-set.txt": "numbered-paragraphs",
    "n_omic-2001.txt": "number-status-line",
    "nomicron.txt": "books-with-versions",
    "denomic-1999.txt": "rule-dash-mutability",
    "nomic-viii.txt": "rule-parenthesised-mutability",
  };
  for (const [file, layout] of Object.entries(expected)) {
    assert.equal(importRuleset(source(file)).layout, layout, file);
    assert.deepEqual(importRuleset(source(file), { layout }).rules, importRuleset(source(file)).rules, `${file} with its layout named`);
  }
  assert.deepEqual(rulesetLayouts.map((layout) => layout.name).sort(), Object.values(expected).sort());
  for (const layout of rulesetLayouts) {
    assert.equal(importRuleset(layout.example, { layout: layout.name }).layout, layout.name, `${layout.name}'s example imports`);
    assert.equal(importRuleset(layout.example).layout, layout.name, `${layout.name}'s example is recognised`);
  }
});

test("Windows line ends read the same as Unix ones", () => {
  const text = source("n_omic-2001.txt");
  assert.deepEqual(importRuleset(text.replaceAll("\n", "\r\n")).rules, importRuleset(text).rules);
});

// ---------------------------------------------------------------------------------------------
// Round trips: small rulesets written here in each layout import to the rules they were written from.

interface Written {
  number: number;
  title: string;
  text: string;
  mutable: boolean;
}

const WRITTEN: Written[] = [
  { number: 101, title: "Obey", text: "Everyone obeys these rules.\n\nEven on Sundays — “especially” then.", mutable: false },
  { number: 201, title: "Turns", text: "Players take turns in alphabetical order.", mutable: true },
  { number: 202, title: "Points", text: "A proposal scores its number minus 291:\n\n  • for its author\n  • once.", mutable: true },
];

const written = (result: ImportedRuleset) => result.rules.map(({ number, title, text, mutable }) => ({ number, title: title ?? null, text, mutable }));
const withTitles = (titles: boolean) => WRITTEN.map((rule) => ({ ...rule, title: titles ? rule.title : null }));

test("round trip: numbered paragraphs", () => {
  // This layout has no blank lines inside a rule: its paragraphs are consecutive lines.
  const rules = withTitles(false).map((rule) => ({ ...rule, text: rule.text.replaceAll("\n\n", "\n") }));
  const text = [
    "Our club plays Nomic on Fridays.",
    "Club Rules",
    "Immutable Rules",
    ...rules.flatMap((rule) => [...(rule.number === 201 ? ["Mutable Rules"] : []), `${rule.number}. ${rule.text}`, "*"]),
    "",
    "",
    "Last revised 2024-05-01.",
  ].join("\n");
  const result = imported(text);
  assert.equal(result.layout, "numbered-paragraphs");
  assert.deepEqual(written(result), rules);
  assert.deepEqual([result.title, result.preamble, result.epilogue], ["Club Rules", "Our club plays Nomic on Fridays.", "Last revised 2024-05-01."]);
  assert.deepEqual(result.asOf, { text: "Last revised 2024-05-01", at: Date.UTC(2024, 4, 1) });
});

test("round trip: number and status line, with a repealed rule", () => {
  const [r101, r201, r202] = withTitles(false);
  const text = [
    "101 - Immutable - Initial Rule",
    r101!.text,
    "",
    "",
    "201 - Mutable - Amended from rule 150 2024-02-29",
    r201!.text,
    "",
    "",
    "202 - Mutable - Enacted 3 March 2024",
    r202!.text,
    "",
    "",
    "203 - Repealed by Proposal 310 March 9th, 2024",
    "",
    "",
    "Kept by the Secretary.",
  ].join("\n");
  const result = imported(text);
  assert.equal(result.layout, "number-status-line");
  assert.deepEqual(written(result), [r101, r201, r202]);
  assert.deepEqual(result.rules[1]!.history, [
    { change: "amended", at: Date.UTC(2024, 1, 29), cause: "a rule-change", text: "Amended from rule 150 2024-02-29", detail: { from: 150 } },
  ]);
  assert.equal(result.rules[2]!.history![0]!.at, Date.UTC(2024, 2, 3));
  assert.deepEqual(result.archived, [
    {
      number: 203,
      title: null,
      text: "",
      mutable: true,
      props: {},
      history: [{ change: "repealed", at: Date.UTC(2024, 2, 9), cause: "Proposal 310", text: "Repealed by Proposal 310 March 9th, 2024" }],
    },
  ]);
  assert.equal(result.epilogue, "Kept by the Secretary.", "the epilogue rule holds after a repealed entry too");
});

test("round trip: books with versions", () => {
  const rules = withTitles(true);
  const text = [
    "Rules of the Club",
    "",
    "Immutable",
    "",
    `101.3 ${rules[0]!.title}`,
    "",
    rules[0]!.text,
    "",
    "Mutable",
    "",
    ...rules.slice(1).flatMap((rule) => [`${rule.number}.1 ${rule.title}`, "", rule.text, ""]),
  ].join("\n");
  const result = imported(text);
  assert.equal(result.layout, "books-with-versions");
  assert.deepEqual(written(result), rules);
  assert.deepEqual(
    result.rules.map((rule) => rule.props),
    [
      { version: 3, book: "Immutable" },
      { version: 1, book: "Mutable" },
      { version: 1, book: "Mutable" },
    ],
  );
  assert.equal(result.preamble, "Rules of the Club");
});

test("round trip: rule, dash, mutability, with stubs", () => {
  const rules = withTitles(true);
  const text = [
    "Club Rules",
    "",
    "",
    ...rules.flatMap((rule) => [`Rule ${rule.number} - ${rule.mutable ? "mutable" : "immutable"}`, rule.title, "", rule.text, "", ""]),
    "Rule 150 [amended - see Rule 201]",
    "",
    "",
    "Rule 160 [repealed - see Proposal 305]",
  ].join("\n");
  const result = imported(text);
  assert.equal(result.layout, "rule-dash-mutability");
  assert.equal(result.title, "Club Rules");
  assert.deepEqual(written(result), rules);
  assert.deepEqual(
    result.archived.map((rule) => [rule.number, rule.history[0]!.change, rule.history[0]!.cause]),
    [
      [150, "amended", "Rule 201"],
      [160, "repealed", "Proposal 305"],
    ],
  );
  assert.deepEqual(result.rules[1]!.history![0]!.detail, { from: 150 });
});

test("round trip: rule with a parenthesised mutability", () => {
  const rules = withTitles(false);
  const text = ["Friday Nomic", "", ...rules.flatMap((rule) => [`Rule ${rule.number}${rule.mutable ? "" : " (Immutable)"}`, "", rule.text, "", ""])].join("\n");
  const result = imported(text);
  assert.equal(result.layout, "rule-parenthesised-mutability");
  assert.equal(result.title, "Friday Nomic");
  assert.deepEqual(written(result), rules);
});
