/**
 * The rule the season's players adopt first: the Initial Set awards no points (Rule 212 only
 * says who wins by them), so a player proposes a rule that does, with the code that carries
 * it out. Its code reads Rule 202's proposals as they stand when a turn ends.
 */

export const pointsPerVote = 128;

export const pointsRule = {
  title: "Points for adopted proposals",
  text: `At the end of each turn, the author of each proposal adopted at that moment gains ${pointsPerVote} points for each vote in its favour.`,
  /** The first draft, edited on the Deck (Rule 201) before it is put to vote. */
  draft: `At the end of each turn, the author of each adopted proposal gains ${pointsPerVote} points for every vote in favour.`,
  code: `// Points for adopted proposals: at a turn's end, the author of each proposal adopted at that
// moment (Rule 202 closes the votes, then the turn ends) gains ${pointsPerVote} points per vote for it.
// Reading taken: a proposal without author (its author left) earns no one anything.

interface Proposal {
  number: number;
  stage: string;
  author: PlayerId | null;
  votes: { [player: string]: "for" | "against" };
  closedAt?: number | null;
}

const perVote = ${pointsPerVote};
const points = playerState("points", { initial: 0 });
const proposals = recordState<Proposal>("proposals");

on("turn.ended", () => {
  for (const p of Object.values(proposals.all())) {
    if (p.stage !== "adopted" || p.closedAt !== game.now() || p.author === null) continue;
    const author = game.player(p.author);
    if (!author) continue;
    const favour = Object.values(p.votes).filter((v) => v === "for").length;
    const gained = perVote * favour;
    const total = points.get(author.id) + gained;
    points.set(author.id, total);
    game.post(\`\${author.name} gains \${gained} points for Proposal \${p.number} (\${favour} votes in favour), \${total} in all.\`);
    game.emit("points.changed", { player: author.id, change: gained, total });
  }
});
`,
};
