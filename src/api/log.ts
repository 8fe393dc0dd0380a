/** The log: acts as a player may read them, acting, and dry runs on a copy of the game. */
import { Type, type Static } from "@sinclair/typebox";
import type { Effect as KernelEffect, Input as KernelInput } from "../kernel/types.js";
import { Permissions } from "./game.js";
import { JsonValue, Nullable, Open, ref } from "./shared.js";

/** Effects and inputs are open unions the engine defines (src/kernel/types.ts); each carries its kind. */
export const Effect = Type.Unsafe<KernelEffect>(
  Type.Object(
    { e: Type.String({ description: "The kind of effect: rule.enacted, state.set, player.joined, message, game.ended..." }) },
    {
      ...Open,
      $id: "Effect",
      title: "Effect",
      description:
        "One thing an act did; its other fields depend on its kind. An event's or a timer's data shows {\"$hidden\": true} in place of what its rule hides from you (its `visibility` says who may read it)",
    },
  ),
);
export type Effect = KernelEffect;

export const Input = Type.Unsafe<KernelInput>(
  Type.Object(
    { kind: Type.String({ description: "create, join, rename, leave, action, timer, decision, message, correction or clock" }) },
    {
      ...Open,
      $id: "Input",
      title: "Input",
      description:
        'What started an act; its other fields depend on its kind. An action\'s input shows {"$hidden": true} in place of what its rule hides from you (`visibility`: who may read it; the actor always does)',
    },
  ),
);
export type Input = KernelInput;

export const LogEntry = Type.Object(
  {
    seq: Type.Integer(),
    time: Type.Number({ description: "ms since 1970 UTC" }),
    input: ref(Input),
    effects: Type.Array(ref(Effect), { description: "What the act did, as you may see it" }),
    message: Type.Optional(
      Type.Object(
        {
          channel: Type.String(),
          text: Type.Union([Type.String(), Type.Null()], { description: "The message's text now; null once deleted or redacted" }),
          shown: Type.String({ description: 'What to show for it: the text, "Deleted" or "Redacted by <name>: <reason>"' }),
        },
        { description: "For a message act: the message as the server keeps it (the log holds no text)" },
      ),
    ),
  },
  { $id: "LogEntry", title: "LogEntry", description: "One act of the log, as you may read it" },
);
export type LogEntry = Static<typeof LogEntry>;

export const LogPage = Type.Object(
  {
    last: Type.Integer({ description: "The game's last act: read on (?after=) until you reach it" }),
    entries: Type.Array(ref(LogEntry)),
  },
  { $id: "LogPage", title: "LogPage" },
);
export type LogPage = Static<typeof LogPage>;

export const LogQuery = Type.Object(
  {
    after: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 500 })),
  },
  { additionalProperties: false },
);

export const ActRequest = Type.Object(
  {
    action: Type.String({ minLength: 1, maxLength: 120 }),
    input: Type.Optional(JsonValue),
  },
  { additionalProperties: false },
);

export const ActReply = Type.Object(
  {
    seq: Type.Integer(),
    failed: Nullable(
      Type.Object(
        { rule: Type.Integer(), error: Type.String() },
        { description: "Set when the rule handling the action failed: the failure is recorded, the action had no effect" },
      ),
    ),
    entry: ref(LogEntry),
  },
  { $id: "ActReply", title: "ActReply" },
);
export type ActReply = Static<typeof ActReply>;

const DryRunStep = Type.Object(
  {
    as: Type.Optional(Type.String({ maxLength: 120, description: "The player acting in the copy; yourself by default" })),
    action: Type.String({ maxLength: 120 }),
    input: Type.Optional(JsonValue),
  },
  { additionalProperties: false },
);

export const DryRunRequest = Type.Object({ steps: Type.Array(DryRunStep, { minItems: 1, maxItems: 50 }) }, { additionalProperties: false });
export type DryRunRequest = Static<typeof DryRunRequest>;

const RuleFace = Type.Object({
  number: Type.Integer(),
  title: Nullable(Type.String()),
  text: Type.String(),
  mutable: Type.Boolean(),
  revision: Type.Integer(),
  code: Nullable(Type.String({ description: "The rule's TypeScript" })),
});

export const DryRunReply = Type.Object(
  {
    steps: Type.Array(
      Type.Object({
        ok: Type.Boolean(),
        as: Type.String(),
        action: Type.String(),
        failed: Type.Optional(Nullable(Type.Object({ rule: Type.Integer(), error: Type.String() }))),
        entry: Type.Optional(ref(LogEntry)),
        error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
      }),
    ),
    changes: Type.Object({
      rules: Type.Array(
        Type.Object({
          number: Type.Integer(),
          change: Type.Union([Type.Literal("enacted"), Type.Literal("repealed"), Type.Literal("changed")]),
          before: Nullable(RuleFace),
          after: Nullable(RuleFace),
          permissions: Nullable(ref(Permissions)),
          failed: Nullable(
            Type.String({ description: "Why this rule's code fails on the copy (it does not load, or failed when it ran): adopted, it would break" }),
          ),
        }),
      ),
      state: Type.Array(
        Type.Object({ name: Type.String(), player: Nullable(Type.String()), before: Type.Optional(JsonValue), after: Type.Optional(JsonValue) }),
      ),
      status: Type.Union([Type.Literal("active"), Type.Literal("over")]),
      result: Nullable(Type.Object({ winners: Type.Array(Type.String()), reason: Type.String(), rule: Type.Integer() })),
    }),
  },
  { $id: "DryRun", title: "DryRun", description: "What each step did on the copy, and what changed, as you may see it" },
);
export type DryRunReply = Static<typeof DryRunReply>;
