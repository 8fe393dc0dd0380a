/**
 * The display conventions of the rule API (GridBoard, CommentMarkers): the pure helpers
 * that read them, then a real browser (Debian's chromium, driven by playwright-core) on a
 * game of a small custom ruleset that declares a board and comment markers. The game is
 * made with the kernel, exported, and imported through the API, as a game file would be.
 * Set NOMOS_SCREENSHOTS=<dir> to save screenshots of the board there.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { initials, isGridBoard, layBoard, maxRows, type GridBoard } from "../src/present/board.js";
import { isCommentMarkers, ruleTextParts, splitComments } from "../src/present/comments.js";
import { exportGame } from "../src/records/archive/index.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { importInBrowser, shot, signUpIn, useBrowser } from "./browser-helpers.js";
import { engine } from "./helpers.js";
import { ApiClient } from "./server-helpers.js";

const brackets = { open: "[[", close: "]]" };
const texts = (parts: { text: string; comment: boolean }[]) => parts.map((p) => `${p.comment ? "C" : "T"}:${p.text}`);

test("comments: each from an opener to the next closer, markers kept, the text unchanged", () => {
  const text = "Move one square [[ or two ]] north. [[Points]] count [[ once ]].";
  const parts = splitComments(text, brackets);
  assert.deepEqual(texts(parts), ["T:Move one square ", "C:[[ or two ]]", "T: north. ", "C:[[Points]]", "T: count ", "C:[[ once ]]", "T:."]);
  assert.equal(parts.map((p) => p.text).join(""), text);
  assert.deepEqual(texts(splitComments("[[a]][[b]]", brackets)), ["C:[[a]]", "C:[[b]]"], "adjacent comments stay apart");
  assert.deepEqual(texts(splitComments("No comments here.", brackets)), ["T:No comments here."]);
  assert.deepEqual(splitComments("", brackets), []);
});

test("comments: no nesting, and an opener never closed is plain text", () => {
  assert.deepEqual(texts(splitComments("a [[ b [[ c ]] d ]] e", brackets)), ["T:a ", "C:[[ b [[ c ]]", "T: d ]] e"]);
  assert.deepEqual(texts(splitComments("a [[ b ]] c [[ d", brackets)), ["T:a ", "C:[[ b ]]", "T: c [[ d"]);
  assert.deepEqual(texts(splitComments("a ]] b [[ c", brackets)), ["T:a ]] b [[ c"], "a closer before any opener closes nothing");
  assert.deepEqual(texts(splitComments("x % y % z", { open: "%", close: "%" })), ["T:x ", "C:% y %", "T: z"], "the same marker opens and closes");
  assert.deepEqual(texts(splitComments("a []] b", { open: "[", close: "]" })), ["T:a ", "C:[]", "T:] b"]);
});

test("comments: the convention's shape, and rules numbered in notIn left plain", () => {
  const markers = { kind: "comments", ...brackets, notIn: [102] } as const;
  assert.ok(isCommentMarkers(markers));
  assert.ok(isCommentMarkers({ kind: "comments", open: "/*", close: "*/" }));
  for (const wrong of [
    null,
    [],
    "comments",
    { kind: "comments", open: "", close: "]]" },
    { kind: "comments", open: "[[" },
    { kind: "comments", ...brackets, notIn: ["102"] },
    { kind: "grid", ...brackets },
  ]) {
    assert.equal(isCommentMarkers(wrong), false, JSON.stringify(wrong));
  }
  const text = "Text between [[ and ]] is a comment.";
  assert.deepEqual(texts(ruleTextParts(text, 101, markers)), ["T:Text between ", "C:[[ and ]]", "T: is a comment."]);
  assert.deepEqual(texts(ruleTextParts(text, 102, markers)), [`T:${text}`]);
  assert.deepEqual(texts(ruleTextParts(text, 101, null)), [`T:${text}`]);
});

const board: GridBoard = { kind: "grid", files: 10, wraps: true, positions: "position", rowLabels: { "3": "banana" }, markedRows: { "0": "goal" } };

