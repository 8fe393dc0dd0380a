/** `nomos serve`: the server with its web UI, on the game file. */
import { constants } from "node:os";
import type { Command } from "commander";
import { UsageError, type GlobalOptions } from "../context.js";
import { parseLogLevel } from "../../server/log-level.js";
import { defaultMaxLoadedGames, defaultMaxSandboxes } from "../../server/idle-games.js";
import { mailSettingsProblem } from "../../server/mail/mail-options.js";
import { pushHost } from "../../server/push/subscriptions.js";

/** How long acts in flight have to finish once asked to stop; then the process exits anyway. */
const gracePeriodMs = 10_000;

interface ServeOptions {
  port: string;
  host: string;
  secureCookies?: boolean;
  logLevel: string;
  trustProxy?: string;
  publicUrl?: string;
  allowedHost: string[];
  drainDelay: string;
  unloadIdleAfter: string;
  maxSandboxes: string;
  maxLoadedGames: string;
  smtpUrl?: string;
  mailFrom?: string;
  imapUrl?: string;
  vapidSubject?: string;
  pushHost: string[];
}

const collect = (value: string, previous: string[]) => [...previous, value];
const fromEnv = (name: string) => (process.env[name] ? process.env[name].split(",").map((h) => h.trim()) : []);

/** Returns the command, which alone runs the rules for hours (src/cli/program.ts). */
export function registerServeCommand(program: Command, globals: () => GlobalOptions): Command {
  return program
    .command("serve")
    .description("start the server: the web UI and the HTTP API (described at /api/openapi.json); logs JSON lines to standard output")
    .option("--port <n>", "the port to listen on (0 picks a free one)", process.env.PORT ?? "8080")
    .option("--host <address>", "the address to listen on; 0.0.0.0 to let other machines in", process.env.HOST ?? "127.0.0.1")
    .option("--secure-cookies", "mark cookies Secure (when the server is reached over HTTPS; automatic where a trusted proxy says so)")
    .option("--log-level <level>", "fatal, error, warn, info, debug, trace or silent ($NOMOS_LOG_LEVEL)", process.env.NOMOS_LOG_LEVEL || "info")
    .option(
      "--trust-proxy <setting>",
      "believe X-Forwarded-For/-Host/-Proto from these proxies: addresses or CIDR ranges (comma-separated; loopback, uniquelocal), a hop count, or true ($NOMOS_TRUST_PROXY)",
      process.env.NOMOS_TRUST_PROXY,
    )
    .option(
      "--public-url <url>",
      "the address players use (https://nomic.example.org): requests for other hosts are refused ($NOMOS_PUBLIC_URL)",
      process.env.NOMOS_PUBLIC_URL,
    )
    .option(
      "--allowed-host <host>",
      "another host name the server answers to (repeatable; $NOMOS_ALLOWED_HOSTS, comma-separated)",
      collect,
      fromEnv("NOMOS_ALLOWED_HOSTS"),
    )
    .option(
      "--drain-delay <seconds>",
      "on SIGTERM, go on serving this long while /readyz answers 503, so that a load balancer sends nothing new before the port closes ($NOMOS_DRAIN_DELAY)",
      process.env.NOMOS_DRAIN_DELAY || "0",
    )
    .option(
      "--unload-idle-after <seconds>",
      "unload a game nobody has used for this long (its sandbox stopped, its state kept in the file) until it is next opened or a timer of its falls due; one a live page watches keeps its state loaded but stops its sandbox ($NOMOS_UNLOAD_IDLE_AFTER)",
      process.env.NOMOS_UNLOAD_IDLE_AFTER || "300",
    )
    .option(
      "--max-sandboxes <count>",
      "run at most this many games' sandboxes at once (10-16 MB each); past it, the games used least recently stop theirs until they are next played ($NOMOS_MAX_SANDBOXES)",
      process.env.NOMOS_MAX_SANDBOXES || String(defaultMaxSandboxes),
    )
    .option(
      "--max-loaded-games <count>",
      "keep at most this many games loaded (about 0.3 MB each); past it, the games used least recently are unloaded early, to be loaded again when next used ($NOMOS_MAX_LOADED_GAMES)",
      process.env.NOMOS_MAX_LOADED_GAMES || String(defaultMaxLoadedGames),
    )
    .option(
      "--smtp-url <url>",
      "send mail (address verification, password resets, what the game awaits of each player) through this relay: smtp://user:password@relay.example.org:587, or smtps:// for TLS from the start; needs --public-url and --mail-from ($NOMOS_SMTP_URL)",
      process.env.NOMOS_SMTP_URL,
    )
    .option("--mail-from <address>", 'the sender of its mail: "Nomos <nomos@nomic.example.org>" ($NOMOS_MAIL_FROM)', process.env.NOMOS_MAIL_FROM)
    .option(
      "--imap-url <url>",
      "play by mail: read the mailbox that --mail-from's address delivers to (imap://user:password@mail.example.org:143, imaps:// for TLS) and act on the moves players send to their own game address ($NOMOS_IMAP_URL)",
      process.env.NOMOS_IMAP_URL,
    )
    .option(
      "--vapid-subject <contact>",
      "notify players in their browsers (Web Push), telling the push services who runs this server: mailto:you@example.org or https://your.site ($NOMOS_VAPID_SUBJECT)",
      process.env.NOMOS_VAPID_SUBJECT,
    )
    .option(
      "--push-host <host>",
      "a push service to send to besides the browsers' own (host or host:port; repeatable; $NOMOS_PUSH_HOSTS, comma-separated)",
      collect,
      fromEnv("NOMOS_PUSH_HOSTS"),
    )
    .action(async (options: ServeOptions) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${options.port}"`);
      const drainDelay = Number(options.drainDelay);
      if (!(drainDelay >= 0 && drainDelay <= 3600))
        throw new UsageError(`--drain-delay must be a number of seconds from 0 to 3600, not "${options.drainDelay}"`);
      const unloadIdleAfter = Number(options.unloadIdleAfter);
      if (!(unloadIdleAfter >= 1 && unloadIdleAfter <= 86_400))
        throw new UsageError(`--unload-idle-after must be a number of seconds from 1 to 86400 (a day), not "${options.unloadIdleAfter}"`);
      const maxSandboxes = wholeCount("--max-sandboxes", options.maxSandboxes);
      const maxLoadedGames = wholeCount("--max-loaded-games", options.maxLoadedGames);
      let level: ReturnType<typeof parseLogLevel>;
      try {
        level = parseLogLevel(options.logLevel);
      } catch (err) {
        throw new UsageError(`--log-level: ${(err as Error).message}`);
      }
      if (options.smtpUrl) {
        const problem = mailSettingsProblem(options.smtpUrl, options.mailFrom, options.publicUrl);
        if (problem) throw new UsageError(problem);
      } else if (options.mailFrom || options.imapUrl)
        throw new UsageError(`${options.imapUrl ? "--imap-url" : "--mail-from"} needs --smtp-url, the relay to send through`);
      if (options.imapUrl && !/^imaps?:\/\/[^/]+@[^/]+/.test(options.imapUrl))
        throw new UsageError(`--imap-url is written imap://user:password@mail.example.org:143 (imaps:// for TLS), not "${options.imapUrl}"`);
      if (options.vapidSubject && !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(options.vapidSubject))
        throw new UsageError(`--vapid-subject is a contact for the push services, mailto:you@example.org or https://your.site, not "${options.vapidSubject}"`);
      if (options.pushHost.length && !options.vapidSubject) throw new UsageError("--push-host needs --vapid-subject, which turns notifications to browsers on");
      const db = globals().db;
      // Loaded here: the server and its framework cost every other command ~100 ms to load.
      const { buildServer } = await import("../../server/app.js");
      const lifecycle = { draining: false };
      const app = await buildServer({
        lifecycle,
        db,
        secureCookies: options.secureCookies ?? false,
        log: { level },
        trustProxy: options.trustProxy,
        publicUrl: options.publicUrl,
        allowedHosts: options.allowedHost,
        unloadIdleAfterMs: unloadIdleAfter * 1000,
        maxSandboxes,
        maxLoadedGames,
        ...(options.vapidSubject ? { push: { subject: options.vapidSubject, extraHosts: options.pushHost.map(pushHost) } } : {}),
        ...(options.smtpUrl ? { mail: { smtpUrl: options.smtpUrl, from: options.mailFrom!, ...(options.imapUrl ? { imapUrl: options.imapUrl } : {}) } } : {}),
      });
      const address = await app.listen({
        port,
        host: options.host,
        listenTextResolver: (address) =>
          `Nomos is serving ${db} at ${address.replace("127.0.0.1", "localhost")}; open it in a browser to sign up and start a game (Ctrl-C stops it)`,
      });
      // The log is JSON lines on standard output, for machines; the operator reads this line.
      process.stderr.write(`Nomos is serving on ${address.replace("127.0.0.1", "localhost")} (games in ${db}); open it in a browser. Ctrl-C stops it.\n`);

      const signal = await new Promise<NodeJS.Signals>((resolve) => {
        process.once("SIGINT", resolve);
        process.once("SIGTERM", resolve);
      });
      lifecycle.draining = true;
      app.log.info(
        { signal },
        `${signal}: stopping${drainDelay ? ` in ${drainDelay} s (serving meanwhile, /readyz answering 503)` : ""}; then requests in flight finish, live streams end, nothing new is taken (${signal} again stops at once)`,
      );
      const now = (again: NodeJS.Signals) => {
        app.log.warn({ signal: again }, `${again} again: stopping at once; requests still open get no answer (each act is saved whole or not at all)`);
        process.exit(128 + (constants.signals[again] ?? 1));
      };
      process.once("SIGINT", now);
      process.once("SIGTERM", now);
      if (drainDelay) await new Promise((resolve) => setTimeout(resolve, drainDelay * 1000));
      const deadline = setTimeout(() => {
        app.log.error(`requests still open after ${gracePeriodMs / 1000} s; stopping anyway`);
        process.exit(1);
      }, gracePeriodMs);
      deadline.unref();
      await app.close();
      app.log.info("stopped: every request answered, the database closed");
    });
}

/** A count of 1 to 100,000 given to `flag`, or a usage error saying what was wrong. */
function wholeCount(flag: string, given: string): number {
  const n = Number(given);
  if (!(Number.isInteger(n) && n >= 1 && n <= 100_000)) throw new UsageError(`${flag} must be a whole number from 1 to 100000, not "${given}"`);
  return n;
}
