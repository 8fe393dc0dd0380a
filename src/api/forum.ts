/** The forum, and the rule-code helpers (type checks and completions). */
import { Type, type Static } from "@sinclair/typebox";
import { messageChars } from "../kernel/messages.js";

export const Post = Type.Object(
  {
    id: Type.Integer(),
    gameId: Type.String(),
    author: Type.Object({ id: Type.String(), displayName: Type.String() }),
    body: Type.String(),
    topic: Type.String({ description: 'What the post is about ("general" unless its author said)' }),
    createdAt: Type.Integer(),
  },
  { $id: "Post", title: "Post" },
);
export type Post = Static<typeof Post>;

export const PostsQuery = Type.Object({ after: Type.Optional(Type.Integer({ minimum: 0 })) }, { additionalProperties: false });
export const NewPost = Type.Object(
  {
    body: Type.String({ minLength: 1, maxLength: messageChars, description: "A message's text, counted as for POST .../messages" }),
    topic: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'What the post is about, for the rules ("forum.posted"); "general" by default' }),
    ),
  },
  { additionalProperties: false },
);
export const PostCreated = Type.Object({ id: Type.Integer() });

const source = Type.String({ maxLength: 100_000 });
export const CodeCheckRequest = Type.Object({ source }, { additionalProperties: false });
export const CodeCompleteRequest = Type.Object({ source, offset: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });

export const Diagnostics = Type.Object(
  {
    diagnostics: Type.Array(
      Type.Object({
        from: Type.Integer(),
        to: Type.Integer(),
        line: Type.Integer({ description: "1-based" }),
        column: Type.Integer({ description: "1-based" }),
        severity: Type.Union([Type.Literal("error"), Type.Literal("warning")]),
        message: Type.String(),
      }),
    ),
  },
  { $id: "Diagnostics", title: "Diagnostics" },
);

export const Completions = Type.Object(
  {
    from: Type.Integer({ description: "Where the word being completed starts: replace [from, offset) with the label" }),
    options: Type.Array(Type.Object({ label: Type.String(), kind: Type.String(), detail: Type.Optional(Type.String()) })),
  },
  { $id: "Completions", title: "Completions" },
);
