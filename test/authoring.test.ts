/** Helping players write rule code: where the problems are, and what may come next. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { completeRuleCode } from "../src/authoring/completions.js";
import { diagnoseRuleCode, type RuleDiagnostic } from "../src/authoring/diagnostics.js";
import { checkRuleCode } from "../src/sandbox/compile-rule.js";

/** The 1-based line and column of an offset, counted independently of TypeScript. */
function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  const lines = source.slice(0, offset).split("\n");
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

function assertWellFormed(source: string, diagnostics: RuleDiagnostic[]): void {
  for (const d of diagnostics) {
    assert.ok(0 <= d.from && d.from <= d.to && d.to <= source.length, `range ${d.from}-${d.to} inside 0-${source.length}`);
    assert.deepEqual({ line: d.line, column: d.column }, lineAndColumn(source, d.from));
    assert.ok(d.message.length > 0);
  }
}

/** Deterministic garbage: code-like characters, line breaks and astral characters, in no order. */
function garbage(length: number): string {
  const chars = [..."abcXYZ_$ 019.,;:(){}[]<>\"'`/\\*+-=!?&|^%#@~\n\t\r\u2028é😀"];
  let seed = 7;
  let text = "";
  while (text.length < length) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    text += chars[seed % chars.length];
  }
  return text.slice(0, length);
}

test("a type error is reported where it is, and checkRuleCode says the same", () => {
  const source = `const p = playerState("points", { initial: 0 });\np.set("ada", "lots");`;
  const from = source.indexOf(`"lots"`);
  assert.deepEqual(diagnoseRuleCode(source), [
    {
      from,
      to: from + `"lots"`.length,
      line: 2,
      column: 14,
      severity: "error",
      message: "Argument of type 'string' is not assignable to parameter of type 'number'.",
    },
  ]);
  assert.deepEqual(checkRuleCode(source), ["Line 2, column 14: Argument of type 'string' is not assignable to parameter of type 'number'."]);
  assert.deepEqual(diagnoseRuleCode(`const p = playerState("points", { initial: 0 });\np.set("ada", 3);`), []);
});

test("a syntax error is reported where it is, before any type error", () => {
  const source = `on("turn.began", (e) => {\n  game.post("hello"\n});\nconst n: number = "one";`;
  const diagnostics = diagnoseRuleCode(source);
  assertWellFormed(source, diagnostics);
  const brace = source.indexOf("}");
  assert.deepEqual(diagnostics[0], { from: brace, to: brace + 1, line: 3, column: 1, severity: "error", message: "',' expected." });
  const typeError = diagnostics.find((d) => /not assignable/.test(d.message));
  assert.equal(typeError?.line, 4);
  assert.equal(typeError?.column, 7);
  assert.equal(checkRuleCode(source)[0], "Line 3, column 1: ',' expected.");
});

test("rule code with import or export is refused as a module, at 1:1", () => {
  const source = `const p = gameState("p", { initial: 0 });\nexport const x = 1;`;
  const [first] = diagnoseRuleCode(source);
  assert.equal(first?.from, 0);
  assert.deepEqual([first?.line, first?.column, first?.severity], [1, 1, "error"]);
  assert.match(first?.message ?? "", /^rule code is a script: remove import and export/);
  assert.deepEqual(checkRuleCode(source), ["Line 1, column 1: rule code is a script: remove import and export statements (the rule API's names are global)"]);
  assert.match(checkRuleCode(`import fs from "node:fs";\nfs;`)[0]!, /^Line 1, column 1: rule code is a script/);
});

test("async functions and await are refused where they are written: the sandbox runs a rule's code synchronously", () => {
  const source = [
    'const score = gameState("score", { initial: 0 });',
    "async function later() {",
    "  await 1;",
    "}",
    "const arrow = async () => 1;",
    "function* counting() { yield 1; }",
  ].join("\n");
  const problems = diagnoseRuleCode(source);
  assert.deepEqual(
    problems.map((p) => [p.line, p.column, source.slice(p.from, p.to)]),
    [
      [2, 1, "async"],
      [3, 3, "await 1"],
      [5, 15, "async"],
    ],
  );
  for (const p of problems) assert.match(p.message, /^rule code runs synchronously, within one act: async functions and await are not available; remove async/);
  // A generator is not async: it passes.
  assert.deepEqual(checkRuleCode("function* counting() { yield 1; }\nconst n = counting().next().value;"), []);
});

test("code over the length limit is refused without checking it", () => {
  const source = `// ${"x".repeat(100_000)}`;
  assert.deepEqual(checkRuleCode(source), [`the code is ${source.length} characters long; the limit is 100000`]);
  const [only, ...rest] = diagnoseRuleCode(source);
  assert.deepEqual(rest, []);
  assert.deepEqual([only?.from, only?.to, only?.line, only?.severity], [100_000, source.length, 1, "error"]);
});