test("boards: the shape, the rows around pieces and marks, highest first, and pieces by square", () => {
  assert.ok(isGridBoard(board));
  assert.ok(isGridBoard({ ...board, files: 0 }), "a board may have no files yet");
  for (const wrong of [
    { ...board, files: -1 },
    { ...board, files: 2.5 },
    { ...board, files: 1000 },
    { ...board, positions: 3 },
    { ...board, rowLabels: { "1": 2 } },
    { ...board, kind: "grids" },
  ]) {
    assert.equal(isGridBoard(wrong), false, JSON.stringify(wrong));
  }
  const layout = layBoard(board, { ada: { x: 0, y: 20 }, grace: { x: 12, y: 3 }, alan: null, bob: "north" }, ["ada", "grace", "alan", "bob", "hidden"]);
  const rows = layout.rows.map((r) => ("gap" in r ? null : r));
  assert.deepEqual(
    rows.map((r) => r?.y),
    Array.from({ length: 23 }, (_, i) => 21 - i),
    "rows 21 down to -1",
  );
  const row = (y: number) => rows.find((r) => r?.y === y)!;
  assert.deepEqual(row(20).squares[0], ["ada"]);
  assert.deepEqual(row(3).squares[2], ["grace"], "file 12 of a 10-file cylinder is file 2");
  assert.equal(row(3).label, "banana");
  assert.equal(row(0).mark, "goal");
  assert.deepEqual(layout.off, ["alan", "bob"], "a null or unreadable square is off the board; a hidden one is not shown at all");
  assert.deepEqual(layBoard({ ...board, wraps: false }, { grace: { x: 12, y: 3 } }, ["grace"]).off, ["grace"]);
  assert.deepEqual(layBoard({ ...board, files: 0 }, { grace: { x: 0, y: 3 } }, ["grace"]).off, ["grace"], "no file is on a board of none");
  assert.deepEqual(
    layBoard({ ...board, rowLabels: {}, markedRows: {} }, {}, []).rows.map((r) => ("gap" in r ? null : r.y)),
    [1, 0, -1],
  );
});

test("boards: a span taller than a page folds its empty stretches", () => {
  const layout = layBoard({ ...board, rowLabels: {}, markedRows: { "0": "goal" } }, { ada: { x: 1, y: 1_000_000 } }, ["ada"]);
  const lines = layout.rows.map((r) => ("gap" in r ? `${r.gap.from}..${r.gap.to}` : String(r.y)));
  assert.deepEqual(lines, ["1000001", "1000000", "999999", "2..999998", "1", "0", "-1"]);
  assert.ok(lines.length < maxRows);
  assert.equal(initials("Ada Lovelace"), "AL");
  assert.equal(initials("Grace Brewster Murray Hopper"), "GH");
  assert.equal(initials("  alan "), "A");
  assert.equal(initials(""), "?");
});

/** Rule 101 declares the board and comments; rule 102 states the markers, so it is exempt. */
const rule101 = `
const seats = gameState("arrivals", { initial: 0, visibility: "hidden" });
gameState<GridBoard>("board", { initial: { kind: "grid", files: 10, wraps: true, positions: "position", rowLabels: { "3": "banana" }, markedRows: { "0": "goal: +100 points", "10": "no square may be entered" } } });
const position = playerState<{ x: number; y: number } | null>("position", { initial: null, describe: "where the piece stands" });
on("player.joined", (e) => {
  seats.update((n) => n + 1);
  position.set(e.data.player, seats.get() === 1 ? { x: 0, y: 20 } : { x: 9, y: 3 });
});
`;
const rule102 = `gameState<CommentMarkers>("comments", { initial: { kind: "comments", open: "[[", close: "]]", notIn: [102] } });`;
const text101 = "Each player has a piece on the board; it starts on row 20 [[ the top ]]. Pieces move one square at a time [[ diagonals count ]].";
const text102 = "Text in a rule between [[ and ]] is a comment and has no effect.";

const rig = useBrowser();

