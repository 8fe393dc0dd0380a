/**
 * The Nomos command line (started by main.ts): create and play games of Nomic kept in a SQLite file. Every
 * command takes --json (one JSON document on stdout; errors as {"error": ...} on stderr).
 * Errors a user can cause print "error: <message>" and exit 1, never a stack trace.
 */
import { Command, CommanderError } from "commander";
import { ActionError } from "../kernel/game.js";
import { StoreConflictError } from "../kernel/game-store.js";
import { endQuietlyWhenClosed } from "./closed-output.js";
import { registerArchiveCommands } from "./commands/archive.js";
import { registerBackupCommand } from "./commands/backup.js";
import { registerGameFileCommands } from "./commands/games.js";
import { registerPlayCommand } from "./commands/play.js";
import { registerServeCommand } from "./commands/serve.js";
import { defaultDb, UsageError, type GlobalOptions } from "./context.js";
import { registerGameCommands } from "./game-commands.js";
import { registerRemoteCommands } from "./remote/commands.js";
import { compileQuickJsForShortRuns } from "../sandbox/quickjs-sandbox.js";
import { localSurface } from "./surface.js";
import { guardOutput } from "./terminal-text.js";

// Everything printed, by any command, local or remote, shows control characters instead of obeying them.
guardOutput(process.stdout);
guardOutput(process.stderr);
// `nomos log | head`: once the reader has gone, there is no one left to tell anything.
endQuietlyWhenClosed(process.stdout);
endQuietlyWhenClosed(process.stderr);

// Known before parsing, so that even commander's own errors come out as JSON.
const json = process.argv.slice(2).includes("--json");

const program = new Command();
program
  .name("nomos")
  .description("Play Nomic, the game in which changing the rules is a move. Every command takes --json.")
  .option("--db <file>", "the game file (SQLite; default $NOMOS_DB or ./nomos.db)", defaultDb())
  .option("--game <id>", "the game to act on (default: the newest in the file)")
  .option("--json", "print one machine-readable JSON document")
  .configureOutput({ outputError: (message, write) => (json ? undefined : write(message)) })
  .showHelpAfterError(json ? false : "(nomos <command> --help shows how to use a command)")
  .exitOverride();

// Subcommands inherit the settings above, so they must be registered after them.
const globals = (): GlobalOptions => program.opts<GlobalOptions>();
registerGameFileCommands(program, globals);
registerGameCommands(localSurface(program, globals));
registerArchiveCommands(program, globals);
registerPlayCommand(program, globals);
const serve = registerServeCommand(program, globals);
registerBackupCommand(program, globals);
registerRemoteCommands(program, globals);
// Every command but `serve` runs the rules for a moment, or a replay of some seconds, and exits.
program.hook("preAction", (_, command) => {
  if (command !== serve) compileQuickJsForShortRuns();
});

function fail(code: string, message: string, rule: number | null = null): void {
  process.stderr.write(json ? `${JSON.stringify({ error: { code, message, rule } })}\n` : `error: ${message}\n`);
  // exitCode, not exit(): the store and the game are closed by now, and output flushes.
  process.exitCode = 1;
}

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and --version end with code 0; commander has printed its message already (unless --json).
    if (err.exitCode !== 0) {
      if (json) fail("usage", err.message.replace(/^error: /, ""));
      else process.exitCode = err.exitCode || 1;
    }
  } else if (err instanceof ActionError) fail(err.code, err.message, err.rule);
  else if (err instanceof UsageError) fail(err.code, err.message);
  else if (err instanceof StoreConflictError) fail("conflict", err.message);
  else {
    fail("error", err instanceof Error ? err.message : String(err));
    if (process.env.NOMOS_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  }
}
