// Rule 322: part of the gamestate is a list of suggestions, each one proposed rule-change,
// at most one per Player. A Player adds a suggestion by announcing it (replacing eir
// earlier one) and may withdraw it; a player who ceases to be a Player (becomes a Reyalp
// or leaves) loses eir suggestion. Rule 324 says how a proposal uses the list. The
// comment paragraph of this rule has no effect (Rule 306): the moves it describes were
// made when the rule was enacted, in December 2000.

type Change = { kind: string; rule?: number; [key: string]: unknown };
interface Suggestion {
  player: string;
  change: Change;
  at: number;
}

const suggestions = recordState<Suggestion>("suggestions", { describe: "The list of suggestions: at most one proposed rule-change per Player (Rule 322)" });
const status = playerState("status", { initial: "player" });

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

const name = (id: string) => game.player(id)?.name ?? id;

action(
  "suggest",
  {
    describe: "Put a rule-change on the list of suggestions (it replaces your earlier suggestion)",
    input: t.object({ change }),
    when: ({ actor }) => (status.get(actor) !== "player" ? "only Players may have suggestions on the list; return first" : undefined),
  },
  (input, { actor }) => {
    if (status.get(actor) !== "player") game.refuse("only Players may have suggestions on the list; return first");
    const replaced = suggestions.get(actor) !== undefined;
    suggestions.set(actor, { player: actor, change: input.change as Change, at: game.now() });
    game.post(`${name(actor)} ${replaced ? "replaces eir suggestion with" : "suggests"}: ${describe(input.change as Change)}.`);
  },
);

const noSuggestion = ({ actor }: ActionContext) => (suggestions.get(actor) === undefined ? "you have no suggestion on the list" : undefined);
action("withdraw-suggestion", { describe: "Remove your suggestion from the list", input: t.object({}), when: noSuggestion }, (_input, { actor }) => {
  if (suggestions.get(actor) === undefined) game.refuse("you have no suggestion on the list");
  suggestions.delete(actor);
  game.post(`${name(actor)} withdraws eir suggestion.`);
});

const drop = (event: GameEvent<{ player: string; status?: string }>) => {
  if (event.data.status !== "player" && suggestions.get(event.data.player) !== undefined) suggestions.delete(event.data.player);
};
on("player.left", drop);
on("players.changed", drop);

function describe(c: Change): string {
  return c.kind === "enact" ? `enact a new rule${c.title ? ` "${String(c.title)}"` : ""}` : `${c.kind} rule ${String(c.rule)}`;
}
