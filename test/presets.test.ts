/** Every preset's rule code type-checks against the published rule API, as a player's would. */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { listPresets, loadPreset, presetCodePath } from "../src/ruleset-sources/presets.js";
import { checkRuleCode } from "../src/sandbox/compile-rule.js";

for (const preset of listPresets()) {
  test(`${preset.name}: every rule's code type-checks against the rule API`, () => {
    const { rules } = loadPreset(preset.name);
    let withCode = 0;
    for (const rule of rules) {
      const path = presetCodePath(preset.name, rule.number);
      if (!existsSync(path)) continue;
      withCode++;
      assert.deepEqual(checkRuleCode(readFileSync(path, "utf8")), [], `rule ${rule.number}'s code`);
    }
    assert.ok(withCode > 0, "the preset carries code");
  });
}
