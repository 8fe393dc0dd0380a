// Rule 105: every player is an eligible voter and must vote on every rule-change. This
// rule offers the `vote` action and says when a vote is complete: when every player has
// voted (players who join or leave during a vote are counted as they come and go).

interface Proposal {
  number: number;
  votes: { [player: string]: "for" | "against" };
  status: string;
}
const proposals = recordState<Proposal>("proposals");

answer("eligible-voters", () => game.players().map((p) => p.id));

// Rule-changes take effect only by adoption: the rule that puts adopted proposals into
// effect (the one answering "rule-change.adopter": Rule 104) may change the rules, and no
// other rule's code may change another rule. Reading: Suber 105 makes the vote the only way a rule-change is
// adopted; a rule that changes only itself (203) needs no permission from this rule.
answer("rule-change.allowed", ({ by, changes }: { by: number; changes: { kind: string | null; number: number | null }[] }) => {
  if (changes.every((c) => c.kind === "annotate")) {
    // Annotations change no rule: the rule that keeps the court's rulings adds them.
    return by === game.ask<boolean>("rulings.annotator")?.rule ? true : `only the rule that keeps the rulings may annotate other rules; Rule ${by} may not`;
  }
  if (by === game.ask<boolean>("rule-change.adopter")?.rule) return true;
  if (changes.every((c) => c.number === by)) return undefined;
  return `a rule-change takes effect only when adopted by vote (Rule ${game.rules.self().number}); Rule ${by}'s code cannot change other rules`;
});

const voting = () => Object.values(proposals.all()).filter((p) => p.status === "voting");
const eligible = () => game.ask<string[]>("eligible-voters")?.value ?? [];

action(
  "vote",
  {
    describe: "Vote for or against a proposal",
    input: t.object({ proposal: t.integer({ describe: "The proposal's number" }), vote: t.enum(["for", "against"]) }),
    when: ({ actor }) => {
      const open = voting();
      if (!open.length) return "no proposal is open for votes";
      return eligible().includes(actor) ? undefined : "you are not an eligible voter";
    },
  },
  (input, { actor }) => {
    const p = proposals.get(input.proposal);
    if (!p) game.refuse(`there is no proposal ${input.proposal}`);
    if (p.status !== "voting") game.refuse(`proposal ${input.proposal} is no longer open for votes (it was ${p.status})`);
    const voters = game.ask<string[]>("eligible-voters")?.value ?? [];
    if (!voters.includes(actor)) game.refuse(`you are not an eligible voter on proposal ${input.proposal}`);
    proposals.set(p.number, { ...p, votes: { ...p.votes, [actor]: input.vote } });
    game.emit("vote.cast", { proposal: p.number, voter: actor, vote: input.vote });
    checkComplete(p.number);
  },
);

// Every eligible voter must vote on every rule-change: each vote not yet cast is awaited.
answer("play.awaits", () =>
  voting().flatMap((p) =>
    eligible()
      .filter((v) => p.votes[v] === undefined)
      .map((player) => ({ player, does: `vote on proposal ${p.number}`, action: "vote" })),
  ),
);

on("player.left", () => {
  for (const p of Object.values(proposals.all())) if (p.status === "voting") checkComplete(p.number);
});

function checkComplete(number: number): void {
  const p = proposals.get(number);
  if (p?.status !== "voting") return;
  const voters = game.ask<string[]>("eligible-voters")?.value ?? [];
  if (voters.every((v) => p.votes[v] !== undefined)) game.emit("vote.completed", { proposal: number });
}
