/**
 * Boards, by the GridBoard convention of the rule API: a game state whose value has kind
 * "grid" names the player state holding each piece's square. This lays such a board out
 * (which rows to draw, which pieces stand where) without drawing it, so that any view can.
 */

export interface GridBoard {
  readonly kind: "grid";
  readonly files: number;
  readonly wraps?: boolean;
  readonly positions: string;
  readonly rowLabels?: { readonly [row: string]: string };
  readonly markedRows?: { readonly [row: string]: string };
}

/** Wider boards than this are not drawn as boards: their value is shown as it is. */
export const maxFiles = 200;
/** Taller spans than this are drawn with long empty stretches folded into one line. */
export const maxRows = 60;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isTexts = (v: unknown) => v === undefined || (isRecord(v) && Object.values(v).every((t) => typeof t === "string"));

export function isGridBoard(value: unknown): value is GridBoard {
  return (
    isRecord(value) &&
    value.kind === "grid" &&
    Number.isInteger(value.files) &&
    (value.files as number) >= 0 &&
    (value.files as number) <= maxFiles &&
    typeof value.positions === "string" &&
    (value.wraps === undefined || typeof value.wraps === "boolean") &&
    isTexts(value.rowLabels) &&
    isTexts(value.markedRows)
  );
}

export interface BoardRow {
  readonly y: number;
  readonly label: string | null;
  readonly mark: string | null;
  /** The players standing on each file of the row, by file. */
  readonly squares: readonly (readonly string[])[];
}
/** Rows left out: nothing stands on them and nothing marks them. */
export interface BoardGap {
  readonly gap: { readonly from: number; readonly to: number };
}

export interface BoardLayout {
  /** Top (highest row) to bottom. */
  readonly rows: readonly (BoardRow | BoardGap)[];
  /** Players whose square is null or not on the board. */
  readonly off: readonly string[];
}

/** Row texts by row number; keys that are not whole numbers name no row. */
function byRow(texts: { readonly [row: string]: string } | undefined): Map<number, string> {
  return new Map(
    Object.entries(texts ?? {})
      .filter(([k]) => k.trim() !== "" && Number.isInteger(Number(k)))
      .map(([k, t]) => [Number(k), t]),
  );
}

/**
 * Lays out a board: rows from one below the lowest row anything stands on or marks to one
 * above the highest. `positions` holds each player's square by id; `players` gives the order
 * (players missing from `positions` are hidden from the viewer and left out). `alsoRows` are
 * rows to draw whatever stands there (the rows of the squares a piece may move to).
 */
export function layBoard(
  board: GridBoard,
  positions: Readonly<Record<string, unknown>>,
  players: readonly string[],
  alsoRows: readonly number[] = [],
): BoardLayout {
  const labels = byRow(board.rowLabels);
  const marks = byRow(board.markedRows);
  const pieces = new Map<number, string[][]>();
  const off: string[] = [];
  for (const player of players) {
    if (!(player in positions)) continue;
    const at = positions[player];
    if (!isRecord(at) || !Number.isInteger(at.x) || !Number.isInteger(at.y)) {
      off.push(player);
      continue;
    }
    let x = at.x as number;
    const y = at.y as number;
    // On a cylinder every whole file is on the board: file `files` is file 0 again.
    if (board.wraps) x = fileOn(board, x);
    if (x < 0 || x >= board.files) {
      off.push(player);
      continue;
    }
    if (!pieces.has(y))
      pieces.set(
        y,
        Array.from({ length: board.files }, () => []),
      );
    pieces.get(y)![x]!.push(player);
  }

  const known = [...pieces.keys(), ...labels.keys(), ...marks.keys(), ...alsoRows];
  const low = (known.length ? Math.min(...known) : 0) - 1;
  const high = (known.length ? Math.max(...known) : 0) + 1;
  const shown = (y: number) => high - low < maxRows || known.some((k) => Math.abs(k - y) <= 1);
  const rows: (BoardRow | BoardGap)[] = [];
  let y = high;
  while (y >= low) {
    if (shown(y)) {
      rows.push({ y, label: labels.get(y) ?? null, mark: marks.get(y) ?? null, squares: pieces.get(y) ?? Array.from({ length: board.files }, () => []) });
      y--;
      continue;
    }
    // Jump to the next row that is shown rather than walk a span that may be huge.
    const below = Math.max(low - 1, ...known.filter((k) => k + 1 < y).map((k) => k + 1));
    rows.push({ gap: { from: below + 1, to: y } });
    y = below;
  }
  return { rows, off };
}

/** The file `x` is on: itself, or on a cylinder the whole file it comes round to (file `files` is file 0). */
export function fileOn(board: GridBoard, x: number): number {
  return board.wraps && board.files > 0 ? ((x % board.files) + board.files) % board.files : x;
}

/** "Ada Lovelace" → "AL", "Grace" → "G": a piece's face. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (w: string | undefined) => (w ? Array.from(w)[0]!.toUpperCase() : "");
  return words.length > 1 ? first(words[0]) + first(words.at(-1)) : first(words[0]) || "?";
}
