/** `nomos serve`: the server with its web UI, on the game file. */
import type { Command } from "commander";
import { UsageError, type GlobalOptions } from "../context.js";

export function registerServeCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command("serve")
    .description("start the server: the web UI and the HTTP API (described at /api/openapi.json)")
    .option("--port <n>", "the port to listen on (0 picks a free one)", process.env.PORT ?? "8080")
    .option("--host <address>", "the address to listen on; 0.0.0.0 to let other machines in", process.env.HOST ?? "127.0.0.1")
    .option("--secure-cookies", "mark cookies Secure (when the server is reached over HTTPS)")
    .action(async (options: { port: string; host: string; secureCookies?: boolean }) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${options.port}"`);
      // Loaded here: the server and its framework cost every other command ~100 ms to load.
      const { buildServer } = await import("../../server/app.js");
      const app = await buildServer({ db: globals().db, secureCookies: options.secureCookies ?? false });
      const address = await app.listen({ port, host: options.host });
      process.stdout.write(
        `Nomos is serving ${globals().db} at ${address.replace("127.0.0.1", "localhost")}\nOpen it in a browser to sign up and start a game. Press Ctrl-C to stop.\n`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      // Streams are closed first (hub.endStreams); should anything else hold on, do not hang.
      const deadline = setTimeout(() => {
        process.stderr.write("Nomos: requests still open after 10 s; stopping anyway\n");
        process.exit(1);
      }, 10_000);
      deadline.unref();
      await app.close();
    });
}
