// Rule 207: each active player always has exactly one vote on each proposal. The `vote`
// action records it while the proposal is up for vote (the turn it was submitted in, 102.1);
// voting again replaces the earlier vote, so a player never has two. Reading: a player who
// becomes inactive keeps no vote (103.1 makes the active players the voters).

interface Proposal {
  number: number;
  votes: { [player: string]: "for" | "against" };
  status: string;
}

const proposals = recordState<Proposal>("proposals");
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const voting = () => Object.values(proposals.all()).filter((p) => p.status === "voting");

action(
  "vote",
  {
    describe: "Vote for or against a proposal (a later vote replaces yours)",
    input: t.object({ proposal: t.integer({ describe: "The proposal's number" }), vote: t.enum(["for", "against"]) }),
    when: ({ actor }) => {
      if (!voting().length) return "no proposal is up for vote";
      return status.get(actor) === "active" ? undefined : "only active players vote";
    },
  },
  (input, { actor }) => {
    const p = proposals.get(input.proposal);
    if (!p) game.refuse(`there is no proposal ${input.proposal}`);
    if (p.status !== "voting") game.refuse(`proposal ${input.proposal} is no longer up for vote (it was ${p.status})`);
    if (status.get(actor) !== "active") game.refuse("only active players vote");
    proposals.set(p.number, { ...p, votes: { ...p.votes, [actor]: input.vote } });
    game.emit("vote.cast", { proposal: p.number, voter: actor, vote: input.vote });
  },
);
