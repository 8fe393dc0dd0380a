// Rule 328: the official N_omic Epic Poem (NEP) is part of the gamestate. Before the end of
// each of eir turns, the Player whose turn it is adds at least one and at most five lines
// (`add-poem-lines`); the turn cannot end until e has. "Each active Player's turn" is read
// as the turn of the Player moving: only e adds lines then, five at most in all. The
// rule's comment paragraph has no effect (Rule 306): it set the poem's first line when the
// rule passed, in April 2001, so a game from this ruleset starts with that line.

interface Line {
  text: string;
  by: string | null;
  turn: number;
}
interface Turn {
  player: string | null;
  number: number;
}

const poem = gameState<Line[]>("epic-poem", {
  initial: [{ text: "A long time ago, in a galaxy far, far away...", by: null, turn: 0 }],
  describe: "The official N_omic Epic Poem (NEP), line by line (Rule 328)",
  display: { label: "Epic Poem", as: "list", item: ["{text} — {by}", "{text}"], formats: { text: "text", by: "player" }, empty: "No lines yet" },
});
const turn = gameState<Turn>("turn", {
  initial: { player: null, number: 0 },
  display: { label: "Turn", text: ["Turn {number}: {player} is moving", "Play has not begun: the start action begins it"] },
});

const linesThisTurn = (player: string) => poem.get().filter((l) => l.by === player && l.turn === turn.get().number).length;

action(
  "add-poem-lines",
  {
    describe: "Add one to five lines to the Epic Poem: the Player moving must, in each of eir turns",
    input: t.object({ lines: t.array(t.string({ minLength: 1, maxLength: 500 }), { minItems: 1, maxItems: 5, describe: "The new lines, in order" }) }),
    when: ({ actor }) => {
      if (turn.get().player !== actor) return "only the Player whose turn it is adds lines to the Epic Poem";
      return linesThisTurn(actor) >= 5 ? "you have added five lines in this turn, the most you may" : undefined;
    },
  },
  (input, { actor }) => {
    const now = turn.get();
    if (now.player !== actor) game.refuse("only the Player whose turn it is adds lines to the Epic Poem");
    const lines = input.lines.map((l) => l.trim());
    if (lines.some((l) => l === "" || /[\r\n]/.test(l))) game.refuse("each line must be one line of text, not empty");
    const already = linesThisTurn(actor);
    if (already + lines.length > 5) game.refuse(`you may add at most five lines in a turn; you have added ${already}`);
    poem.update((all) => [...all, ...lines.map((text) => ({ text, by: actor, turn: now.number }))]);
    game.post(`${game.player(actor)?.name ?? actor} adds to the Epic Poem:\n${lines.join("\n")}`);
    game.emit("turn.requirement-met", { player: actor });
  },
);

// The mover owes the poem its lines before eir turn can end.
answer("play.awaits", () => {
  const mover = turn.get().player;
  return mover && linesThisTurn(mover) === 0 ? [{ player: mover, does: "add one to five lines to the Epic Poem", action: "add-poem-lines" }] : [];
});

answer("turn.incomplete", ({ player }: { player: string }) =>
  linesThisTurn(player) === 0 ? "e must first add one to five lines to the Epic Poem" : undefined,
);
