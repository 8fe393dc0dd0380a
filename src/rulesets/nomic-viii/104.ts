// Rule 104: proposals, their properties, rule-change, number and author.
//
// Readings taken:
// - Proposals are the record `proposals` (kind "proposal"), keyed by an id given at creation
//   ("q1", "q2"...). Their properties: `change` (the rule-change, Rule 103), `number` (0 until
//   put to vote, then from 301, Rule 106, never changed after), `author` (the player who created
//   it; null when created by no player or when that player has left), `stage` (queue, deck,
//   voting, adopted, defeated, removed, or pending for a Judicial Proposal), and the record
//   convention's `proposer` (who created it, kept for the record), `status` (the stage in words,
//   in the convention's field), `votes` (the tally, final when the vote closes), `endorsers`,
//   `moves` (the moves on it open in its stage), `reason`.
// - "May be changed if explicitly allowed and not being put to vote": only the Deck (Rule 201)
//   and Judicial Proposals (Rule 210) allow edits, never while voting.
// - This declaration, the highest in precedence, is the one in force for the record's display.

interface Proposal {
  author: PlayerId | null;
}

const proposals = recordState<Proposal>("proposals", {
  describe: "Proposals: the Proposal Queue, the Deck, votes and outcomes",
  record: { kind: "proposal", open: { field: "stage", in: ["queue", "deck", "voting"] }, citedAs: "proposal" },
  display: {
    label: "Proposals",
    as: "table",
    columns: [
      { field: "key", label: "Id" },
      { field: "label", label: "Proposal" },
      { field: "stage" },
      { field: "author", format: "player" },
      { field: "endorsers", format: "players" },
      { field: "change.kind", label: "Change" },
      { field: "change.number", label: "Rule", format: "rule" },
      { field: "reason" },
    ],
    empty: "No proposals yet",
  },
});

on("player.left", (event: GameEvent<{ player: PlayerId }>) => {
  const gone = event.data.player;
  for (const [key, p] of Object.entries(proposals.all())) if (p.author === gone) proposals.set(key, { ...p, author: null });
});
