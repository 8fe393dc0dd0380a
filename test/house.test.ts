/**
 * The engine knows no game (the design's first idea): no source file outside src/rulesets/
 * names a preset or a state a preset's rules declare. The presets and their state names are
 * read from the presets themselves (each preset's game is created, and its declarations
 * listed), so a new preset or a new rule's state is covered without editing this test.
 * Only what the code says is checked (strings, template text, JSX text, module paths);
 * comments may talk about the games.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import ts from "typescript";
import { Game } from "../src/kernel/game.js";
import { recordKinds } from "../src/records/documents.js";
import { listPresets, loadPreset } from "../src/ruleset-sources/presets.js";
import { engine } from "./helpers.js";

const root = join(import.meta.dirname, "..");
const src = join(root, "src");

/**
 * Words a preset's state shares with the engine's own vocabulary, in the engine's sense:
 * the officers' reports are named after the rule API's record conventions ("proposals"),
 * a game's "status" (and the ARIA role), the CSS class of a drawn GridBoard ("board"), a
 * proposal record's "votes" (the convention's field and its list's class), the CLI's
 * "judgment" command (the court report).
 */
const engineWords = new Set<string>([...recordKinds, "status", "board", "votes", "judgment"]);

/** Every piece of text the code itself contains: string literals, template text, JSX text. */
function texts(file: string, source: string): { text: string; line: number }[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      out.push({ text: node.text, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
    .map((d) => join(d.parentPath, d.name))
    .filter((path) => !relative(src, path).startsWith("rulesets"));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What a source's code says that knows a game: a preset's name (or its hyphenated form), or a preset's state by its exact name. */
export function gameWords(file: string, source: string, presets: string[], states: Set<string>): string[] {
  const names = presets.flatMap((p) => [p, p.replace(/_/g, "-")]);
  const preset = new RegExp(`(^|[^A-Za-z0-9_])(${names.map(escapeRegExp).join("|")})($|[^A-Za-z0-9_])`);
  const found: string[] = [];
  for (const { text, line } of texts(file, source)) {
    const named = preset.exec(text)?.[2];
    if (named) found.push(`${file}:${line} names the preset "${named}"`);
    if (states.has(text) && !engineWords.has(text)) found.push(`${file}:${line} names the state "${text}"`);
  }
  return found;
}

async function declaredState(preset: string): Promise<string[]> {
  const { rules, archived } = loadPreset(preset);
  const game = await Game.create(engine(), { name: "house", preset, rules, archived, seed: "house" });
  try {
    return Object.keys(game.state.decls);
  } finally {
    game.close();
  }
}

test("no source outside src/rulesets/ names a preset or a state its rules declare", async () => {
  const presets = listPresets().map((p) => p.name);
  assert.ok(presets.length >= 2, "the presets are found");
  const states = new Set<string>();
  for (const preset of presets) {
    const declared = await declaredState(preset);
    assert.ok(declared.length > 0, `preset ${preset} declares state`);
    for (const name of declared) states.add(name);
  }

  // The check sees what it should, and not comments.
  const [sample, other] = [presets[0]!, [...states].find((s) => !engineWords.has(s))!];
  assert.equal(
    gameWords("sample.ts", `import x from "./${sample.replace(/_/g, "-")}-view.js";\nconst v = view("${other}");\n// "${other}" in ${sample}`, presets, states)
      .length,
    2,
  );

  const problems = sourceFiles(src).flatMap((path) => gameWords(relative(root, path), readFileSync(path, "utf8"), presets, states));
  assert.deepEqual(
    problems,
    [],
    `the engine knows no game; move these into the preset's folder (src/rulesets/<preset>/), or read them through a declared convention:\n${problems.join("\n")}`,
  );
});
