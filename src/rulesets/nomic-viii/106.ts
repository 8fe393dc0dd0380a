// Rule 106: proposals are numbered from 301 when scheduled to have a vote, successively,
// whether passed or not; simultaneous ones in random order unless a rule clarifies; a new
// rule takes its proposal's number.
//
// Readings taken:
// - "Scheduled to have a vote" is being put to vote: Rule 202 announces the proposals going to
//   vote together ("proposals.scheduled" { keys }), and this rule, hearing it first, numbers
//   them: the next number is one more than the highest given so far, 301 for the first. A
//   number once given is never changed (Rule 104).
// - Rule 210 clarifies that Judicial Proposals put to vote together with proposals from the
//   Queue take the numbers after theirs; among themselves, each group is in random order
//   (drawn from the game's random source, so the log records the draw), and the order drawn
//   is posted.
// - A new rule takes its proposal's number: Rule 105 incorporates an enactment under it.

interface Proposal {
  number: number;
  label: string;
  judicial?: true;
}

const proposals = recordState<Proposal>("proposals", {
  record: { kind: "proposal", open: { field: "stage", in: ["queue", "deck", "voting"] }, citedAs: "proposal" },
});

on("proposals.scheduled", (event: GameEvent<{ keys: string[] }>) => {
  const keys = event.data.keys.filter((key) => proposals.get(key)?.number === 0);
  let next = Math.max(300, ...Object.values(proposals.all()).map((p) => p.number)) + 1;
  const judicial = (key: string) => proposals.get(key)?.judicial === true;
  const order = [...game.random.shuffle(keys.filter((k) => !judicial(k))), ...game.random.shuffle(keys.filter(judicial))];
  for (const key of order) proposals.update(key, (p) => ({ ...p!, number: next, label: `Proposal ${next++}` }));
  if (order.length > 1)
    game.post(
      `Numbers for the proposals put to vote together, drawn at random (Rule 106): ${order.map((key) => `${key} is ${proposals.get(key)!.number}`).join(", ")}.`,
    );
});