test("completing `game.` offers the game API's members, typed", () => {
  const source = `on("turn.began", () => {\n  game.`;
  const { from, options } = completeRuleCode(source, source.length);
  assert.equal(from, source.length, "nothing typed yet: insert at the cursor");
  const labels = options.map((o) => o.label);
  for (const name of ["now", "players", "rules", "post", "random"]) assert.ok(labels.includes(name), `offers ${name}`);
  assert.ok(!labels.includes("gameState"), "only members, not globals");
  assert.deepEqual(
    options.find((o) => o.label === "now"),
    { label: "now", kind: "method", detail: "(): number" },
  );
  assert.equal(options.find((o) => o.label === "random")?.kind, "property");
  // Typing further narrows the list, and the word typed is what the editor replaces.
  const typed = `${source}pl`;
  const narrowed = completeRuleCode(typed, typed.length);
  assert.equal(narrowed.from, source.length);
  assert.deepEqual(
    narrowed.options.map((o) => o.label).filter((l) => l.startsWith("pl")),
    ["player", "players"],
  );
});

test("completing a global name of the rule API: `gameSt` offers gameState", () => {
  const source = `const points = 1;\nconst s = gameSt`;
  const { from, options } = completeRuleCode(source, source.length);
  assert.equal(from, source.length - "gameSt".length);
  const gameState = options.find((o) => o.label === "gameState");
  assert.equal(gameState?.kind, "function");
  assert.match(gameState?.detail ?? "", /^<T = Json>\(name: string, options: StateOptions<T>\): GameState</);
  assert.ok(
    options.every((o) => /g.*a.*m.*e.*s.*t/i.test(o.label)),
    "only names containing what was typed",
  );
  // In the middle of the text, before a word's end, completion is for the part before the cursor.
  const middle = `gameSt;\nconst x = 1;`;
  assert.equal(completeRuleCode(middle, 6).from, 0);
  assert.ok(completeRuleCode(middle, 6).options.some((o) => o.label === "gameState"));
});

test("completion knows the types of values: state, its values, and string options", () => {
  const declared = `const points = playerState("points", { initial: 0 });\n`;
  const member = `${declared}points.`;
  assert.deepEqual(
    completeRuleCode(member, member.length).options.map((o) => o.label),
    ["all", "get", "name", "set", "update"],
  );
  assert.equal(completeRuleCode(member, member.length).options.find((o) => o.label === "get")?.detail, "(player: PlayerId): number");
  const numberMember = `${declared}points.get("ada").toFi`;
  assert.deepEqual(
    completeRuleCode(numberMember, numberMember.length).options.map((o) => o.label),
    ["toFixed"],
  );
  // Sorted as TypeScript sorts them: the rule's own names before the globals.
  const empty = `${declared}const x = `;
  assert.equal(completeRuleCode(empty, empty.length).options[0]?.label, "points");
  // Inside a string the whole string's content is replaced.
  const literal = `const hand = playerState("hand", { initial: 0, visibility: "ow`;
  const visibility = completeRuleCode(literal, literal.length);
  assert.equal(visibility.from, literal.length - "ow".length);
  assert.deepEqual(visibility.options, [{ label: "owner", kind: "string" }]);
});

test("completion never throws: empty code, offsets outside the code, garbage", () => {
  const empty = completeRuleCode("", 0);
  assert.equal(empty.from, 0);
  assert.ok(empty.options.some((o) => o.label === "gameState") && empty.options.length <= 200);
  for (const offset of [6, 10_000_000, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    const result = completeRuleCode("game.", offset);
    assert.deepEqual(result.options, [], `offset ${offset}`);
    assert.ok(result.from >= 0 && result.from <= 5, `from for offset ${offset}`);
  }
  assert.deepEqual(completeRuleCode(garbage(100 * 1024), 50_000).options, [], "over the length limit");
  const text = garbage(99_000);
  for (const offset of [0, 1, 777, 50_000, text.length - 1, text.length, text.length + 1]) {
    const result = completeRuleCode(text, offset);
    assert.ok(result.options.length <= 200);
    assert.ok(result.from >= 0 && result.from <= Math.min(offset, text.length), `from ${result.from} for offset ${offset}`);
  }
  const diagnostics = diagnoseRuleCode(text);
  assert.ok(diagnostics.length > 0);
  assertWellFormed(text, diagnostics);
  // Still working afterwards.
  assert.ok(completeRuleCode("game.", 5).options.some((o) => o.label === "now"));
});

test("code too deeply nested for TypeScript is refused, not passed, and the checker recovers", () => {
  const nested = "(".repeat(60_000);
  assert.match(checkRuleCode(nested).join("\n"), /^Line 1, column 1: TypeScript could not check this code \(RangeError: Maximum call stack size exceeded\)/);
  assert.deepEqual(
    diagnoseRuleCode(nested).map((d) => [d.from, d.to, d.severity]),
    [[0, 0, "error"]],
  );
  assert.deepEqual(completeRuleCode(nested, 30_000).options, []);
  assert.deepEqual(checkRuleCode(`const p = gameState("p", { initial: 0 });\np.set(p.get() + 1);`), []);
  assert.deepEqual(checkRuleCode(`game.nonsense();`), ["Line 1, column 6: Property 'nonsense' does not exist on type 'GameApi'."]);
});
