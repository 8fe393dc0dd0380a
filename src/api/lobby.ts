/** The lobby: presets, game summaries, new games and reading a published ruleset. */
import { Type, type Static } from "@sinclair/typebox";
import { TimeZone } from "./accounts.js";
import { Joining } from "./game.js";
import { JsonValue, Nullable, Open } from "./shared.js";

export const Preset = Type.Object(
  {
    name: Type.String({ description: "What to pass as `preset` when creating a game" }),
    title: Type.String(),
    description: Type.String(),
    source: Type.String(),
  },
  { $id: "Preset", title: "Preset" },
);
export type Preset = Static<typeof Preset>;

export const GameSummary = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    preset: Nullable(Type.String()),
    status: Type.String({ description: "active or over" }),
    players: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    me: Nullable(Type.String({ description: "Your player id in this game" })),
    awaits: Type.Optional(
      Type.String({
        description: "Set while your request to join awaits the rules (a rule deferred it): why, in the rule's words. You are not a player until admitted",
      }),
    ),
    observes: Type.Optional(
      Type.Boolean({
        description: "True when you take part without playing (an observer): you read the game, and take only the actions the rules open to every participant",
      }),
    ),
    left: Type.Optional(
      Type.String({
        description: 'Set when you were a player of the game and are no longer one: why, as the game recorded it ("forfeited the game (Rule 113)")',
      }),
    ),
    timeZone: Type.String(),
    createdAt: Type.Integer(),
    invite: Type.Optional(Type.String({ description: "The invitation code (when you created the game)" })),
  },
  { $id: "GameSummary", title: "GameSummary" },
);
export type GameSummary = Static<typeof GameSummary>;

/** What an invitation shows anyone who holds its link, signed in or not: nothing else of the game. */
export const InviteAbout = Type.Object(
  {
    game: Type.String({ description: "The game's name" }),
    ruleset: Type.String({ description: "The title of the ruleset it plays" }),
    invitedBy: Type.String({ description: "The name of the player who created the game (whose link it is)" }),
    joining: Joining,
  },
  { title: "InviteAbout" },
);
export type InviteAbout = Static<typeof InviteAbout>;

export const RulesetText = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 400_000, description: "The ruleset as published (plain text)" }),
    layout: Type.Optional(Type.String({ maxLength: 64, description: "The text's layout, if not the one recognised" })),
    codeFrom: Type.Optional(Type.String({ maxLength: 64, description: "A preset whose code is attached to the rules of the same number" })),
    offices: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), {
        maxItems: 20,
        description:
          'Where no code offers play, the offices of the hand-play rules added ("Assessor" if none): the first assesses proposals; each is held at first by the game\'s creator',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RulesetText = Static<typeof RulesetText>;

/** How a person takes part: as a player (the default), or without playing (an observer, whom the rules may grant actions). */
export const JoinAs = Type.Union([Type.Literal("player"), Type.Literal("observer")], {
  description: '"player" (the default) or "observer": take part without playing (read the game, take only the actions the rules open to every participant)',
});

/** Joining by an invitation: as a player, or without playing. */
export const JoinRequest = Type.Object({ as: Type.Optional(JoinAs) }, { additionalProperties: false });
export type JoinRequest = Static<typeof JoinRequest>;

export const NewGame = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    preset: Type.Optional(Type.String({ maxLength: 64 })),
    ruleset: Type.Optional(RulesetText),
    timeZone: Type.Optional(TimeZone),
    practice: Type.Optional(
      Type.Boolean({
        description: "A practice game: its players may move its clock forward (POST /api/games/:id/clock), to learn a slow ruleset in one sitting",
      }),
    ),
    as: Type.Optional(JoinAs),
  },
  { additionalProperties: false },
);
export type NewGame = Static<typeof NewGame>;

/** A rule read from a published text; `history` is what the text states of it. */
const ReadRule = Type.Object(
  {
    number: Type.Integer(),
    title: Type.Optional(Nullable(Type.String())),
    text: Type.String(),
    mutable: Type.Boolean(),
    props: Type.Optional(Type.Record(Type.String(), JsonValue)),
    history: Type.Optional(Type.Array(Type.Object({}, Open), { description: "What the text states of the rule's past" })),
    hasCode: Type.Optional(Type.Boolean({ description: "Whether code is attached (rules in effect only)" })),
  },
  Open,
);

export const RulesetPreview = Type.Object(
  {
    layout: Type.String(),
    title: Nullable(Type.String()),
    asOf: Nullable(Type.Object({ text: Type.String(), at: Nullable(Type.Integer()) })),
    preamble: Type.String(),
    epilogue: Type.String(),
    rules: Type.Array(ReadRule),
    archived: Type.Array(ReadRule),
    handPlay: Type.Optional(Type.Array(Type.Integer(), { description: "The hand-play rules added, by number (where no code offers play)" })),
    notes: Type.Array(Type.String()),
  },
  { $id: "RulesetPreview", title: "RulesetPreview", description: "What Nomos reads in a published ruleset's text" },
);
export type RulesetPreview = Static<typeof RulesetPreview>;

export const InviteParams = Type.Object({ code: Type.String({ maxLength: 64 }) });
