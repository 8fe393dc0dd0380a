/** N_omic (April 2001): the board, its files and labels, and Players and Reyalps, each played through the public Game API. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { viewFor } from "../src/kernel/visibility.js";
import { groks, hour, messages, mover, nomicGame, playNomicTurn, points, square, playNomicTurnUntilMovement, refused } from "./n-omic-helpers.js";

test("the board: files 0..5n-1 around a cylinder, the move limits and cost, payment to the highest, row 0 (324, 325)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  assert.deepEqual(
    [square(game, id.ada!), square(game, id.alan!), square(game, id.grace!), square(game, id.edsger!)],
    [
      { x: 0, y: 20 },
      { x: 5, y: 20 },
      { x: 10, y: 20 },
      { x: 15, y: 20 },
    ],
  );
  assert.deepEqual(
    game.value("board"),
    {
      kind: "grid",
      files: 20,
      wraps: true,
      positions: "position",
      rowLabels: (game.value("board") as { rowLabels: object }).rowLabels,
      markedRows: { "0": "reach it: +100 points, and everyone back to row 20", "10": "no move may start or end here (Rule 324)" },
    },
    "the board follows the grid convention, so every interface can draw it",
  );
  const edsger = id.edsger!;
  await playNomicTurnUntilMovement(t);
  await refused(game, edsger, "move", { x: 16, y: 17 }, /\(v\) the move costs 80 Groks and you have 50/);
  await game.act(id.alan!, "transfer", { to: edsger, groks: 50 });
  await refused(game, edsger, "move", { x: 15, y: 16 }, /\(i\) a move may change rows by less than max\(2, 4\) = 4/);
  await refused(game, edsger, "move", { x: 17, y: 19 }, /\(ii\) files 15 and 17 are not adjacent/);
  await refused(game, edsger, "move", { x: 20, y: 19 }, /there is no file 20/);
  await refused(game, edsger, "move", { x: 16, y: 17, cost: 70 }, /announced a cost of 70 Groks, but the move costs 80/);
  await game.act(edsger, "move", { x: 16, y: 17, cost: 80 });
  assert.deepEqual(square(game, edsger), { x: 16, y: 17 });
  // All four stood on row 20: the 80 Groks are split between them, the mover included.
  assert.equal(groks(game, edsger), 100 - 80 + 20);
  assert.deepEqual([groks(game, id.ada!), groks(game, id.alan!), groks(game, id.grace!)], [70, 20, 70]);
  await game.act(edsger, "add-poem-lines", { lines: ["Down I go."] });

  // Grace: row 10 may not be entered; the cylinder joins file 0 to file 19 (Ada's square is file 0).
  await game.correct(
    { host: true },
    {
      cites: { rule: 325 },
      reason: "set up the test",
      changes: [
        { name: "position", player: id.grace!, value: { x: 0, y: 12 } },
        { name: "groks", player: id.grace!, value: 500 },
      ],
    },
  );
  await playNomicTurnUntilMovement(t);
  await refused(game, id.grace!, "move", { x: 0, y: 10 }, /\(iv\) no move may end in row 10/);
  await game.act(id.grace!, "move", { x: 19, y: 9 });
  assert.deepEqual(square(game, id.grace!), { x: 19, y: 9 }, "from file 0 to file 19: adjacent around the cylinder");
  assert.equal(groks(game, id.grace!), 500 - 12, "|(10 - 12)(10 - 9)| + 10 = 12 Groks");
  assert.deepEqual([groks(game, id.ada!), groks(game, id.alan!)], [70 + 6, 20 + 6], "shared by Ada and Alan, highest on row 20");
  await game.act(id.grace!, "add-poem-lines", { lines: ["Around the back."] });

  // Ada reaches row 0 without crossing it: 100 points, and everyone back to row 20 in the order of play.
  await game.correct(
    { host: true },
    {
      cites: { rule: 325 },
      reason: "set up the test",
      changes: [
        { name: "position", player: id.ada!, value: { x: 3, y: 2 } },
        { name: "groks", player: id.ada!, value: 500 },
      ],
    },
  );
  await playNomicTurnUntilMovement(t);
  await refused(game, id.ada!, "move", { x: 3, y: 10 }, /\(i\) a move may change rows.*\(iv\) no move may end in row 10/);
  const before = points(game, id.ada!);
  await game.act(id.ada!, "move", { x: 3, y: 0 });
  assert.equal(points(game, id.ada!), before + 100);
  assert.deepEqual(
    [edsger, id.grace!, id.ada!, id.alan!].map((p) => square(game, p)),
    [
      { x: 0, y: 20 },
      { x: 5, y: 20 },
      { x: 10, y: 20 },
      { x: 15, y: 20 },
    ],
  );
});

test("files are added for a newcomer, placed at the mean row, and removed when a participant leaves (325)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  await game.correct(
    { host: true },
    { cites: { rule: 325 }, reason: "spread the rows", changes: [{ name: "position", player: id.ada!, value: { x: 0, y: 13 } }] },
  );
  const barbara = (await game.join("Barbara Liskov")).id;
  assert.equal((game.value("board") as { files: number }).files, 25);
  assert.deepEqual(square(game, barbara), { x: 20, y: Math.round((13 + 20 + 20 + 20) / 4) });
  await game.act(id.alan!, "forfeit", {});
  assert.equal((game.value("board") as { files: number }).files, 20);
  assert.deepEqual(square(game, barbara), { x: 15, y: 18 }, "the last five files' pieces move five files down");
  assert.deepEqual(square(game, id.edsger!), { x: 15, y: 20 }, "a piece below the removed files stays put");
});

test("labels: n/3 words, rounded up, each labelling a row; on eir turn each participant bears one that only the others can read (326)", async () => {
  const t = await nomicGame();
  const { game, id } = t;
  const words = () => game.value("label-words") as { word: string; row: number }[];
  assert.equal(words().length, 2, "4 participants: 2 words");
  for (const w of words()) assert.ok(w.row >= 1 && w.row <= 12 && w.row !== 10, `row ${w.row} is between 1 and k+10, not 10`);
  const board = game.value("board") as { rowLabels: Record<string, string> };
  assert.deepEqual(board.rowLabels, Object.fromEntries(words().map((w) => [String(w.row), w.word])));

  const edsger = id.edsger!;
  const word = game.value("label", edsger) as string;
  assert.ok(
    words().some((w) => w.word === word),
    "the mover was labelled when eir turn began",
  );
  const seen = (viewer: string | null) => viewFor(game.state, viewer).state.find((s) => s.name === "label")!.values!;
  assert.equal(seen(id.ada!)[edsger], word, "Ada reads Edsger's label");
  assert.ok(!(edsger in seen(edsger)), "Edsger cannot read his own");
  assert.ok(!(edsger in seen(null)), "nor can a spectator");
  const toEdsger = await messages(t, edsger);
  assert.ok(toEdsger.some((m) => /label on your forehead/.test(m)));
  assert.ok(!toEdsger.some((m) => m.includes(`forehead: "`)), "no message to Edsger names his label");
  assert.ok((await messages(t, id.ada!)).some((m) => m.includes(`Edsger Dijkstra's forehead: "${word}"`)));

  await game.join("Barbara Liskov");
  await game.join("Donald Knuth");
  assert.equal(words().length, 2, "6 participants: still 2");
  await game.join("John Backus");
  assert.equal(words().length, 3, "7 participants: 3 words");
  assert.equal(new Set(words().map((w) => w.row)).size, 3, "no row has two labels");
});

test("Players and Reyalps: leaving costs 10, Reyalps neither vote nor move, return; 72 hours of silence; 21 days lose the points (303)", async () => {
  const t = await nomicGame();
  const { game, clock, id } = t;
  await game.act(id.ada!, "suggest", { change: { kind: "enact", text: "Ada's idea." } });
  await game.act(id.ada!, "become-reyalp", { days: 5 });
  assert.equal(game.value("status", id.ada!), "reyalp");
  assert.equal(points(game, id.ada!), -10);
  assert.deepEqual(Object.keys(game.value("suggestions") as object), [], "a Reyalp's suggestion leaves the list");
  await refused(game, id.ada!, "transfer", { to: id.alan!, groks: 1 }, /only a Player/);
  const p = await playNomicTurn(t);
  assert.deepEqual(Object.keys(p.votes).sort(), [id.alan!, id.edsger!, id.grace!].sort(), "the vote completes without the Reyalp");
  assert.equal(mover(game), id.grace);
  await playNomicTurn(t);
  assert.equal(mover(game), id.alan, "the turn skips Lovelace, a Reyalp");
  await game.act(id.ada!, "return", {});
  assert.equal(game.value("status", id.ada!), "player");

  // Alan, to move, sends nothing for 72 hours: he becomes a Reyalp and the turn passes.
  clock.advance(72 * hour + 1000);
  await game.fireDueTimers();
  assert.equal(game.value("status", id.alan!), "reyalp");
  assert.equal(points(game, id.alan!), -10);
  assert.equal(mover(game), id.edsger, "after Turing comes Dijkstra again");
  // 21 days later, not having returned, he ceases to be a Reyalp and his points are lost.
  clock.advance(21 * 24 * hour);
  await game.fireDueTimers();
  assert.ok(!game.state.players.some((p) => p.id === id.alan), "he has left the game");
  assert.equal((game.value("board") as { files: number }).files, 15);
});
