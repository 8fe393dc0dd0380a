/** What a player asks to be told (by mail, and by push in their browsers), for their account and per game. */
import { Type, type Static } from "@sinclair/typebox";
import { ref } from "./shared.js";

export const NotificationSettings = Type.Object(
  {
    duties: Type.Boolean({
      description:
        "Tell me (by mail, and in the browsers I turned notifications on in) when the game waits for me: my turn, my vote, a decision of mine (on by default)",
    }),
    gameEnd: Type.Boolean({ description: "Tell me when the game ends (on by default)" }),
    outcomes: Type.Optional(
      Type.Boolean({
        description: "Tell me each proposal decided and each case ruled on, as its record says (off by default); left out of a change, it stays as it was",
      }),
    ),
    reminderHours: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 72,
        description: "Remind me this many hours before a duty lapses (12 by default; 0: no reminders); left out of a change, it stays as it was",
      }),
    ),
    weeklyReports: Type.Optional(
      Type.Boolean({
        description:
          "Mail me the short ruleset and the proposals report each week, where the game's creator sends them (off by default); left out of a change, it stays as it was",
      }),
    ),
    // Null first: the server's validator coerces types, and would read null as the hour 0 were the integer tried first.
    digestHour: Type.Optional(
      Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 23 })], {
        description:
          "Mail it in one digest a day, sent at this hour of my time zone, instead of a mail each (reminders still come on time; pushes at once); null: a mail each (the default); left out of a change, it stays as it was",
      }),
    ),
  },
  { $id: "NotificationSettings", title: "NotificationSettings", additionalProperties: false },
);
export type NotificationSettings = Static<typeof NotificationSettings>;

export const defaultNotificationSettings: Required<NotificationSettings> = {
  duties: true,
  gameEnd: true,
  reminderHours: 12,
  outcomes: false,
  digestHour: null,
  weeklyReports: false,
};

/** Nothing told: what an unsubscribe link sets (every kind of notification, off). */
export const notificationsOff = { duties: false, gameEnd: false, outcomes: false, weeklyReports: false } satisfies Partial<NotificationSettings>;

export const GameNotificationSettings = Type.Object(
  {
    settings: ref(NotificationSettings),
    own: Type.Boolean({ description: "Whether this game has settings of its own; false: it follows the account's" }),
    playAddress: Type.Union([Type.String(), Type.Null()], {
      description: "Your own address for playing this game by mail (the Reply-To of its mails); null where the server reads no mail",
    }),
  },
  { $id: "GameNotificationSettings", title: "GameNotificationSettings" },
);
export type GameNotificationSettings = Static<typeof GameNotificationSettings>;

export const GameNotificationChange = Type.Object(
  {
    settings: Type.Union([ref(NotificationSettings), Type.Null()], { description: "This game's own settings; null: follow the account's" }),
  },
  { additionalProperties: false },
);
export type GameNotificationChange = Static<typeof GameNotificationChange>;

export const WeeklyReportsSchedule = Type.Object(
  {
    schedule: Type.Union(
      [
        Type.Null(),
        Type.Object(
          {
            weekday: Type.Integer({ minimum: 0, maximum: 6, description: "0 is Sunday, 1 Monday, … 6 Saturday" }),
            hour: Type.Integer({ minimum: 0, maximum: 23, description: "The hour of the game's time zone" }),
          },
          { additionalProperties: false },
        ),
      ],
      { description: "When the game's weekly reports are mailed to the players who ask for them; null: never" },
    ),
  },
  { additionalProperties: false },
);
export type WeeklyReportsSchedule = Static<typeof WeeklyReportsSchedule>;