test("a board and comments in the browser: the grid with its pieces, labels and marks, on a phone, and the rules' comments", async () => {
  const options = engine();
  const made = await Game.create(options, {
    name: "Banana race",
    preset: null,
    rules: [
      { number: 101, title: "The board", text: text101, mutable: true, code: compileRuleCode(rule101) },
      { number: 102, title: "Comments", text: text102, mutable: true, code: compileRuleCode(rule102) },
    ],
  });
  const seat = await made.join("Ada Lovelace");
  const archive = await exportGame(options.store, made.id, { timeZone: "Europe/Paris" });

  // Ada signs up in the browser and imports the game as its first player; Grace joins by invitation.
  const ada = await signUpIn(rig, "Ada Lovelace");
  const imported = await importInBrowser(ada, archive, seat.id);
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  const grace = await new ApiClient(rig.server.url).signup("grace", "Grace Hopper");
  assert.equal((await grace.post(`/api/invites/${imported.body.invite}/join`)).status, 200);

  await ada.goto(`${rig.server.url}/games/${imported.body.id}/play`);
  const table = ada.locator("table.board");
  await table.locator('[role="img"][aria-label="Grace Hopper"]').waitFor();
  assert.match((await table.locator("caption").textContent())!, /^Board \(Rule 101\)/);
  assert.deepEqual(await table.locator("thead th.file").allTextContents(), ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  const rowsShown = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.row));
  assert.deepEqual(
    rowsShown,
    Array.from({ length: 23 }, (_, i) => String(21 - i)),
    "rows 21 down to -1, highest at the top",
  );
  const square = (y: number, x: number) => table.locator(`tr[data-row="${y}"] td[data-file="${x}"]`);
  const mine = square(20, 0).locator(".piece");
  assert.equal(await mine.textContent(), "AL");
  assert.equal(await mine.getAttribute("aria-label"), "Ada Lovelace (you)");
  assert.match((await mine.getAttribute("class"))!, /\bme\b/, "the viewer's own piece is highlighted");
  const theirs = square(3, 9).locator(".piece");
  assert.equal(await theirs.textContent(), "GH");
  assert.doesNotMatch((await theirs.getAttribute("class"))!, /\bme\b/);
  assert.equal(await table.locator(".piece").count(), 2);
  assert.equal(await table.locator('tr[data-row="3"] .row-note').textContent(), "banana");
  assert.equal(await table.locator('tr[data-row="0"] .row-note').textContent(), "goal: +100 points");
  assert.match((await table.locator('tr[data-row="10"]').getAttribute("class")) ?? "", /marked/);
  await ada.getByText("The board wraps: file 9 is next to file 0.").waitFor();
  // The raw values stay in reach: the positions in the scoreboard, the board as data.
  assert.match((await ada.locator('table.scoreboard td[data-state="position"]').first().textContent())!, /X: 0, Y: 20/);
  await shot(ada, "board");

  await ada.setViewportSize({ width: 390, height: 844 });
  await table.scrollIntoViewIfNeeded();
  assert.ok(await ada.evaluate(() => document.documentElement.scrollWidth <= 390), "the page is wider than a phone's screen");
  await shot(ada, "board-phone");
  await ada.setViewportSize({ width: 1280, height: 900 });

  // The Rules tab: rule 101's comments shown as such, its text unchanged; rule 102 is exempt.
  await ada.getByRole("navigation").getByRole("link", { name: "Rules", exact: true }).click();
  const r101 = ada.locator('.rule[data-rule="101"] .rule-text');
  await r101.waitFor();
  assert.equal(await r101.textContent(), text101);
  assert.deepEqual(await r101.locator(".rule-comment").allTextContents(), ["[[ the top ]]", "[[ diagonals count ]]"]);
  assert.equal(await r101.locator(".rule-comment").first().getAttribute("title"), "a comment: no effect on the rule");
  const r102 = ada.locator('.rule[data-rule="102"] .rule-text');
  assert.equal(await r102.textContent(), text102);
  assert.equal(await r102.locator(".rule-comment").count(), 0);
  await shot(ada, "rule-comments");
});
