/** What the ruleset importer's tests share: the published rulesets' texts, and an import that checks what every import must hold. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { type ImportedRuleset, importRuleset } from "../src/records/import/import-ruleset.js";

export const source = (file: string): string => readFileSync(new URL(`../../shared/rulesets/${file}`, import.meta.url), "utf8");

/** Imports, then checks the parts every import shares: no rule number twice, texts non-empty. */
export function imported(text: string, layout?: string): ImportedRuleset {
  const result = importRuleset(text, layout ? { layout } : {});
  const numbers = [...result.rules, ...result.archived].map((rule) => rule.number);
  assert.equal(new Set(numbers).size, numbers.length, "each number once");
  for (const rule of result.rules) assert.ok(rule.text.trim().length > 0, `rule ${rule.number} has text`);
  for (const rule of result.archived) assert.equal(rule.text, "", `archived ${rule.number} has no text`);
  return result;
}
