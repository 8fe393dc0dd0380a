/**
 * The five published rulesets, end to end: each imports, starts a game, and the ruleset the
 * game publishes (text, Markdown, JSON) lists the same rules, numbers and texts as the
 * source, rule by rule. Suber's text with Suber's code attached plays as the preset does.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { renderRecord } from "../src/records/documents.js";
import type { RulesetDocument } from "../src/records/publish/index.js";
import { asOf } from "../src/records/reports/as-of.js";
import { rulesetFromText } from "../src/ruleset-sources/from-text.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { engine, playTurn } from "./helpers.js";

const files = ["suber-initial-set.txt", "n_omic-2001.txt", "nomicron.txt", "denomic-1999.txt", "nomic-viii.txt"];
const source = (file: string) => readFileSync(new URL(`../../shared/rulesets/${file}`, import.meta.url), "utf8");

for (const file of files) {
  test(`${file}: imported, its published ruleset lists the source's rules, numbers and texts, rule by rule`, async () => {
    const text = source(file);
    const imported = rulesetFromText(text);
    const options = engine();
    const game = await Game.create(options, { name: file, preset: null, rules: imported.rules, archived: imported.archived });
    const { acts, state } = asOf(await options.store.readActs(game.id));
    const read = (kind: "ruleset" | "full-ruleset", format: "json" | "text" | "markdown") => renderRecord(kind, { acts, state, viewer: null }, format);
    const doc = read("ruleset", "json") as RulesetDocument;
    const published = doc.groups.flatMap((g) => g.rules);
    assert.deepEqual(new Set(published.map((r) => r.number)), new Set(imported.rules.map((r) => r.number)), "the same rules in effect");
    const plain = read("ruleset", "text") as string;
    const full = read("full-ruleset", "text") as string;
    const fullDoc = read("full-ruleset", "json") as RulesetDocument;
    const markdown = read("ruleset", "markdown") as string;
    for (const rule of imported.rules) {
      const p = published.find((r) => r.number === rule.number)!;
      assert.equal(p.text, rule.text, `rule ${rule.number}: the published text is the imported text`);
      assert.equal(p.mutable, rule.mutable, `rule ${rule.number}: mutability`);
      assert.equal(p.title, rule.title ?? null, `rule ${rule.number}: title`);
      // The source holds the text exactly (the hand-play rules the import added aside), and so does the plain-text rendering.
      if (!imported.handPlay.includes(rule.number)) assert.ok(text.includes(rule.text), `rule ${rule.number}'s text is in the source as published`);
      assert.ok(plain.includes(rule.text), `rule ${rule.number}'s text is in the published plain text`);
      assert.ok(plain.includes(`Rule ${p.label}`), `rule ${p.label} is headed in the plain text`);
      assert.ok(markdown.includes(`Rule ${p.label}`), `rule ${p.label} is headed in the Markdown`);
      // The history the source states is published in the full ruleset, as the source words it.
      for (const h of rule.history ?? []) assert.ok(full.includes(h.text), `rule ${rule.number}: history line "${h.text}" is published`);
    }
    const repealed = (fullDoc.repealed ?? []).map((r) => r.number);
    assert.deepEqual(
      repealed.sort((a, b) => a - b),
      imported.archived.map((r) => r.number).sort((a, b) => a - b),
      "rules no longer in effect are listed in the full ruleset",
    );
    game.close();
  });
}

test("N_omic's quirks survive publication: status lines as history, repealed rules, no rules 108, 111, 112", async () => {
  const imported = rulesetFromText(source("n_omic-2001.txt"));
  const options = engine();
  const game = await Game.create(options, { name: "N_omic", preset: null, rules: imported.rules, archived: imported.archived });
  const { acts, state } = asOf(await options.store.readActs(game.id));
  const full = renderRecord("full-ruleset", { acts, state, viewer: null }, "text") as string;
  assert.match(full, /Rule 311 \(Mutable\)[\s\S]*Amended from rule 207 January 5th, 2001/);
  assert.match(full, /Repealed by Rule-Change 336 April 22nd, 2001/);
  for (const n of [108, 111, 112]) assert.doesNotMatch(full, new RegExp(`Rule ${n} \\(`));
  const markdown = renderRecord("full-ruleset", { acts, state, viewer: null }, "markdown") as string;
  assert.match(markdown, /Rule 311 \(Mutable\)/);
  game.close();
});

test("Nomicron publishes by book, with versioned numbers", async () => {
  const imported = rulesetFromText(source("nomicron.txt"));
  const options = engine();
  const game = await Game.create(options, { name: "Nomicron", preset: null, rules: imported.rules });
  const { acts, state } = asOf(await options.store.readActs(game.id));
  const doc = renderRecord("ruleset", { acts, state, viewer: null }, "json") as RulesetDocument;
  assert.deepEqual(
    doc.groups.map((g) => g.heading),
    ["Convention", "Immutable", "Mutable"],
  );
  assert.equal(doc.groups[1]!.rules[0]!.label, "101.1");
  game.close();
});

test("Suber's published text with Suber's code attached plays exactly as the preset", async () => {
  const fromText = rulesetFromText(source("suber-initial-set.txt"), { codeFrom: "suber" });
  assert.equal(fromText.attached.length, 17);
  assert.deepEqual(fromText.textDiffers, [], "the published text is the preset's text");
  const preset = loadPreset("suber").rules;
  const a = await Game.create(engine(), { name: "T", preset: "suber", rules: preset, seed: "same" });
  const b = await Game.create(engine(), { name: "T", preset: "suber", rules: fromText.rules, seed: "same" });
  for (const game of [a, b]) {
    for (const name of ["Grace Hopper", "Ada Lovelace", "Alan Turing"]) await game.join(name);
    await game.act("grace-hopper", "start", {});
    await playTurn(game, { kind: "enact", text: "Points are also called marks." });
    await playTurn(game, { kind: "amend", rule: 201, text: "Players take turns by first name." }, ["grace-hopper"]);
  }
  assert.deepEqual(b.state.values, a.state.values);
  assert.deepEqual(Object.keys(b.state.rules), Object.keys(a.state.rules));
  a.close();
  b.close();
});
