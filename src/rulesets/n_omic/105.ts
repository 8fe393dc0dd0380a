// Rule 105: every player is an eligible voter, and must vote on every rule-change. This
// rule offers the `vote` action and says when a vote is complete: when every eligible voter
// has voted. Who is a player is Rule 303's question ("players": Reyalps are not), and a
// vote may carry one bought additional vote where a rule offers them (Rule 311).

interface Proposal {
  number: number;
  label?: string;
  votes: { [player: string]: "for" | "against" };
  extra?: { [player: string]: "for" | "against" };
  status: string;
  openedAt: number;
  votingOpenedAt?: number | null;
}
const proposals = recordState<Proposal>("proposals");

const voters = () => game.ask<string[]>("eligible-voters")?.value ?? [];
const label = (p: Proposal) => p.label ?? `Proposal ${p.number}`;
const voting = () => Object.values(proposals.all()).filter((p) => p.status === "voting");

answer("eligible-voters", () => game.ask<string[]>("players")?.value ?? game.players().map((p) => p.id));

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

action(
  "vote",
  {
    describe: "Vote for or against a proposal",
    input: t.object(
      {
        proposal: t.integer({ describe: "The proposal's number (its lowest)" }),
        vote: t.enum(["for", "against"]),
        extra: t.boolean({ describe: "Also buy one additional vote, cast the same way (Rule 311)" }),
      },
      { optional: ["extra"] },
    ),
    when: ({ actor }) => {
      if (!voting().length) {
        const discussed = Object.values(proposals.all()).find((p) => p.status === "discussion");
        return discussed ? `${label(discussed)} is not open for votes: it is still under discussion` : "no proposal is open for votes";
      }
      return voters().includes(actor) ? undefined : "you are not an eligible voter: only Players vote";
    },
  },
  (input, { actor }) => {
    const p = proposals.get(input.proposal);
    if (!p) game.refuse(`there is no proposal ${input.proposal}`);
    if (p.status !== "voting") game.refuse(`${label(p)} is not open for votes: it is ${p.status === "discussion" ? "still under discussion" : p.status}`);
    if (!voters().includes(actor)) game.refuse(`you are not an eligible voter on ${label(p)}`);
    if (input.extra && !game.ask("votes.extra-offered")) game.refuse("no rule offers additional votes");
    const extra = input.extra ? { extra: { ...(p.extra ?? {}), [actor]: input.vote } } : {};
    proposals.set(p.number, { ...p, votes: { ...p.votes, [actor]: input.vote }, ...extra });
    game.emit("vote.cast", { proposal: p.number, voter: actor, vote: input.vote, extra: input.extra === true });
    checkComplete(p.number);
  },
);

// Every eligible voter owes a vote from the moment voting begins.
on("voting.opened", () => {
  for (const voter of voters()) game.emit("communication.required", { player: voter });
});
answer("communication.required", () =>
  Object.values(proposals.all())
    .filter((p) => p.status === "voting")
    .flatMap((p) =>
      voters()
        .filter((v) => p.votes[v] === undefined)
        .map((v) => ({ player: v, what: `a vote on ${label(p)}`, since: p.votingOpenedAt ?? p.openedAt })),
    ),
);

// Every eligible voter must vote on every rule-change: each vote not yet cast is awaited.
answer("play.awaits", () =>
  voting().flatMap((p) =>
    voters()
      .filter((v) => p.votes[v] === undefined)
      .map((player) => ({ player, does: `vote on ${label(p)}`, action: "vote" })),
  ),
);

function recount(): void {
  for (const p of Object.values(proposals.all())) if (p.status === "voting") checkComplete(p.number);
}
on("player.left", recount);
on("players.changed", recount);

function checkComplete(number: number): void {
  const p = proposals.get(number);
  if (p?.status !== "voting") return;
  if (voters().every((v) => p.votes[v] !== undefined)) game.emit("vote.completed", { proposal: number });
}
