// Rule 325: every Player and Reyalp occupies a square (x, y) of a grid: files 0 to 5n-1
// (n participants), rows over all the integers. Some rows carry Labels (Rule 326 chooses
// them). A Player who reaches row 0 without crossing it (a move that ends in row 0) gains
// 100 points and moves everyone to (0,20), (5,20), ... (5(n-1),20), "in any order e
// chooses": the machine places them in the order of play (alphabetical by surname), as
// Rule 322's enactment placed them. A new participant adds files 5(n-1) to 5n-1 and stands
// at (5(n-1), j), j the mean row of the others rounded to the nearest integer (row 20 for
// the first, the row everyone returns to). When one leaves, the pieces on the last five
// files move five files down and those files are removed.

type Square = { x: number; y: number };
interface Board {
  kind: "grid";
  files: number;
  wraps: boolean;
  positions: string;
  rowLabels: { [row: string]: string };
  markedRows: { [row: string]: string };
}

const board = gameState<Board>("board", {
  initial: {
    kind: "grid",
    files: 0,
    wraps: true,
    positions: "position",
    rowLabels: {},
    markedRows: { "0": "reach it: +100 points, and everyone back to row 20", "10": "no move may start or end here (Rule 324)" },
  },
  describe: "Files 0 to 5n-1 around a cylinder, rows over all the integers",
  display: { label: "Board" },
});
const position = playerState<Square | null>("position", {
  initial: null,
  describe: "Eir square (x, y) on the board",
  display: { label: "Square", text: "({x}, {y})", empty: "off the board" },
});
const points = playerState("points", { initial: 0 });

answer("board.files", () => board.get().files);

const name = (id: string) => game.player(id)?.name ?? id;
const surname = (id: string) => (name(id).trim().split(/\s+/).pop() ?? "").toLowerCase();

on("player.joined", (event) => {
  const player: string = event.data.player;
  const n = game.players().length;
  const rows = game
    .players()
    .map((p) => position.get(p.id))
    .filter((s): s is Square => s !== null)
    .map((s) => s.y);
  const y = rows.length ? Math.round(rows.reduce((a, b) => a + b, 0) / rows.length) : 20;
  board.update((b) => ({ ...b, files: 5 * n }));
  position.set(player, { x: 5 * (n - 1), y });
  game.post(`Files ${5 * (n - 1)} to ${5 * n - 1} are added to the board; ${name(player)} stands at (${5 * (n - 1)},${y}).`);
});

on("player.left", () => {
  const n = game.players().length + 1;
  for (const p of game.players()) {
    const at = position.get(p.id);
    if (at && at.x >= 5 * (n - 1)) position.set(p.id, { x: at.x - 5, y: at.y });
  }
  board.update((b) => ({ ...b, files: 5 * (n - 1) }));
  game.post(`Files ${5 * (n - 1)} to ${5 * n - 1} are removed from the board.`);
});

on("piece.moved", (event) => {
  if (event.data.to.y !== 0) return;
  const player: string = event.data.player;
  const total = points.get(player) + 100;
  points.set(player, total);
  const order = game
    .players()
    .map((p) => p.id)
    .sort((a, b) => (surname(a) + name(a) < surname(b) + name(b) ? -1 : 1));
  order.forEach((id, i) => {
    position.set(id, { x: 5 * i, y: 20 });
  });
  game.post(`${name(player)} reaches row 0: e gains 100 points (now ${total}), and everyone returns to row 20.`);
  game.emit("points.changed", { player, change: 100, total, reason: "reached row 0" });
});
