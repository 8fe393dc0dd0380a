/**
 * A game's ruleset from a published text: the import (which layout, which rules, what it
 * noted) plus, if asked, the code of a preset attached rule by rule, plus the hand-play kit
 * where no code offers a way to propose rule-changes (hand-play.ts). Shared by the CLI and
 * the server, so both start the same game from the same text.
 */
import type { ArchivedRuleSpec, RuleSpec } from "../kernel/types.js";
import { importRuleset, type ImportedRuleset } from "../records/import/import-ruleset.js";
import { attachCode } from "./attach-code.js";
import { offersPlay, withHandPlay } from "./hand-play.js";
import { listPresets, presetCodePath, presetsDir } from "./presets.js";
import { join } from "node:path";

export interface RulesetFromText {
  imported: ImportedRuleset;
  rules: RuleSpec[];
  archived: ArchivedRuleSpec[];
  /** The preset whose code was attached, if any. */
  codeFrom: string | null;
  attached: number[];
  textDiffers: number[];
  /** The numbers of the hand-play rules added (none where attached code offers play). */
  handPlay: number[];
  /** What a user should know: the importer's notes and what the code attachment did. */
  notes: string[];
}

export function rulesetFromText(text: string, options: { layout?: string; codeFrom?: string; offices?: readonly string[] } = {}): RulesetFromText {
  const imported = importRuleset(text, options.layout !== undefined ? { layout: options.layout } : {});
  const notes = [...imported.notes];
  let rules = imported.rules;
  let attached: number[] = [];
  let textDiffers: number[] = [];
  if (options.codeFrom !== undefined) {
    const known = listPresets().map((p) => p.name);
    if (!known.includes(options.codeFrom)) throw new Error(`there is no preset "${options.codeFrom}" to take code from; the presets are: ${known.join(", ")}`);
    ({ rules, attached, textDiffers } = attachCode(rules, join(presetsDir, options.codeFrom), (n) => presetCodePath(options.codeFrom!, n)));
    notes.push(
      attached.length ? `Code from ${options.codeFrom} attached to rules ${attached.join(", ")}.` : `No rule of this text has code in ${options.codeFrom}.`,
    );
    if (textDiffers.length)
      notes.push(
        `Rules ${textDiffers.join(", ")} read differently from ${options.codeFrom}'s text; their code was written for that text: read it before play.`,
      );
  }
  let handPlay: number[] = [];
  if (!offersPlay(rules)) {
    const kit = withHandPlay(rules, imported.archived, options.offices);
    ({ rules, numbers: handPlay } = kit);
    notes.push(kit.note);
  } else if (options.offices?.length) {
    notes.push("The attached code offers its own way to play, so the offices named were not added.");
  }
  return { imported, rules, archived: imported.archived, codeFrom: options.codeFrom ?? null, attached, textDiffers, handPlay, notes };
}
