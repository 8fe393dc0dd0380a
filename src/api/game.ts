/**
 * A game as a player sees it: the view (players, declared state, failures), the rules with
 * their history, the actions offered and the timers. The engine's own types
 * (src/kernel/visibility.ts) are what these schemas describe; the contract test checks
 * real replies against them.
 */
import { Type, type Static } from "@sinclair/typebox";
import { displayFormats, displayKinds } from "../kernel/display-check.js";
import type { PlayerRecord } from "../kernel/types.js";
import { JsonValue, Nullable, Open, ref } from "./shared.js";

const historyChanges = ["enacted", "amended", "repealed", "transmuted", "renumbered", "property", "annotated"] as const;

export const HistoryEntry = Type.Object(
  {
    change: Type.Union(historyChanges.map((c) => Type.Literal(c))),
    at: Nullable(Type.Number({ description: "ms since 1970 UTC; null for a published line that states no date" })),
    seq: Type.Integer({ description: "The act; 0 for history from before the game (an imported ruleset's)" }),
    revision: Type.Integer(),
    cause: Type.String(),
    detail: Type.Optional(JsonValue),
    published: Type.Optional(Type.String({ description: "The line as the published ruleset stated it" })),
    by: Type.Optional(Type.Integer({ description: "The rule whose code made the change" })),
  },
  { $id: "HistoryEntry", title: "HistoryEntry" },
);

export const Permissions = Type.Object(
  {
    lines: Type.Array(Type.String(), { description: "One sentence a permission, most consequential first" }),
    failed: Nullable(Type.String({ description: "Why the code did not load, if it did not" })),
  },
  { $id: "Permissions", title: "Permissions", description: "What a rule's code may do, read from what it declared" },
);
export type Permissions = Static<typeof Permissions>;

export type HistoryEntry = Static<typeof HistoryEntry>;

export const Rule = Type.Object(
  {
    number: Type.Integer(),
    title: Nullable(Type.String()),
    text: Type.String(),
    mutable: Type.Boolean(),
    revision: Type.Integer(),
    props: Type.Record(Type.String(), JsonValue),
    code: Nullable(
      Type.Object({
        source: Type.String({ description: "The TypeScript a player wrote" }),
        js: Type.String({ description: "The same code with its types stripped" }),
      }),
    ),
    history: Type.Array(ref(HistoryEntry)),
    permissions: Type.Optional(ref(Permissions)),
    inEffect: Type.Boolean({ description: "Whether the rule is in effect now (the rules' answers to \"rule.in-effect\", or an officer's correction)" }),
    suspended: Nullable(
      Type.Object(
        { rule: Nullable(Type.Integer({ description: "null: an officer's correction" })), reason: Type.String() },
        { description: "Why the rule is not in effect now, and the rule that says so" },
      ),
    ),
  },
  { $id: "Rule", title: "Rule" },
);
export type Rule = Static<typeof Rule>;

// Typed as the engine's record, which every reader takes; a join recorded by rule code may leave out the time.
export const Player = Type.Unsafe<PlayerRecord>(
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      joinedAt: Type.Optional(Type.Number({ description: "When they joined (ms since 1970 UTC)" })),
      lastActed: Type.Optional(Type.Number({ description: "When they last acted: an action or a forum post (ms since 1970 UTC); absent: not yet" })),
    },
    { $id: "Player", title: "Player" },
  ),
);
export type Player = Static<typeof Player>;

/** What a record state keeps, as its rule declared it (the rule API's RecordConvention). */
export const RecordConvention = Type.Object(
  {
    kind: Type.String({ description: '"proposal", "case", or a ruleset\'s own word' }),
    open: Type.Optional(
      Type.Object(
        { field: Type.String(), in: Type.Array(JsonValue) },
        { description: "The entries still to be decided: those whose field holds one of these values" },
      ),
    ),
    citedAs: Type.Optional(Type.String({ description: "The input field by which actions name an entry" })),
  },
  { $id: "RecordConvention", title: "RecordConvention" },
);

