/** Moving a practice game's clock forward: the request and what comes of it. */
import { Type, type Static } from "@sinclair/typebox";
import { PracticeClock } from "./game.js";
import { LogEntry } from "./log.js";
import { ref } from "./shared.js";

export const ClockRequest = Type.Object(
  {
    forward: Type.Optional(
      // The number first: the validator coerces to the first type a value fits, and 60000 must stay milliseconds.
      Type.Union([Type.Integer(), Type.String({ maxLength: 60 })], {
        description: 'How far to move the clock: words such as "1 hour", "1 day", "2h 30m", or milliseconds',
      }),
    ),
    toNextDeadline: Type.Optional(Type.Literal(true, { description: "Move the clock to the time of the game's next timer (its next deadline)" })),
  },
  { additionalProperties: false },
);
export type ClockRequest = Static<typeof ClockRequest>;

export const ClockReply = Type.Object(
  {
    seq: Type.Integer({ description: "The act that moved the clock" }),
    entry: ref(LogEntry),
    fired: Type.Integer({ description: "Timers that came due and fired at once (more may follow)" }),
    practice: ref(PracticeClock),
  },
  { title: "ClockReply" },
);
export type ClockReply = Static<typeof ClockReply>;
