/**
 * Presets: rulesets shipped with Nomos, one folder per game under src/rulesets/. A rule's
 * code (if a machine can decide any of it) is NNN.ts. Its text is either NNN.txt, exactly
 * as published, with preset.json listing the rules and their mutability; or, for a
 * ruleset published as one document with its history (N_omic's status lines, repealed
 * entries), that document itself, named by preset.json's "text" and read by the importer.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ArchivedRuleSpec, RuleSpec } from "../kernel/types.js";
import { importRuleset } from "../records/import/import-ruleset.js";
import { stripRuleCode } from "../sandbox/compile-rule.js";
import { packagePath } from "../sandbox/package-root.js";

export interface PresetInfo {
  name: string;
  title: string;
  description: string;
  source: string;
}

interface Manifest extends PresetInfo {
  immutable?: number[];
  mutable?: number[];
  titles?: Record<string, string>;
  /** The published document the rules are read from, instead of NNN.txt files. */
  text?: string;
  /** The document's layout (see rulesetLayouts); recognised by itself if absent. */
  layout?: string;
  /**
   * Rules whose code is another preset's, by number: { "333": "suber/206" }. A rule that
   * reads word for word as a rule of another game (N_omic's 103 is Suber's) is read the
   * same way, and one file keeps that reading.
   */
  sharedCode?: Record<string, string>;
}

export interface Preset {
  info: PresetInfo;
  rules: RuleSpec[];
  /** Rules the published document lists as no longer in effect, kept for the record. */
  archived: ArchivedRuleSpec[];
}

export const presetsDir = packagePath("src", "rulesets");

export function listPresets(): PresetInfo[] {
  return readdirSync(presetsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(presetsDir, d.name, "preset.json")))
    .map((d) => readManifest(d.name))
    .map(({ name, title, description, source }) => ({ name, title, description, source }));
}

function readManifest(name: string): Manifest {
  if (!/^[a-z0-9_-]+$/.test(name) || !existsSync(join(presetsDir, name, "preset.json"))) {
    const known = readdirSync(presetsDir).filter((d) => existsSync(join(presetsDir, d, "preset.json")));
    throw new Error(`there is no preset "${name}"; the presets are: ${known.join(", ")}`);
  }
  return JSON.parse(readFileSync(join(presetsDir, name, "preset.json"), "utf8")) as Manifest;
}

/** The path of a preset rule's code file, whether or not it exists. */
export function presetCodePath(preset: string, number: number): string {
  const shared = readManifest(preset).sharedCode?.[number];
  const match = shared === undefined ? null : /^([a-z0-9_-]+)\/(\d+)$/.exec(shared);
  if (shared !== undefined && !match) throw new Error(`preset ${preset}: sharedCode "${shared}" for rule ${number} is not of the form preset/number`);
  return match ? join(presetsDir, match[1]!, `${match[2]}.ts`) : join(presetsDir, preset, `${number}.ts`);
}

/** A preset's rules, with their text and (type-stripped) code, ready to enact. */
export function loadPreset(name: string): Preset {
  const manifest = readManifest(name);
  const dir = join(presetsDir, name);
  const code = (number: number) => {
    const codePath = presetCodePath(name, number);
    return existsSync(codePath) ? stripRuleCode(readFileSync(codePath, "utf8")) : null;
  };
  const { title, description, source } = manifest;
  const info = { name, title, description, source };
  if (manifest.text !== undefined) {
    const imported = importRuleset(readFileSync(join(dir, manifest.text), "utf8"), manifest.layout ? { layout: manifest.layout } : {});
    return { info, rules: imported.rules.map((rule) => ({ ...rule, code: code(rule.number) })), archived: imported.archived };
  }
  const spec = (number: number, mutable: boolean): RuleSpec => {
    const text = readFileSync(join(dir, `${number}.txt`), "utf8").replace(/\n$/, "");
    return { number, title: manifest.titles?.[number] ?? null, text, mutable, code: code(number) };
  };
  const rules = [...(manifest.immutable ?? []).map((n) => spec(n, false)), ...(manifest.mutable ?? []).map((n) => spec(n, true))];
  return { info, rules, archived: [] };
}