const DisplayFormat = Type.Union(
  displayFormats.map((f) => Type.Literal(f)),
  { description: "player: an id shown by name; time: ms since 1970 shown in the reader's zone; rule: a rule's number" },
);
const Templates = Type.Union([Type.String(), Type.Array(Type.String())], { description: "A template with {field} placeholders, or templates tried in order" });

/** How a state reads to people, as its rule declared it (the rule API's StateDisplay). */
export const StateDisplay = Type.Object(
  {
    label: Type.Optional(Type.String({ description: "The state's name in words" })),
    as: Type.Optional(Type.Union(displayKinds.map((k) => Type.Literal(k)))),
    text: Type.Optional(Templates),
    item: Type.Optional(Templates),
    columns: Type.Optional(Type.Array(Type.Object({ field: Type.String(), label: Type.Optional(Type.String()), format: Type.Optional(DisplayFormat) }))),
    formats: Type.Optional(Type.Record(Type.String(), DisplayFormat)),
    empty: Type.Optional(Type.String({ description: "What to say when there is nothing" })),
  },
  { $id: "StateDisplay", title: "StateDisplay", description: "How the state reads to people, as its rule declared it" },
);
export type StateDisplay = Static<typeof StateDisplay>;

export const StateView = Type.Object(
  {
    name: Type.String(),
    scope: Type.Union([Type.Literal("game"), Type.Literal("player")]),
    describe: Nullable(Type.String()),
    rule: Type.Integer({ description: "The rule that declares it" }),
    record: Type.Optional(ref(RecordConvention)),
    display: Type.Optional(ref(StateDisplay)),
    value: Type.Optional(Type.Unsafe<Static<typeof JsonValue>>({ description: "Game state: the value, if you may see it" })),
    values: Type.Optional(Type.Record(Type.String(), JsonValue, { description: "Player state: the values you may see, by player id" })),
  },
  { $id: "StateView", title: "StateView" },
);
export type StateView = Static<typeof StateView>;

const viewFields = {
  name: Type.String(),
  preset: Nullable(Type.String()),
  seq: Type.Integer({ description: "The last act" }),
  time: Type.Number(),
  status: Type.Union([Type.Literal("active"), Type.Literal("over")]),
  result: Nullable(Type.Object({ winners: Type.Array(Type.String()), reason: Type.String(), rule: Type.Integer() })),
  viewer: Nullable(Type.String()),
  players: Type.Array(ref(Player)),
  applicants: Type.Optional(
    Type.Array(Type.Object({ id: Type.String(), name: Type.String(), at: Type.Number() }), {
      description: "Who asked to join and waits for the rules to make them a player (absent: nobody)",
    }),
  ),
  observers: Type.Optional(
    Type.Array(Type.Object({ id: Type.String(), name: Type.String(), since: Type.Number() }), {
      description: "Who takes part without playing (absent: nobody)",
    }),
  ),
  founder: Type.Optional(Nullable(Type.String({ description: "The first person to join or take part (whoever set the game up)" }))),
  state: Type.Array(ref(StateView)),
  failures: Type.Array(Type.Object({ rule: Type.Integer(), seq: Type.Integer(), during: Type.String(), error: Type.String() }), {
    description: "The most recent failures of rules' code, newest last",
  }),
};

/** The game as one viewer may see it, rules included (GET .../at). */
export const GameView = Type.Object(
  { ...viewFields, rules: Type.Array(ref(Rule)) },
  { $id: "GameView", title: "GameView", description: "The game as you may see it: secret state is filtered out" },
);
export type GameView = Static<typeof GameView>;

/** The view on a game's page: the rules come apart (GET .../rules). */
export const PageView = Type.Object(viewFields, { $id: "PageView", title: "PageView" });
export type PageView = Static<typeof PageView>;

