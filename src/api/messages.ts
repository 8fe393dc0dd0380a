/** A game's channels and their messages: where people talk, and where rules may hear votes. */
import { Type, type Static } from "@sinclair/typebox";
import { messageChars } from "../kernel/messages.js";
import { Nullable } from "./shared.js";

export const Channel = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    describe: Nullable(Type.String()),
    writers: Type.Union([Type.Literal("players"), Type.Literal("participants")], { description: "Who may post: the players, or everyone taking part" }),
    private: Type.Boolean({ description: "Only its readers see it (you are one)" }),
    open: Type.Boolean({ description: "False once closed: no more posts, its history stays" }),
    messages: Type.Integer({ description: "How many messages it holds (deleted and redacted ones too)" }),
    rule: Nullable(Type.Integer({ description: "The rule that declared or opened it; null for the game's own channels" })),
  },
  { $id: "Channel", title: "Channel" },
);
export type Channel = Static<typeof Channel>;

export const Message = Type.Object(
  {
    id: Type.Integer({ description: "The message's number in the game: 1, 2, 3…" }),
    channel: Type.String(),
    author: Type.String({ description: "The author's person id in the game" }),
    authorName: Type.String(),
    text: Nullable(Type.String({ description: "Null once deleted or redacted" })),
    at: Type.Integer(),
    editedAt: Nullable(Type.Integer()),
    deleted: Type.Boolean(),
    redacted: Nullable(Type.Object({ by: Type.String(), byName: Type.String(), reason: Type.String() })),
    mayRedact: Type.Boolean({ description: "Whether you may redact it, as the rules answer now" }),
  },
  { $id: "Message", title: "Message" },
);
export type Message = Static<typeof Message>;

export const MessagesQuery = Type.Object(
  {
    channel: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "Only this channel's messages; every channel you may read if absent" })),
    after: Type.Optional(Type.Integer({ minimum: 0, description: "Only messages numbered after this one" })),
  },
  { additionalProperties: false },
);

/** A message's text: its limit and how it is counted are the engine's (src/kernel/messages.ts); ajv counts code points too. */
export const MessageText = Type.String({
  maxLength: messageChars,
  description: `Not blank; at most ${messageChars.toLocaleString("en")} characters (Unicode code points: an emoji is one)`,
});
export const NewMessage = Type.Object({ channel: Type.String({ minLength: 1, maxLength: 100 }), text: MessageText }, { additionalProperties: false });
export const MessageEdit = Type.Object({ text: MessageText }, { additionalProperties: false });
export const Redaction = Type.Object(
  { reason: Type.String({ maxLength: 1000, description: "Why the text is removed: everyone sees it in its place" }) },
  { additionalProperties: false },
);
export const MessageCreated = Type.Object({ id: Type.Integer() });
export const MessageParams = Type.Object({ id: Type.String({ maxLength: 64, description: "The game's id" }), message: Type.Integer({ minimum: 1 }) });
