/**
 * The HTTP server: the JSON API under /api (described at /api/openapi.json) and the web
 * UI's files. Games, accounts and the forum live in one SQLite file.
 */
import { existsSync } from "node:fs";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { MessageTable } from "./messages.js";
import { defaultMessageRateLimit, messageLimiter, type MessageRateLimit } from "./message-limit.js";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { sharedSchemas } from "../api/index.js";
import type { EngineOptions } from "../kernel/game.js";
import type { SandboxFactory } from "../kernel/sandbox.js";
import { packagePath } from "../sandbox/package-root.js";
import { SqliteStore } from "../store/sqlite-store.js";
import type { ServerContext } from "./context.js";
import { Accounts } from "./accounts.js";
import { ApiError, notFoundBody, toErrorReply } from "./errors.js";
import { defaultDryRunLimit, DryRunSlots, type DryRunLimit } from "./dry-run-slots.js";
import { StoreWriteError } from "../store/sqlite-driver.js";
import { GameHub } from "./hub.js";
import { defaultMaxLoadedGames, defaultMaxSandboxes } from "./idle-games.js";
import { authRoutes } from "./routes/auth.js";
import { clockRoutes } from "./routes/clock.js";
import { decisionRoutes } from "./routes/decisions.js";
import { membershipRoutes } from "./routes/membership.js";
import { codeRoutes } from "./routes/code.js";
import { forumRoutes } from "./routes/forum.js";
import { messageRoutes } from "./routes/messages.js";
import { liveRoutes } from "./routes/live.js";
import { lobbyRoutes } from "./routes/lobby.js";
import { gameSettingsRoutes } from "./routes/game-settings.js";
import { joinRequestRoutes } from "./routes/join-requests.js";
import { playRoutes } from "./routes/play.js";
import { recordsRoutes } from "./routes/records.js";
import { installSecurity } from "./security.js";
import { compressLargeReplies } from "./compression.js";
import { serveWebFiles } from "./web-files.js";
import { echoRequestId, loggerOptions, RequestLog, requestId } from "./logging.js";
import type { LogOptions } from "./log-level.js";
import { allowedHosts, installHostCheck, parseTrustProxy } from "./proxy.js";
import { healthPaths, healthRoutes } from "./routes/health.js";
import { Passwords, productionCost } from "./passwords.js";
import { SignInThrottle } from "./sign-in-throttle.js";
import { engineOptions } from "../engine.js";
import { RunningSandboxes } from "./running-sandboxes.js";
import { MailService, type MailConfig } from "./mail/mail-service.js";
import { mailSettingsProblem } from "./mail/mail-options.js";
import { NotificationPrefs } from "./notify/settings.js";
import { Notifications } from "./notify/notifications.js";
import type { NoticeChannel } from "./notify/duties.js";
import { PushService, type PushConfig } from "./push/push-service.js";
import { pushRoutes } from "./routes/push.js";
import { accountMailRoutes } from "./routes/account-mail.js";
import { accountRoutes } from "./routes/account.js";
import { notificationRoutes } from "./routes/notifications.js";
import { SeenMarks } from "./seen.js";
import { JoinRequests } from "./join-requests.js";
import { Newcomers } from "./newcomers.js";
import { seenRoutes } from "./routes/seen.js";

export interface ServerOptions {
  /** The SQLite file holding games and accounts. */
  db: string;
  durability?: "full" | "process";
  clock?: () => number;
  secureCookies?: boolean;
  /** Sign-ins and sign-ups allowed per address per minute (guards against password guessing). */
  authRateLimit?: number;
  /**
   * Tests only: scrypt's N for new password hashes, lower than productionCost's (passwords.ts)
   * so that hundreds of sign-ups do not slow the suite. Never set it on a real server.
   */
  passwordCost?: number;
  /** Message ops (posts, edits, deletions, redactions) allowed per person in a window; 20 in 10 seconds by default. */
  messageRateLimit?: MessageRateLimit;
  /** Dry runs at once, waiting, and per person (src/server/dry-run-slots.ts); beyond them a 429. */
  dryRunLimit?: DryRunLimit;
  /** JSON lines at this level and above (src/server/logging.ts); none when absent, as in tests. */
  log?: LogOptions;
  /** Whose X-Forwarded-* headers to believe, as --trust-proxy words it (src/server/proxy.ts); none when absent. */
  trustProxy?: string;
  /** The address players use; with allowedHosts, the only hosts (and loopback) the server answers to. */
  publicUrl?: string;
  allowedHosts?: string[];
  /** Shared with whoever runs the server: setting draining before closing turns /readyz to 503 (nomos serve's --drain-delay). */
  lifecycle?: { draining: boolean };
  /**
   * How long a game nobody uses (no request, no work queued) stays loaded, its sandbox running,
   * before it is unloaded to the store (or, while a live page watches it, its sandbox stopped);
   * 5 minutes by default (nomos serve's --unload-idle-after).
   */
  unloadIdleAfterMs?: number;
  /** Sandboxes running at once, past which the games used least recently rest (src/server/idle-games.ts: defaultMaxSandboxes). */
  maxSandboxes?: number;
  /** Games loaded at once, past which the games used least recently are unloaded early (defaultMaxLoadedGames). */
  maxLoadedGames?: number;
  /** Mail to players (nodemailer to this relay); needs publicUrl, for its links. None when absent. */
  mail?: MailConfig;
  /** Notifications to browsers by Web Push. None when absent. */
  push?: PushConfig;
  /** Benchmarks only (bench:server's --rules trusted): how rule code runs; QuickJS sandboxes unless given. */
  sandbox?: SandboxFactory;
}