/** The JSON Schema of an action's input, as the rule declared it with `t` (the page draws its form from it). */
export type InputSchema = {
  type?: string | string[];
  format?: string;
  enum?: Static<typeof JsonValue>[];
  const?: Static<typeof JsonValue>;
  description?: string;
  properties?: Record<string, InputSchema>;
  required?: string[];
  items?: InputSchema;
  oneOf?: InputSchema[];
  discriminator?: { propertyName: string };
  minimum?: number;
  maximum?: number;
  default?: Static<typeof JsonValue>;
};

export const ActionInfo = Type.Object(
  {
    name: Type.String(),
    title: Type.String({ description: 'The action\'s name in words, as its rule gives it or made from its name ("Invoke judgment")' }),
    describe: Type.String(),
    confirm: Type.Optional(
      Type.String({ description: "Present for a move that cannot be undone: what follows, which a player is asked to confirm before taking it" }),
    ),
    input: Type.Unsafe<InputSchema>(Type.Object({}, { ...Open, description: "The JSON Schema of the action's input" })),
    changesRules: Type.Boolean(),
    rule: Type.Integer(),
    channel: Type.Optional(Type.String({ description: "The channel the action is taken in, where its rule says (the web offers its form there)" })),
    refused: Nullable(
      Type.Object(
        { reason: Type.String(), rule: Nullable(Type.Integer()) },
        {
          description:
            "Why the rules would refuse you this action now, whatever you fill in, and the rule that says so (null: they would let you take it; your input may still be refused)",
        },
      ),
    ),
  },
  { $id: "ActionInfo", title: "ActionInfo" },
);
export type ActionInfo = Static<typeof ActionInfo>;

/** One thing play waits for: a player's move, in the rules' words ("propose a rule-change"). */
export const Awaited = Type.Object(
  {
    player: Type.String({ description: "The player it waits for" }),
    does: Type.String({ description: 'What they are to do, in words: "propose a rule-change", "rule on case 1"' }),
    action: Nullable(Type.String({ description: "The action that does it, if one does" })),
    channel: Type.Optional(Type.String({ description: "The channel where it is done (a vote said as a message), if it is done there" })),
    until: Type.Optional(Type.Number({ description: "When it lapses by the game's clock (ms since 1970 UTC), if its rule says" })),
    anyOne: Type.Optional(
      Type.Literal(true, { description: "Any one of the players it is awaited from may do it, for all (starting the game), rather than each of them" }),
    ),
    rule: Type.Integer({ description: "The rule that says so" }),
  },
  { $id: "Awaited", title: "Awaited" },
);
export type Awaited = Static<typeof Awaited>;

/** A decision a rule opened for office holders (game.decide): a question one of them answers through its form. */
export const Decision = Type.Object(
  {
    id: Type.String({ description: "The decision's id: POST .../decisions/{id} with { input } to make it" }),
    kind: Type.String({ description: "The rule's word for it (a ruling, a report...)" }),
    by: Type.Array(Type.String(), { description: "The players who may make it (any one of them)" }),
    question: Type.String({ description: 'The question, in words: "Is Rule 5 void?"' }),
    input: Type.Unsafe<InputSchema>(Type.Object({}, { ...Open, description: "The JSON Schema of the answer" })),
    rule: Type.Integer({ description: "The rule that opened it" }),
    openedAt: Type.Number({ description: "ms since 1970 UTC" }),
    awaits: Type.Boolean({ description: "Whether play waits on it" }),
  },
  { $id: "Decision", title: "Decision" },
);
export type Decision = Static<typeof Decision>;

export const DecideRequest = Type.Object({ input: Type.Optional(JsonValue) }, { additionalProperties: false });
export type DecideRequest = Static<typeof DecideRequest>;

