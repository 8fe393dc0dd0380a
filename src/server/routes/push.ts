/**
 * Notifications in this browser: the key a browser subscribes with, and the account's browsers
 * (subscribe, unsubscribe, send a test). Where the operator set up no push (--vapid-subject),
 * the key is null and the rest answers 409 in words.
 */
import type { FastifyRequest } from "fastify";
import { anyRoute, changing, errorResponses, Notice, PushEndpoint, PushSetup, PushSubscriptionBody, signedIn } from "../../api/index.js";
import { tokenHash } from "../accounts.js";
import { requireUser, sessionCookie, type Api, type ServerContext } from "../context.js";
import { ApiError } from "../errors.js";
import type { PushService } from "../push/push-service.js";
import { endpointProblem } from "../push/subscriptions.js";

/** Subscribing and testing post to push services: a few a minute per account, so that no one makes the server a flood. */
const perPerson = { timeWindow: "1 minute", keyGenerator: (request: FastifyRequest) => request.session?.user.id ?? request.ip };

export function pushRoutes(app: Api, context: ServerContext): void {
  const push = (): PushService => {
    if (!context.push) throw new ApiError(409, "no-push", "this server sends no notifications to browsers; its operator can turn them on with --vapid-subject");
    return context.push;
  };

  app.get(
    "/api/push",
    {
      schema: {
        operationId: "getPushSetup",
        tags: ["accounts"],
        summary: "The key a browser subscribes to this server's notifications with",
        security: [],
        response: { 200: PushSetup, ...errorResponses(...anyRoute) },
      },
    },
    async () => ({ publicKey: context.push?.publicKey ?? null }),
  );

  app.post(
    "/api/me/push",
    {
      config: { rateLimit: { ...perPerson, max: 30 } },
      schema: {
        operationId: "subscribePush",
        tags: ["accounts"],
        summary: "Be notified in this browser: its push subscription, as PushSubscription.toJSON() gives it",
        body: PushSubscriptionBody,
        response: { 200: Notice, ...errorResponses(...changing, ...signedIn, 409, 429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const service = push();
      const problem = endpointProblem(request.body.endpoint, service.extraHosts);
      if (problem)
        throw new ApiError(400, "bad-subscription", `${problem}: this browser's push service cannot be used here; ask the server's operator, or use mail`);
      service.subscriptions.add(user.id, tokenHash(request.cookies[sessionCookie]!), request.body.endpoint, request.body.keys);
      return { message: "this browser will show you what your games await of you" };
    },
  );

  app.delete(
    "/api/me/push",
    {
      schema: {
        operationId: "unsubscribePush",
        tags: ["accounts"],
        summary: "Be notified in this browser no more",
        body: PushEndpoint,
        response: { 200: Notice, ...errorResponses(...changing, ...signedIn, 409) },
      },
    },
    async (request) => {
      const found = push().subscriptions.remove(requireUser(request).id, request.body.endpoint);
      return { message: found ? "this browser will notify you no more" : "this browser was not notifying you" };
    },
  );

  app.post(
    "/api/me/push/test",
    {
      config: { rateLimit: { ...perPerson, max: 10 } },
      schema: {
        operationId: "testPush",
        tags: ["accounts"],
        summary: "Send a notification to each of your browsers, to see that they show it",
        response: { 200: Notice, ...errorResponses(...changing, ...signedIn, 409, 429) },
      },
    },
    async (request) => {
      if (!push().test(requireUser(request).id))
        throw new ApiError(409, "no-browsers", "no browser of yours is set to show notifications: turn them on in this browser first");
      return { message: "a notification is on its way to each of your browsers" };
    },
  );
}