declare module "fastify" {
  interface FastifyInstance {
    /** How many games the server holds loaded now; for tests and benchmarks. */
    loadedGames(): number;
    /** How many sandboxes run now, dry runs' copies included (a game loaded only to be read, or resting, has none); for tests and benchmarks. */
    runningSandboxes(): number;
  }
}

export const webRoot = packagePath("dist", "web");

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  // Read before anything opens, so that a mistyped setting stops the server in words.
  const trustProxy = parseTrustProxy(options.trustProxy);
  const hosts = allowedHosts(options.publicUrl, options.allowedHosts);
  const mailProblem = options.mail && mailSettingsProblem(options.mail.smtpUrl, options.mail.from, options.publicUrl);
  if (mailProblem) throw new Error(mailProblem);
  const clock = options.clock ?? Date.now;
  const store = SqliteStore.open(options.db, { durability: options.durability ?? "full" });
  const sandboxes = new RunningSandboxes();
  const base = engineOptions({ store, clock, ...(options.sandbox ? { sandbox: options.sandbox } : {}) });
  const engine: EngineOptions = { ...base, sandbox: sandboxes.counting(base.sandbox) };

  const app = Fastify({
    logger: loggerOptions(options.log),
    genReqId: requestId,
    logController: new RequestLog(),
    trustProxy: trustProxy ?? false,
    // Requests on connections already open while the server stops are served (and their
    // connections closed after), not refused with fastify's own 503: /readyz says it is stopping.
    return503OnClosing: false,
    bodyLimit: 512 * 1024,
    // verbose: a refused value travels with its error, so that words can say how far it is off (src/server/validation-words.ts).
    ajv: { customOptions: { removeAdditional: false, allErrors: false, verbose: true } },
    // Errors fastify meets before routing (a URL that cannot be decoded) in the API's own format.
    frameworkErrors: (err, request, reply) => {
      const { status, body, unexpected } = toErrorReply(err);
      if (unexpected) request.log.error({ err }, "the request failed unexpectedly");
      void (reply as FastifyReply).code(status).send(body);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Only JSON bodies: a form posted from another site cannot reach the API as text.
  app.removeContentTypeParser("text/plain");

  // A POST sent with no body at all says nothing, as {} does: a join needs no fields, and an
  // act without them is told which are missing, not that "the request" is malformed.
  app.addHook("preValidation", async (request) => {
    if (request.body === undefined && request.method === "POST") request.body = {};
  });

  app.setErrorHandler((err, request, reply) => {
    const { status, body, unexpected } = toErrorReply(err);
    // Logged with the request's id and the error's causes (their messages and stacks, by pino's serializer).
    if (unexpected) request.log.error({ err }, "the request failed unexpectedly");
    // Sent as text, past the route's serializer: ErrorBody is the compiler's to check, and a
    // serializer that failed here would answer 500 FST_ERR_FAILED_ERROR_SERIALIZATION instead.
    void reply.code(status).type("application/json; charset=utf-8").send(JSON.stringify(body));
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || !existsSync(webRoot) || request.method !== "GET") {
      void reply.code(404).send(notFoundBody(request.method, request.url));
      return;
    }
    // The web UI routes in the page itself: every other GET gets the app.
    void reply.sendFile("index.html");
  });

  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await compressLargeReplies(app);
  const hub = new GameHub(engine, clock, MessageTable.of(store), {
    unloadIdleAfterMs: options.unloadIdleAfterMs,
    crowd: {
      maxRunning: options.maxSandboxes ?? defaultMaxSandboxes,
      maxLoaded: options.maxLoadedGames ?? defaultMaxLoadedGames,
      running: () => sandboxes.count(),
    },
  });
  const accounts = new Accounts(store.sql, clock, () => store.foreignWrites());
  const prefs = new NotificationPrefs(store.sql);
  const mail =
    options.mail && options.publicUrl
      ? new MailService(store.sql, accounts, prefs, { ...options.mail, publicUrl: options.publicUrl }, clock, app.log, hub)
      : null;
  const push = options.push ? new PushService(store.sql, options.push, clock, (what, words) => app.log.warn(what, words)) : null;
  const channels: NoticeChannel[] = [...(mail ? [mail.notices] : []), ...(push ? [push] : [])];
  const notifications = channels.length ? new Notifications(store.sql, accounts, prefs, channels, hub, clock, app.log) : null;
  const context: ServerContext = {
    hub,
    accounts,
    clock,
    secureCookies: options.secureCookies ?? false,
    trustProxy,
    lifecycle: options.lifecycle ?? { draining: false },
    authRateLimit: options.authRateLimit ?? 30,
    passwords: new Passwords(options.passwordCost === undefined ? productionCost : { ...productionCost, N: options.passwordCost }),
    signIns: new SignInThrottle(store.sql, clock),
    messageLimit: messageLimiter(app, options.messageRateLimit ?? defaultMessageRateLimit),
    dryRuns: new DryRunSlots(options.dryRunLimit ?? defaultDryRunLimit),
    mail,
    push,
    prefs,
    seen: new SeenMarks(store.sql),
    newcomers: new Newcomers(hub, accounts),
    joinRequests: new JoinRequests(store.sql, clock),
  };
  app.decorate("loadedGames", () => context.hub.loadedCount());
  app.decorate("runningSandboxes", () => sandboxes.count());
  for (const schema of sharedSchemas) app.addSchema(schema);
  await app.register(swagger, {
    // Shared schemas appear under components.schemas by their own names.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === "string" ? json.$id : `def-${i}`) },
    openapi: {
      openapi: "3.1.0",
      servers: [{ url: "/", description: "The server that serves this document" }],
      info: {
        title: "Nomos API",
        version: "0.3.0",
        license: { name: "MIT", identifier: "MIT" },
        description:
          "Play Nomic: accounts, games, actions under the rules, the log, live updates, channels and their messages. Sign in, then send the CSRF token from /api/session in the X-CSRF-Token header with every POST or PATCH. A server told its public names answers any other Host header with 421 (wrong-host). Every reply carries X-Request-Id (the one sent, or a new one), which the server's log names.",
      },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "nomos_session" } } },
      security: [{ session: [] }],
    },
  });
  echoRequestId(app);
  if (hosts) installHostCheck(app, hosts, healthPaths);
  installSecurity(app, context);

  authRoutes(app, context);
  lobbyRoutes(app, context);
  playRoutes(app, context);
  gameSettingsRoutes(app, context);
  joinRequestRoutes(app, context);
  clockRoutes(app, context);
  decisionRoutes(app, context);
  membershipRoutes(app, context);
  recordsRoutes(app, context);
  liveRoutes(app, context);
  forumRoutes(app, context);
  messageRoutes(app, context);
  codeRoutes(app, context);
  accountRoutes(app, context);
  accountMailRoutes(app, context);
  notificationRoutes(app, context);
  pushRoutes(app, context);
  seenRoutes(app, context);
  const ping = store.sql.prepare("SELECT count(*) FROM sqlite_master");
  healthRoutes(
    app,
    context,
    () => ping.get(),
    () => store.writeProblem(),
  );
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  if (existsSync(webRoot)) await serveWebFiles(app, webRoot);

  // Stopping: /readyz turns 503, no timer is armed again, and live streams end (they never end by
  // themselves, and closing waits for every connection); requests in flight finish, then onClose.
  app.addHook("preClose", async () => {
    context.lifecycle.draining = true;
    context.hub.stop();
  });
  app.addHook("onSend", async (_request, reply) => {
    if (context.lifecycle.draining) reply.header("Connection", "close");
  });
  // Nothing is acknowledged or shown before it is durable: a reply waits for the grouped sync of
  // every commit before it (an account, a session, a membership, and the acts of every game: a
  // game runs its next act while the last one's sync is under way, and a page built meanwhile
  // shows it). Every JSON or text reply, whether a route returned an object or a string it kept,
  // refusals too (an act refused for the state an unsynced act left); not files (streams and
  // buffers), nor the server's own errors, nor the health checks, which show nothing written (a
  // liveness check behind a slow sync would have a supervisor restart a healthy server). A sync the
  // disk failed turns the reply into the error it is (a 5xx, which does not wait again).
  const waitsForNoDisk = new Set<string>(healthPaths);
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" || reply.statusCode >= 500 || waitsForNoDisk.has(request.routeOptions.url ?? "")) return payload;
    try {
      await store.durable();
    } catch (err) {
      // A read shows what may not be saved: say so, not that the reader's change may be lost.
      const failure =
        request.method === "GET" && err instanceof StoreWriteError && err.reason === "unconfirmed"
          ? new ApiError(503, "unconfirmed", "the server's disk failed to confirm recent changes, so it shows nothing until it is restarted; look again then")
          : err;
      // The reply is already on its way: the error handler is not called again, so it is made here.
      const { status, body } = toErrorReply(failure);
      reply.code(status).type("application/json; charset=utf-8");
      return JSON.stringify(body);
    }
    return payload;
  });
  await context.hub.wakeDue();
  mail?.start();
  push?.start();
  notifications?.start();
  app.addHook("onClose", async () => {
    await notifications?.stop();
    await Promise.all([mail?.stop(), push?.stop()]);
    await context.hub.close();
    await store.close();
  });
  return app;
}