/** A square the rules say your piece may move to now (the "board.moves" convention), and what it costs. */
export const BoardMove = Type.Object(
  {
    x: Type.Integer({ description: "The square's file" }),
    y: Type.Integer({ description: "The square's row" }),
    action: Type.String({ description: "The action that moves there" }),
    input: Type.Record(Type.String(), JsonValue, { description: "That action's input" }),
    note: Type.String({ description: 'What the move costs or means, in words: "costs 12 coins"; why not, when not affordable' }),
    affordable: Type.Boolean({ description: "False when the move is possible but you cannot take it now" }),
    rule: Type.Integer({ description: "The rule that says so" }),
  },
  { $id: "BoardMove", title: "BoardMove" },
);
export type BoardMove = Static<typeof BoardMove>;

/** A practice game's clock: the group may move it forward, and every move is an act in the log. */
export const PracticeClock = Type.Object(
  { aheadMs: Type.Number({ description: "How far the game's clock runs ahead of real time, in milliseconds" }) },
  { $id: "PracticeClock", title: "PracticeClock", description: "Present only in a practice game" },
);
export type PracticeClock = Static<typeof PracticeClock>;

/** Whether a game's invitation link takes newcomers: set by the game's creator. */
export const Joining = Type.Union([Type.Literal("open"), Type.Literal("approval"), Type.Literal("closed")], {
  description:
    "open: anyone with the invitation link may join (as the rules allow); approval: the link takes requests, which the game's creator approves or declines; closed: the link admits no one new",
});
export type Joining = Static<typeof Joining>;

export const GamePage = Type.Object(
  {
    id: Type.String(),
    rulesVersion: Type.Integer({ description: "The last act that changed a rule: fetch GET .../rules again when it changes" }),
    timeZone: Type.String(),
    invite: Nullable(Type.String()),
    joining: Joining,
    owner: Nullable(Type.String({ description: "The user id of the game's creator" })),
    me: Type.String({ description: "Your player id" }),
    view: ref(PageView),
    actions: Type.Array(ref(ActionInfo), { description: "The actions the rules offer you now" }),
    timers: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        at: Type.Number(),
        rule: Type.Integer(),
        describe: Type.Optional(Type.String({ description: "What happens then, in words, as the rule set it (the timer's data.describe)" })),
      }),
    ),
    awaits: Type.Array(ref(Awaited), { description: "What the game waits for now, and from whom, as the rules say" }),
    boardMoves: Type.Array(ref(BoardMove), { description: "The squares your piece may move to now, as the rules say" }),
    decisions: Type.Array(ref(Decision), { description: "The decisions open now, oldest first: yours to make where `by` names you" }),
    practice: Nullable(ref(PracticeClock)),
    lastSeen: Nullable(
      Type.Integer({
        description:
          "The last act you had seen of the game when this page was read (POST .../seen moves it on): what came after is new to you. null: you have not looked at it yet",
      }),
    ),
  },
  { $id: "GamePage", title: "GamePage", description: "A player's page of a game" },
);
export type GamePage = Static<typeof GamePage>;

export const SeenRequest = Type.Object(
  { seq: Type.Integer({ minimum: 0, description: "The last act your page has shown you (its view's seq)" }) },
  { additionalProperties: false },
);
export const SeenReply = Type.Object(
  { seen: Type.Integer({ description: "The last act you have seen now: the one sent, or a later one already marked (a mark only moves forward)" }) },
  { title: "SeenReply" },
);

export const RulesReply = Type.Object(
  {
    version: Type.Integer(),
    rules: Type.Array(ref(Rule)),
    repealed: Type.Array(ref(Rule)),
  },
  { $id: "Rules", title: "Rules", description: "The rules in effect, and the repealed ones with their history" },
);
export type RulesReply = Static<typeof RulesReply>;

export const GameSettings = Type.Object(
  {
    timeZone: Type.String(),
    joining: Joining,
    invite: Type.String({ description: "The invitation code: the link is /invite/<code>" }),
  },
  { $id: "GameSettings", title: "GameSettings" },
);
export type GameSettings = Static<typeof GameSettings>;
