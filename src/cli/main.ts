#!/usr/bin/env node
/** The Nomos command line: create and play games of Nomic stored in a SQLite file. */
import { Command, CommanderError } from "commander";
import { ActionError } from "../kernel/game.js";
import { registerActCommands } from "./commands/act.js";
import { registerGameCommands } from "./commands/games.js";
import { registerPlayCommand } from "./commands/play.js";
import { registerShowCommands } from "./commands/show.js";
import { defaultDb, UsageError, type GlobalOptions } from "./context.js";

const program = new Command();
program
  .name("nomos")
  .description("Play Nomic, the game in which changing the rules is a move. Every command takes --json.")
  .option("--db <file>", "the game file (SQLite)", defaultDb())
  .option("--game <id>", "the game to act on (default: the newest in the file)")
  .option("--json", "print machine-readable JSON")
  .showHelpAfterError()
  .exitOverride();

const globals = (): GlobalOptions => program.opts<GlobalOptions>();
registerGameCommands(program, globals);
registerShowCommands(program, globals);
registerActCommands(program, globals);
registerPlayCommand(program, globals);

function fail(code: string, message: string, rule: number | null = null): never {
  const json = process.argv.includes("--json");
  process.stderr.write(json ? `${JSON.stringify({ error: { code, message, rule } })}\n` : `error: ${message}\n`);
  process.exit(1);
}

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    if (err.exitCode === 0) process.exit(0);
    process.exit(err.exitCode || 1);
  }
  if (err instanceof ActionError) fail(err.code, err.message, err.rule);
  if (err instanceof UsageError) fail("usage", err.message);
  fail("error", err instanceof Error ? err.message : String(err));
}
