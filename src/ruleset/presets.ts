/**
 * Presets: rulesets shipped with Nomos, one folder per game under src/rulesets/, one file
 * per rule: NNN.txt holds the rule's text exactly as published, NNN.ts its code (if a
 * machine can decide any of it). preset.json lists the rules and their mutability.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RuleSpec } from "../kernel/types.js";
import { stripRuleCode } from "../sandbox/compile-rule.js";
import { packagePath } from "../sandbox/package-root.js";

export interface PresetInfo {
  name: string;
  title: string;
  description: string;
  source: string;
}

interface Manifest extends PresetInfo {
  immutable: number[];
  mutable: number[];
  titles?: Record<string, string>;
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
  return join(presetsDir, preset, `${number}.ts`);
}

/** A preset's rules, with their text and (type-stripped) code, ready to enact. */
export function loadPreset(name: string): { info: PresetInfo; rules: RuleSpec[] } {
  const manifest = readManifest(name);
  const dir = join(presetsDir, name);
  const spec = (number: number, mutable: boolean): RuleSpec => {
    const text = readFileSync(join(dir, `${number}.txt`), "utf8").replace(/\n$/, "");
    const codePath = presetCodePath(name, number);
    const code = existsSync(codePath) ? stripRuleCode(readFileSync(codePath, "utf8")) : null;
    return { number, title: manifest.titles?.[number] ?? null, text, mutable, code };
  };
  const rules = [...manifest.immutable.map((n) => spec(n, false)), ...manifest.mutable.map((n) => spec(n, true))];
  const { title, description, source } = manifest;
  return { info: { name, title, description, source }, rules };
}
