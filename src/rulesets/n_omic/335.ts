// Rule 335: a proposal not made from the suggestions list opens a discussion of at least
// 24 hours, during which its proponent may announce new versions (`revise-proposal`).
// After the 24 hours, the proponent ends it by announcing the final form (`final-form`),
// even if unchanged; voting begins then and no earlier, and the proposal cannot be altered
// after. A proposal made from the suggestions list has no discussion: voting begins at once.
// (Rule 337, from which this grew, adds that the proponent decides the final form; the
// same action serves it.)

type Change = { kind: string; rule?: number; [key: string]: unknown };
interface Proposal {
  number: number;
  label: string;
  proposer: string;
  changes: Change[];
  status: string;
  discussionEnds: number | null;
  votingOpenedAt: number | null;
}

const hours = 24;
const change = t.oneOf([
  t.object(
    { kind: t.enum(["enact"]), text: t.string({ minLength: 1, maxLength: 20000 }), title: t.string({ maxLength: 200 }), code: t.code() },
    { optional: ["title", "code"], describe: "Enact a new mutable rule" },
  ),
  t.object({ kind: t.enum(["repeal"]), rule: t.rule() }, { describe: "Repeal a mutable rule" }),
  t.object(
    { kind: t.enum(["amend"]), rule: t.rule(), text: t.string({ minLength: 1, maxLength: 20000 }), title: t.string({ maxLength: 200 }), code: t.code() },
    { optional: ["text", "title", "code"], describe: "Amend a mutable rule's text, title or code" },
  ),
  t.object({ kind: t.enum(["transmute"]), rule: t.rule() }, { describe: "Transmute a rule: immutable to mutable or back" }),
]);
const proposals = recordState<Proposal>("proposals");

answer("discussion.period", ({ fromSuggestions }: { fromSuggestions: boolean }) => (fromSuggestions ? 0 : hours));

function underDiscussion(number: number, actor: string): Proposal {
  const p = proposals.get(number);
  if (!p) game.refuse(`there is no proposal ${number}`);
  if (p.proposer !== actor) game.refuse(`only the proponent of ${p.label} may do that`);
  if (p.status !== "discussion") game.refuse(closed(p));
  return p;
}

action(
  "revise-proposal",
  {
    describe: "During the discussion, announce a new version of your proposal (the same number of rule-changes)",
    input: t.object({ proposal: t.integer(), changes: t.array(change, { minItems: 1, maxItems: 21, describe: "The new version's rule-changes, in order" }) }),
    when: ({ actor }) => notProponent(actor),
  },
  (input, { actor }) => {
    const p = underDiscussion(input.proposal, actor);
    const changes = input.changes as Change[];
    if (changes.length !== p.changes.length) game.refuse(`${p.label} has ${p.changes.length} rule-change(s); a new version must have as many`);
    changes.forEach((c, i) => {
      const objection = game.askAll<string>("rule-change.invalid", { change: c, proposer: actor, earlier: changes.slice(0, i) })[0];
      if (objection) game.refuse(`rule-change ${i + 1}: ${objection.value}`, objection.rule);
    });
    proposals.set(p.number, { ...p, changes });
    game.post(`${game.player(actor)?.name ?? actor} announces a new version of ${p.label}.`);
  },
);

action(
  "final-form",
  {
    describe: "After at least 24 hours of discussion, announce the final form of your proposal: voting begins",
    input: t.object({ proposal: t.integer() }),
    when: ({ actor }) => {
      const mine = discussing().filter((p) => p.proposer === actor);
      // Said without the time left: a page shows it until the next act.
      const early = `the discussion of ${mine[0]?.label} lasts at least ${hours} hours; its final form can be announced once they are up`;
      return notProponent(actor) ?? (mine.some((p) => !tooEarly(p)) ? undefined : early);
    },
  },
  (input, { actor }) => {
    const p = underDiscussion(input.proposal, actor);
    const early = tooEarly(p);
    if (early) game.refuse(early);
    proposals.set(p.number, { ...p, status: "voting", votingOpenedAt: game.now() });
    game.post(`${game.player(actor)?.name ?? actor} announces the final form of ${p.label}: voting begins.`);
    game.emit("voting.opened", { proposal: p.number });
  },
);

const discussing = () => Object.values(proposals.all()).filter((p) => p.status === "discussion");
const closed = (p: Proposal) => `${p.label} is not under discussion: voting has begun, and it can no longer be altered`;
function notProponent(actor: string): string | undefined {
  const all = discussing();
  const voting = Object.values(proposals.all()).find((p) => p.status === "voting" && p.proposer === actor);
  if (!all.length) return voting ? closed(voting) : "no proposal is under discussion";
  return all.some((p) => p.proposer === actor) ? undefined : `only the proponent of ${all[0]!.label} may do that`;
}
function tooEarly(p: Proposal): string | undefined {
  const left = (p.discussionEnds ?? 0) - game.now();
  if (left <= 0) return undefined;
  return `the discussion of ${p.label} lasts at least ${hours} hours: ${Math.floor(Math.ceil(left / 60_000) / 60)} h ${Math.ceil(left / 60_000) % 60} min remain`;
}

// During the discussion the proponent may revise the proposal; after it, e owes its final form.
answer("play.awaits", () =>
  discussing().map((p) =>
    !tooEarly(p)
      ? { player: p.proposer, does: `announce the final form of ${p.label}: voting then begins`, action: "final-form" }
      : { player: p.proposer, does: `discuss ${p.label} for ${hours} hours, revising it if you wish; then announce its final form`, action: "revise-proposal" },
  ),
);

// Once the 24 hours are up, the final form is owed (Rule 303's 72 hours run from then).
on("discussion.opened", (event) => {
  game.schedule("discussion-over", { after: event.data.hours * 3_600_000 }, { proposal: event.data.proposal });
});
on("timer:discussion-over", (event) => {
  const p = proposals.get(event.data.proposal);
  if (p && p.status === "discussion") game.emit("communication.required", { player: p.proposer });
});
answer("communication.required", () =>
  Object.values(proposals.all())
    .filter((p) => p.status === "discussion" && p.discussionEnds !== null && p.discussionEnds <= game.now())
    .map((p) => ({ player: p.proposer, what: `the final form of ${p.label}`, since: p.discussionEnds! })),
);
