// Rule 108: Request for Comment (RFC): players submit draft rule-changes to it and comment on
// the drafts; the administrator may give drafts numbers for reference, and may remove the
// drafts of a player who has ceased to be active.
//
// Readings taken: any player may submit a draft or comment (108.1 says "all players", not
// only active ones); a draft's reference number is any whole number the administrator
// chooses, not already used; "ceased to be active" covers an inactive player and one who is
// no longer a player at all.

interface Draft {
  id: number;
  author: PlayerId;
  text: string;
  number: number | null;
  comments: { player: PlayerId; text: string; at: number }[];
  at: number;
}

const drafts = recordState<Draft>("rfc", {
  describe: "Request for Comment: draft rule-changes and the comments on them (Rule 108)",
  record: { kind: "draft", citedAs: "draft" },
  display: {
    label: "Request for Comment",
    as: "table",
    columns: [{ field: "id", label: "Draft" }, { field: "number", label: "Reference" }, { field: "author", format: "player" }, { field: "text" }],
    empty: "No drafts in RFC",
  },
});
const administrator = gameState<PlayerId | null>("administrator", { initial: null });
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const byAdministrator = ({ actor }: ActionContext) => (actor === administrator.get() ? undefined : "only the administrator does this (Rule 108)");
const draftOf = (id: number): Draft => drafts.get(id) ?? game.refuse(`there is no draft ${id} in RFC`);

action(
  "draft",
  { describe: "Submit a draft rule-change to Request for Comment", input: t.object({ text: t.string({ minLength: 1, maxLength: 8000 }) }) },
  (input, { actor }) => {
    const id = Math.max(0, ...drafts.keys().map(Number)) + 1;
    drafts.set(id, { id, author: actor, text: input.text, number: null, comments: [], at: game.now() });
    game.post(`${game.player(actor)?.name ?? actor} submits draft ${id} to RFC.`);
  },
);

action(
  "comment",
  {
    describe: "Comment on a draft in RFC",
    input: t.object({ draft: t.integer({ describe: "The draft" }), text: t.string({ minLength: 1, maxLength: 4000 }) }),
  },
  (input, { actor }) => {
    const d = draftOf(input.draft);
    drafts.set(d.id, { ...d, comments: [...d.comments, { player: actor, text: input.text, at: game.now() }] });
  },
);

action(
  "number-draft",
  { describe: "Give a draft in RFC a number for reference", input: t.object({ draft: t.integer(), number: t.integer({ minimum: 1 }) }), when: byAdministrator },
  (input) => {
    const d = draftOf(input.draft);
    if (Object.values(drafts.all()).some((o) => o.number === input.number && o.id !== d.id))
      game.refuse(`another draft already has the number ${input.number}`);
    drafts.set(d.id, { ...d, number: input.number });
  },
);

action(
  "remove-draft",
  { describe: "Remove from RFC a draft of a player who has ceased to be active", input: t.object({ draft: t.integer() }), when: byAdministrator },
  (input) => {
    const d = draftOf(input.draft);
    if (game.player(d.author) && status.get(d.author) === "active")
      game.refuse(`draft ${d.id}'s author is still active; only the drafts of players who ceased to be active may be removed`);
    drafts.delete(d.id);
    game.post(`Draft ${d.id} is removed from RFC.`);
  },
);
