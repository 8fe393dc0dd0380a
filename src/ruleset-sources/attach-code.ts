/**
 * Starting a coded game from an imported text: each imported rule takes the code of the
 * same number from a folder of NNN.ts files (a preset's, or the players' own), so the law
 * is the published text and the engine enforces what the code reads of it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RuleSpec } from "../kernel/types.js";
import { stripRuleCode } from "../sandbox/compile-rule.js";

export interface AttachedCode {
  rules: RuleSpec[];
  /** Rules that took code, by number. */
  attached: number[];
  /**
   * Rules that took code although the folder's NNN.txt reads otherwise: the code was written
   * for another text, so a user should read it before play.
   */
  textDiffers: number[];
}

/** `codePath` finds a rule's code file (a preset may take some rules' code from another). */
export function attachCode(rules: RuleSpec[], dir: string, codePath = (number: number) => join(dir, `${number}.ts`)): AttachedCode {
  if (!existsSync(dir)) throw new Error(`there is no folder ${dir} to take rule code from`);
  const attached: number[] = [];
  const textDiffers: number[] = [];
  const out = rules.map((rule) => {
    const path = codePath(rule.number);
    if (!existsSync(path)) return rule;
    attached.push(rule.number);
    const textPath = join(dir, `${rule.number}.txt`);
    if (existsSync(textPath) && readFileSync(textPath, "utf8").replace(/\n$/, "") !== rule.text) textDiffers.push(rule.number);
    return { ...rule, code: stripRuleCode(readFileSync(path, "utf8")) };
  });
  return { rules: out, attached, textDiffers };
}
