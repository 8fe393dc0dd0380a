/** Completion for rule code: the rule API's globals and the members of typed values, from TypeScript. */
import type * as TypeScript from "typescript";
import { maxSourceLength, ruleFile, ruleService } from "./rule-service.js";

export interface RuleCompletion {
  label: string;
  /** TypeScript's kind: "property", "method", "function", "const", "var", "interface", "keyword", ... */
  kind: string;
  /** The type or signature, for the first few options. */
  detail?: string;
}

export interface RuleCompletions {
  /** Where the word being completed starts: an editor replaces [from, offset) with the label. */
  from: number;
  options: RuleCompletion[];
}

const maxOptions = 200;
// Details cost a type-to-string each; an editor shows only the first few anyway.
const maxDetails = 40;
const maxDetailLength = 120;

/** What may come at `offset` in `source`. Never throws: on any failure there are no options. */
export function completeRuleCode(source: string, offset: number): RuleCompletions {
  const length = typeof source === "string" ? source.length : 0;
  const none = { from: Number.isFinite(offset) ? Math.min(Math.max(0, Math.trunc(offset)), length) : length, options: [] };
  if (typeof source !== "string" || source.length > maxSourceLength || !Number.isInteger(offset) || offset < 0 || offset > source.length) return none;
  try {
    const { ts, service } = ruleService(source);
    const info = service.getCompletionsAtPosition(ruleFile, offset, {});
    if (!info) return { from: wordStart(source, offset), options: [] };
    // In a string TypeScript replaces the whole literal's content ("turn." with "turn.began"), not the last word.
    const span = info.entries.find((e) => e.replacementSpan)?.replacementSpan ?? info.optionalReplacementSpan;
    const from = span && span.start <= offset && span.start + span.length >= offset ? span.start : wordStart(source, offset);
    const typed = source.slice(from, offset).toLowerCase();
    const matching = info.entries.filter((e) => isSubsequence(typed, e.name.toLowerCase()));
    // Too many: keep those that start with what was typed before those that only contain its letters.
    const chosen =
      matching.length <= maxOptions
        ? matching
        : [...matching.filter((e) => e.name.toLowerCase().startsWith(typed)), ...matching.filter((e) => !e.name.toLowerCase().startsWith(typed))].slice(
            0,
            maxOptions,
          );
    const sorted = chosen.map((entry, index) => ({ entry, index })).sort((a, b) => compare(a.entry.sortText, b.entry.sortText) || a.index - b.index);
    const options = sorted.map(({ entry }, i): RuleCompletion => {
      const detail = i < maxDetails ? detailOf(ts, service, offset, entry) : undefined;
      return detail ? { label: entry.name, kind: entry.kind, detail } : { label: entry.name, kind: entry.kind };
    });
    return { from, options };
  } catch {
    return none;
  }
}

/** The start of the identifier ending at `offset`. */
function wordStart(source: string, offset: number): number {
  let start = offset;
  while (start > 0 && /[\p{ID_Continue}$\u200c\u200d]/u.test(source[start - 1]!)) start--;
  return start;
}

function isSubsequence(typed: string, name: string): boolean {
  let at = 0;
  for (const c of typed) {
    at = name.indexOf(c, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The type or signature after the name: ": number" for `now`, "(text: string): void" for `post`. */
function detailOf(ts: typeof TypeScript, service: TypeScript.LanguageService, offset: number, entry: TypeScript.CompletionEntry): string | undefined {
  if (entry.kind === ts.ScriptElementKind.keyword) return undefined;
  try {
    const details = service.getCompletionEntryDetails(ruleFile, offset, entry.name, undefined, entry.source, undefined, entry.data);
    const parts = details?.displayParts ?? [];
    const isName = (p: TypeScript.SymbolDisplayPart) => p.text === entry.name && p.kind !== "punctuation" && p.kind !== "space";
    // A global like Array is shown as "interface Array<T>" then "var Array: ArrayConstructor": the value is the last line.
    const lastLine = parts.map((p) => p.kind).lastIndexOf("lineBreak") + 1;
    let name = parts.findIndex((p, i) => i >= lastLine && isName(p));
    if (name < 0) name = parts.findIndex(isName);
    if (name < 0) return undefined;
    const text = ts
      .displayPartsToString(parts.slice(name + 1))
      .replace(/\s+/g, " ")
      .trim();
    if (!text) return undefined;
    return text.length > maxDetailLength ? `${text.slice(0, maxDetailLength - 1)}…` : text;
  } catch {
    return undefined;
  }
}
