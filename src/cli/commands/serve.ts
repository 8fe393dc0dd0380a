/** `nomos serve`: the server with its web UI, on the game file. */
import type { Command } from "commander";
import { UsageError, type GlobalOptions } from "../context.js";
import { parseLogLevel } from "../../server/logging.js";

interface ServeOptions {
  port: string;
  host: string;
  secureCookies?: boolean;
  logLevel: string;
}

export function registerServeCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command("serve")
    .description("start the server: the web UI and the HTTP API (described at /api/openapi.json); logs JSON lines to standard output")
    .option("--port <n>", "the port to listen on (0 picks a free one)", process.env.PORT ?? "8080")
    .option("--host <address>", "the address to listen on; 0.0.0.0 to let other machines in", process.env.HOST ?? "127.0.0.1")
    .option("--secure-cookies", "mark cookies Secure (when the server is reached over HTTPS)")
    .option("--log-level <level>", "fatal, error, warn, info, debug, trace or silent ($NOMOS_LOG_LEVEL)", process.env.NOMOS_LOG_LEVEL || "info")
    .action(async (options: ServeOptions) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${options.port}"`);
      let level: ReturnType<typeof parseLogLevel>;
      try {
        level = parseLogLevel(options.logLevel);
      } catch (err) {
        throw new UsageError(`--log-level: ${(err as Error).message}`);
      }
      const db = globals().db;
      // Loaded here: the server and its framework cost every other command ~100 ms to load.
      const { buildServer } = await import("../../server/app.js");
      const app = await buildServer({
        db,
        secureCookies: options.secureCookies ?? false,
        log: { level },
      });
      await app.listen({
        port,
        host: options.host,
        listenTextResolver: (address) =>
          `Nomos is serving ${db} at ${address.replace("127.0.0.1", "localhost")}; open it in a browser to sign up and start a game (Ctrl-C stops it)`,
      });

      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      // Streams are closed first (hub.endStreams); should anything else hold on, do not hang.
      const deadline = setTimeout(() => {
        app.log.error("requests still open after 10 s; stopping anyway");
        process.exit(1);
      }, 10_000);
      deadline.unref();
      await app.close();
    });
}
