// Rule 326: every Participant (Player or Reyalp) is Labelled or Unlabelled. When it is an
// Unlabelled Participant's turn, the Judge sticks a label on eir forehead: a word from the
// list of valid words, told to everyone else but never to em. The list holds n/3 words,
// rounded up (n participants); when n changes, words are added or removed. Each new word
// labels an Unlabelled row between 1 and k+10 (k words), never row 10 (Rule 325).
//
// The label is state everyone but its bearer can read (visibility "others"): no view,
// log, report or message given to the bearer carries it. Which word, and which row, are
// the Judge's free choices; the machine draws them at random on the Judge's behalf, so that
// play never waits on them (the draws are recorded and hidden like the labels). A word
// removed is one nobody bears where there is one, else the newest; its bearers become
// Unlabelled, and get a new label on their next turn.

interface Word {
  word: string;
  row: number;
}
interface Board {
  kind: "grid";
  files: number;
  wraps: boolean;
  positions: string;
  rowLabels: { [row: string]: string };
  markedRows: { [row: string]: string };
}

const bank = [
  "banana",
  "walrus",
  "teapot",
  "comet",
  "lantern",
  "pickle",
  "zeppelin",
  "marble",
  "thistle",
  "anchor",
  "cactus",
  "violin",
  "glacier",
  "muffin",
  "saffron",
  "quasar",
  "penguin",
  "harbor",
  "nutmeg",
  "origami",
  "tornado",
  "velvet",
  "ember",
  "jigsaw",
  "kazoo",
  "lagoon",
  "mosaic",
  "nebula",
  "oyster",
  "puffin",
];

const words = gameState<Word[]>("label-words", {
  initial: [],
  describe: "The valid label words, and the row each labels (Rules 325, 326)",
  display: { label: "Label words", as: "list", item: "{word}: row {row}", formats: { word: "text", row: "number" }, empty: "No label words yet" },
});
const label = playerState<string | null>("label", {
  initial: null,
  visibility: "others",
  describe: "The label on eir forehead: everyone can read it but eir",
  display: { label: "Label", formats: { value: "text" }, empty: "Unlabelled" },
});
const board = gameState<Board>("board", {
  initial: {
    kind: "grid",
    files: 0,
    wraps: true,
    positions: "position",
    rowLabels: {},
    markedRows: { "0": "reach it: +100 points, and everyone back to row 20", "10": "no move may start or end here (Rule 324)" },
  },
});

const name = (id: string) => game.player(id)?.name ?? id;

function showRows(list: Word[]): void {
  board.update((b) => ({ ...b, rowLabels: Object.fromEntries(list.map((w) => [String(w.row), w.word])) }));
}

/** Adds or removes words until there are n/3, rounded up. */
function fit(): void {
  const k = Math.ceil(game.players().length / 3);
  let list = words.get();
  while (list.length < k) {
    const count = list.length + 1;
    const word = game.random.pick(bank.filter((w) => !list.some((l) => l.word === w)));
    const free: number[] = [];
    for (let row = 1; row <= count + 10; row++) if (row !== 10 && !list.some((l) => l.row === row)) free.push(row);
    const row = game.random.pick(free);
    list = [...list, { word, row }];
    game.post(`The Judge adds the label word "${word}" to the list, and labels row ${row} with it.`);
  }
  while (list.length > k) {
    const borne = new Set(game.players().map((p) => label.get(p.id)));
    const gone = list.find((w) => !borne.has(w.word)) ?? list[list.length - 1]!;
    list = list.filter((w) => w !== gone);
    for (const p of game.players()) if (label.get(p.id) === gone.word) label.set(p.id, null);
    game.post(`The Judge removes the label word "${gone.word}"; row ${gone.row} is Unlabelled again.`);
  }
  if (list !== words.get()) {
    words.set(list);
    showRows(list);
  }
}

on("player.joined", fit);
on("player.left", fit);

on("turn.began", (event) => {
  const player: string = event.data.player;
  if (label.get(player) !== null || words.get().length === 0) return;
  const word = game.random.pick(words.get()).word;
  label.set(player, word);
  const others = game
    .players()
    .map((p) => p.id)
    .filter((id) => id !== player);
  game.post(`The Judge sticks a label on ${name(player)}'s forehead: "${word}". Do not tell em.`, { to: others });
  game.post("The Judge sticks a label on your forehead. Everyone else can read it; you cannot.", { to: [player] });
});
