/**
 * The body of every error the API sends (src/server/errors.ts makes it), and which statuses
 * a route can answer with. Each route lists its own, so the OpenAPI document says what can go wrong.
 */
import { Type, type Static } from "@sinclair/typebox";
import { ref } from "./shared.js";

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: "A code a program can test: not-found, forbidden, invalid-input, signed-out, refused..." }),
      message: Type.String({ description: "What went wrong and what to do, for people" }),
      rule: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: "The rule that refused an action, where one did" })),
    }),
  },
  { $id: "ApiError", title: "ApiError", description: "An error: its code, and a message for people" },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** What each error status means, in the API's words. */
const meanings = {
  400: "The request is not valid (its body, parameters or URL); the message says what to change",
  401: "You are not signed in (code signed-out), or the credentials are wrong (bad-credentials)",
  403: "You may not do this: not your game, not its creator, or a request from another site or without the CSRF token",
  404: "There is no such thing (game, invitation, report, action)",
  409: "It conflicts with the game's state: the username or e-mail address is taken, or the game is over",
  413: "The request body is too large",
  415: "The body is not JSON (send Content-Type: application/json)",
  422: "A rule refused the action; the error names the rule",
  429: "Too fast: too many sign-ins from your address (wait a minute) or failed ones to one account (wait a few minutes: the Retry-After header says how long), or messages from you (wait a few seconds), or previews (dry runs): two of yours at once, a few on the whole server",
  500: "Something went wrong on the server; nothing was changed",
  503: "Not now, and nothing was changed: a rule's code failed while acting, the disk refused a write, the server is checking too many passwords at once (try again in a few seconds), the server sends no mail (code no-mail), or (/readyz) it is shutting down or cannot read or write its database. One exception, code unconfirmed: the disk failed to confirm a write, which may or may not have been saved, and the server takes no change until it restarts",
} as const;
export type ErrorStatus = keyof typeof meanings;

/** The response entries for these error statuses, each referring to the one error schema. */
export function errorResponses(...statuses: ErrorStatus[]) {
  const out: Partial<Record<ErrorStatus, ReturnType<typeof errorRef>>> = {};
  for (const status of [...new Set(statuses)].sort()) out[status] = errorRef(meanings[status]);
  return out;
}

const errorRef = (description: string) => ({ ...ref(ErrorBody), description });

/** Every route can meet a malformed URL or query (400) and a fault of the server's (500). */
export const anyRoute: ErrorStatus[] = [400, 500];
/** A route that changes something: CSRF and origin checks (403), and a JSON body (413, 415). */
export const changing: ErrorStatus[] = [...anyRoute, 403, 413, 415];
/** A route for signed-in users. */
export const signedIn: ErrorStatus[] = [...anyRoute, 401];
/** A route about one game, for its players: no such game (404), not one of its players (403). */
export const inGame: ErrorStatus[] = [...signedIn, 403, 404];
