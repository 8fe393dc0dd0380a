/**
 * Hand play for a ruleset read from its text: the kit's rules (src/rulesets/kit/), appended
 * when no rule's code offers a way to propose rule-changes, so that any published ruleset is
 * playable from the moment it is imported. The kit is rule code, not engine code: players
 * propose and vote, the officers the group names assess and keep the quantities, and the
 * group may amend or repeal the kit's rules like any other, replacing them rule by rule.
 *
 * Choices: the kit's rules stand apart from the text's numbering, so that what the text computes
 * from its rules' numbers stays the text's (deNomic's Rule 358 reads "the highest-numbered
 * rule": 395, not a kit rule after it). They take the numbers just below the text's lowest
 * where three are free (98-100 under a text that begins at 101), else those after its highest
 * (a text that begins at 1), so they clash with none; proposals are numbered after the text's
 * highest number, as the first rule they enact is. Numbered below the text, the kit's rules come
 * first among mutable rules where precedence goes by number (the engine's default): they answer
 * only for themselves (who may propose, vote, assess, what play awaits), so no text rule's code
 * is overridden. They are titled "Hand play: …" so players know them for the procedure the
 * import added, and mutable so the group can replace them. The group's
 * offices are written into the rules' text and code (the lines marked "hand-play:"), so that
 * what the players read is what runs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ArchivedRuleSpec, RuleSpec } from "../kernel/types.js";
import { stripRuleCode } from "../sandbox/compile-rule.js";
import { presetsDir } from "./presets.js";

/** The offices of a game whose creator names none. */
export const defaultOffices: readonly string[] = ["Assessor"];

const kitDir = join(presetsDir, "kit");
const kitRules = [
  { file: "proposals", title: "Hand play: proposals and votes" },
  { file: "offices", title: "Hand play: offices" },
  { file: "quantities", title: "Hand play: quantities kept by officers" },
];

/**
 * Whether some rule's code offers an action marked changesRules. Read from the code's text
 * (an action's options saying `changesRules: true`), since the import runs no code: attached
 * code that offers play says so this way.
 */
export function offersPlay(rules: RuleSpec[]): boolean {
  return rules.some((rule) => rule.code && /\bchangesRules\s*:\s*true\b/.test(rule.code.source));
}

/** The offices as the group named them, trimmed; a clear error for a name that cannot be one. */
export function checkOffices(names: readonly string[]): string[] {
  const offices = names.map((name) => name.trim().replace(/\s+/g, " ")).filter((name) => name !== "");
  if (offices.length === 0) return [...defaultOffices];
  if (offices.length > 12) throw new Error(`name at most 12 offices, not ${offices.length}`);
  for (const office of offices) {
    if (office.length > 40) throw new Error(`the office "${office.slice(0, 40)}…" has too long a name: at most 40 characters`);
    if (!/^[\p{L}\p{N}][\p{L}\p{N} '’-]*$/u.test(office))
      throw new Error(`"${office}" cannot be an office's name: use letters, digits, spaces, hyphens and apostrophes`);
  }
  const twice = offices.find((office, i) => offices.findIndex((o) => o.toLowerCase() === office.toLowerCase()) !== i);
  if (twice) throw new Error(`the office "${twice}" is named twice`);
  return offices;
}

function listed(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Sets a marked line of a kit rule's code: `const NAME… = <value>; // hand-play: <marker>`. */
function setMarked(source: string, marker: string, value: unknown): string {
  const line = new RegExp(`^(const \\w+(?:: [^=]+)? = ).*(; // hand-play: ${marker})$`, "m");
  if (!line.test(source)) throw new Error(`the hand-play kit's code has no line marked "hand-play: ${marker}"`);
  return source.replace(line, (_all, head: string, tail: string) => `${head}${JSON.stringify(value)}${tail}`);
}

export interface HandPlay {
  rules: RuleSpec[];
  /** The numbers the kit's rules took. */
  numbers: number[];
  note: string;
}

/** The rules with the kit's added, numbered apart from the text's (see the header). */
export function withHandPlay(rules: RuleSpec[], archived: ArchivedRuleSpec[], officeNames: readonly string[] = defaultOffices): HandPlay {
  const offices = checkOffices(officeNames);
  const used = [...rules.map((r) => r.number), ...archived.map((r) => r.number)];
  const highest = Math.max(0, ...used);
  const lowest = Math.min(highest + 1, ...used);
  const first = lowest > kitRules.length ? lowest - kitRules.length : highest + 1;
  const firstProposal = Math.max(highest, first + kitRules.length - 1) + 1;
  const fill = (text: string) =>
    text.replaceAll("{offices}", listed(offices)).replaceAll("{assessor}", offices[0]!).replaceAll("{first proposal}", String(firstProposal));
  const kit: RuleSpec[] = kitRules.map(({ file, title }, i) => {
    let source = readFileSync(join(kitDir, `${file}.ts`), "utf8");
    if (file === "offices") source = setMarked(source, "offices", offices);
    if (file === "proposals") source = setMarked(setMarked(source, "assessing office", offices[0]), "first proposal", firstProposal);
    const text = fill(readFileSync(join(kitDir, `${file}.txt`), "utf8").replace(/\n$/, ""));
    return { number: first + i, title, text, mutable: true, code: stripRuleCode(source) };
  });
  const numbers = kit.map((r) => r.number);
  const note =
    `No rule of this text has code offering a way to propose rule-changes, so the hand-play rules were added as rules ${listed(numbers.map(String))}, ${first < lowest ? "below" : "after"} the text's own ` +
    `(${listed(kitRules.map((r) => `"${r.title}"`))}): players propose and vote (proposals numbered from ${firstProposal}), the ${offices[0]} assesses each proposal, ` +
    `and the officers (${listed(offices)}, each held at first by the game's creator) keep the quantities the rules define. ` +
    "They are rules like any other: the group may amend or repeal them, and give the text's rules code one by one.";
  return { rules: [...rules, ...kit], numbers, note };
}
