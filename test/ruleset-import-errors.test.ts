/** The ruleset importer's refusals, on published rulesets altered to break and on small hand-written ones. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { type ImportedRuleset, importRuleset, RulesetImportError, rulesetLayouts } from "../src/records/import/import-ruleset.js";
import { imported, source } from "./ruleset-import-helpers.js";

const throwsAt = (text: string, line: number, problem: RegExp, options?: { layout?: string }): void => {
  let result: ImportedRuleset | undefined;
  assert.throws(
    () => {
      result = importRuleset(text, options);
    },
    (error: unknown) => {
      assert.ok(error instanceof RulesetImportError, `a RulesetImportError, not ${String(error)}`);
      assert.equal(error.line, line, `the line of the fault (${error.message})`);
      if (line > 0) assert.ok(error.message.startsWith(`line ${line}: `), error.message);
      assert.match(error.message, problem);
      return true;
    },
  );
  assert.equal(result, undefined, "nothing is imported");
};

// ---------------------------------------------------------------------------------------------
// Errors: the line, the problem, and nothing imported.

test("a rule number that appears twice is refused at its second header", () => {
  const text = source("n_omic-2001.txt");
  const lines = text.split("\n");
  const first = lines.indexOf("104 - Immutable - Initial Rule");
  const block = lines.slice(first, lines.indexOf("105 - Immutable - Initial Rule"));
  const at106 = lines.indexOf("106 - Immutable - Initial Rule");
  const doubled = [...lines.slice(0, at106), ...block, ...lines.slice(at106)];
  throwsAt(doubled.join("\n"), at106 + 1, new RegExp(`rule 104 appears twice \\(first at line ${first + 1}\\)`));
  // A stub counts: deNomic's stub 201 written again as a rule.
  const denomic = source("denomic-1999.txt").replace("Rule 203 - mutable", "Rule 201 - mutable");
  const denomicLines = denomic.split("\n");
  throwsAt(denomic, denomicLines.indexOf("Rule 201 - mutable") + 1, /rule 201 appears twice/);
});

test("a status that is not Immutable, Mutable or Repealed is refused", () => {
  const header = "303 - Mutable - Enacted December 8th, 2000";
  const text = source("n_omic-2001.txt").replace(header, header.replace("Mutable", "Mutible"));
  throwsAt(text, source("n_omic-2001.txt").split("\n").indexOf(header) + 1, /"Mutible" is not Immutable, Mutable or Repealed/);
});

test("a date that cannot be read in a status line is refused", () => {
  const header = "303 - Mutable - Enacted December 8th, 2000";
  const line = source("n_omic-2001.txt").split("\n").indexOf(header) + 1;
  for (const date of ["Decembruary 8th, 2000", "December 32nd, 2000", "sometime in 2000"]) {
    throwsAt(source("n_omic-2001.txt").replace(header, `303 - Mutable - Enacted ${date}`), line, new RegExp(`date that cannot be read: "${date}"`));
  }
});

test("a rule header with no text is refused; a stub or a repealed entry needs none", () => {
  const text = source("nomic-viii.txt");
  const lines = text.split("\n");
  const at = lines.indexOf("Rule 112 (Immutable)");
  const emptied = [...lines.slice(0, at + 1), ...lines.slice(lines.indexOf("Rule 113 (Immutable)") - 2)];
  throwsAt(emptied.join("\n"), at + 1, /rule 112 has a header but no text/);
  // A deNomic rule with a title but no text.
  throwsAt("Rule 101 - immutable\nObey\n\n\nRule 102 - immutable\nSpeak\n\nPlayers speak.", 1, /rule 101 has a header but no text/);
  assert.equal(imported("101 - Mutable - Initial Rule\nPlay.\n\n\n102 - Repealed by Rule-Change 301 May 1st, 2001").archived.length, 1);
});

test("text under a stub or a repealed entry is refused: a rule no longer in effect has none", () => {
  throwsAt(
    "Rule 101 - immutable\nObey\n\nObey the rules.\n\n\nRule 201 [amended - see Rule 101]\nPlayers take turns.\n\n\nRule 202 - mutable\nPoints\n\nScore.",
    8,
    /rule 201 is listed as \[amended - see Rule 101\].*has text under it/,
  );
  throwsAt(
    "205 - Repealed by Rule-Change 336 April 22nd, 2001\nOld text.\n\n\n206 - Mutable - Initial Rule\nNew text.",
    2,
    /rule 205 is listed as Repealed by Rule-Change 336/,
  );
  throwsAt("Rule 201 [forgotten - see Rule 101]\n\nRule 101 - mutable\nT\n\nText.", 1, /cannot read "\[forgotten - see Rule 101\]"/);
});

test("a status line in words the importer does not know is kept as a remark, and noted", () => {
  const result = imported("301 - Mutable - Renumbered from rule 250 May 1st, 2001\nText.\n\n\n302 - Mutable - Blessed by the Speaker\nMore text.");
  assert.deepEqual(result.rules[0]!.history, [
    { change: "renumbered", at: Date.UTC(2001, 4, 1), cause: "a rule-change", text: "Renumbered from rule 250 May 1st, 2001", detail: { from: 250 } },
  ]);
  assert.deepEqual(result.rules[1]!.history, [{ change: "annotated", at: null, cause: "the published ruleset", text: "Blessed by the Speaker" }]);
  assert.ok(result.notes.some((note) => note.includes("Blessed by the Speaker")));
});

test("a rule number and version that are not two whole numbers are refused", () => {
  const text = source("nomicron.txt");
  const line = text.split("\n").indexOf("101.1 Rule Changes") + 1;
  throwsAt(text.replace("101.1 Rule Changes", "101.one Rule Changes"), line, /"101\.one" is not a rule number and version/);
});

test("plain prose, an unknown layout, or a layout the text is not in, is refused", () => {
  const prose = "Nomic is a game in which changing the rules is a move.\nWe play it on Fridays.";
  throwsAt(prose, 1, /no line looks like the start of a rule/);
  try {
    importRuleset(prose);
  } catch (error) {
    for (const layout of rulesetLayouts) assert.ok((error as Error).message.includes(layout.name), `the message names ${layout.name}`);
  }
  throwsAt(source("nomic-viii.txt"), 0, /unknown layout "wiki".*numbered-paragraphs/, { layout: "wiki" });
  throwsAt(source("suber-initial-set.txt"), 1, /rule-dash-mutability.*looks like the layout "numbered-paragraphs"/, { layout: "rule-dash-mutability" });
});
