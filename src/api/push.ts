/** Notifications in a browser by Web Push: the server's key to subscribe with, and a browser's subscription. */
import { Type, type Static } from "@sinclair/typebox";

export const PushSetup = Type.Object(
  {
    publicKey: Type.Union([Type.String(), Type.Null()], {
      description: "The server's VAPID public key (base64url), the applicationServerKey a browser subscribes with; null where the server sends no pushes",
    }),
  },
  { additionalProperties: false },
);
export type PushSetup = Static<typeof PushSetup>;

const base64url = (what: string, length: number) =>
  Type.String({ pattern: "^[A-Za-z0-9_-]+={0,2}$", minLength: length, maxLength: length + 2, description: `${what}, base64url` });

/** As the browser's PushSubscription.toJSON() gives it (expirationTime and other fields are ignored). */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: 2000, description: "The push service's URL for this browser" }),
    keys: Type.Object({
      p256dh: base64url("The browser's P-256 public key (65 bytes)", 87),
      auth: base64url("The browser's authentication secret (16 bytes)", 22),
    }),
  },
  { description: "A browser's push subscription" },
);
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushEndpoint = Type.Object(
  { endpoint: Type.String({ minLength: 1, maxLength: 2000, description: "The subscription's endpoint, as the browser gives it" }) },
  { additionalProperties: false },
);
export type PushEndpoint = Static<typeof PushEndpoint>;

/** What a push carries to the page's service worker (src/web/worker/service-worker.ts), encrypted for the browser. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this server's ("/games/..."): the worker opens it on its own origin. */
  url: string;
  /** Notifications of one game replace one another on the device rather than pile up. */
  tag: string;
}
