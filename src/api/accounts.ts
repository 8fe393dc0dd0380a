/** Accounts and sessions. */
import { Type, type Static } from "@sinclair/typebox";
import { Nullable, ref } from "./shared.js";

export const TimeZone = Type.String({ minLength: 1, maxLength: 64, description: "An IANA time zone, such as Europe/Paris or America/Chicago" });

export const User = Type.Object(
  {
    id: Type.String(),
    username: Type.String(),
    displayName: Type.String(),
    timeZone: Nullable(Type.String()),
    createdAt: Type.Integer({ description: "ms since 1970 UTC" }),
    email: Nullable(Type.String({ description: "Your e-mail address, if you gave one" })),
    emailStatus: Nullable(
      Type.Union([Type.Literal("unverified"), Type.Literal("verified"), Type.Literal("bouncing")], {
        description:
          "unverified: only the link that verifies it is sent there; verified: notifications and password resets go there; bouncing: mail to it failed for good, so none is sent until you verify it again",
      }),
    ),
  },
  { $id: "User", title: "User" },
);
export type User = Static<typeof User>;

export const Session = Type.Object(
  {
    user: Nullable(ref(User)),
    csrf: Nullable(Type.String({ description: "Send it in the X-CSRF-Token header with every POST or PATCH" })),
    mail: Type.Boolean({ description: "Whether this server sends mail (address verification, password resets, notifications)" }),
    push: Type.Boolean({ description: "Whether this server sends notifications to browsers (Web Push): GET /api/push gives its key" }),
  },
  { $id: "Session", title: "Session", description: "Who is signed in (null: no one), and the CSRF token to send with changes" },
);
export type Session = Static<typeof Session>;

/** The shortest password a new account may have. */
export const passwordMinLength = 8;
/** How many of the commonest passwords (of that length or more) sign-up refuses (src/server/common-passwords.ts). */
export const commonPasswordsRefused = 10_000;
export const EmailAddress = Type.String({ minLength: 3, maxLength: 254, description: "An e-mail address, such as ada@example.org" });
const password = Type.String({
  minLength: passwordMinLength,
  maxLength: 200,
  description: `Not one of the ${commonPasswordsRefused.toLocaleString("en")} commonest passwords, nor the username`,
});

export const SignUp = Type.Object(
  {
    username: Type.String({ minLength: 2, maxLength: 32, pattern: "^[A-Za-z0-9_.-]+$", description: "Letters, digits, '.', '_' or '-'" }),
    password,
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    timeZone: Type.Optional(TimeZone),
  },
  { additionalProperties: false },
);
export type SignUp = Static<typeof SignUp>;

export const SignIn = Type.Object(
  {
    username: Type.String({ maxLength: 32 }),
    password: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type SignIn = Static<typeof SignIn>;

export const MyChanges = Type.Object(
  {
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    timeZone: Type.Optional(Nullable(TimeZone)),
    email: Type.Optional(Type.Union([EmailAddress, Type.Null()], { description: "A new address is sent a link that verifies it; null removes yours" })),
  },
  { additionalProperties: false },
);
export type MyChanges = Static<typeof MyChanges>;

export const LinkToken = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: "The token in the link the mail gave" }) },
  { additionalProperties: false },
);
export type LinkToken = Static<typeof LinkToken>;

export const ResetRequest = Type.Object(
  { account: Type.String({ minLength: 1, maxLength: 254, description: "Your username or your verified e-mail address" }) },
  { additionalProperties: false },
);
export type ResetRequest = Static<typeof ResetRequest>;

export const PasswordReset = Type.Object({ token: LinkToken.properties.token, password }, { additionalProperties: false });
export type PasswordReset = Static<typeof PasswordReset>;

export const PasswordChange = Type.Object({ currentPassword: Type.String({ maxLength: 200 }), password }, { additionalProperties: false });
export type PasswordChange = Static<typeof PasswordChange>;

export const Notice = Type.Object({ message: Type.String() }, { description: "What was done, in words" });
export type Notice = Static<typeof Notice>;

export const SessionInfo = Type.Object(
  {
    id: Type.String({ description: "The session's id (DELETE /api/me/sessions/{id} ends it)" }),
    createdAt: Type.Integer({ description: "When it was opened (signed in), ms since 1970 UTC" }),
    expiresAt: Type.Integer({ description: "When it ends by itself, ms since 1970 UTC" }),
    userAgent: Nullable(Type.String({ description: "The browser or program it was opened from, in its own words" })),
    current: Type.Boolean({ description: "Whether it is the session of this request" }),
  },
  { $id: "SessionInfo", title: "SessionInfo" },
);
export type SessionInfo = Static<typeof SessionInfo>;

export const CloseAccount = Type.Object(
  { password: Type.String({ maxLength: 200, description: "Your password, to be sure it is you" }) },
  { additionalProperties: false },
);
export type CloseAccount = Static<typeof CloseAccount>;
