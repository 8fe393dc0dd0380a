/**
 * The server log's levels and options, apart from the logger itself (logging.ts), so that the
 * command line can read `--log-level` without loading fastify: every `nomos` command would
 * pay for it at start-up.
 */
import type { Writable } from "node:stream";

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

export interface LogOptions {
  level: LogLevel;
  /** Where the JSON lines go: standard output unless given (a test's own stream, say). */
  stream?: Writable;
}

/** The level named on the command line or in NOMOS_LOG_LEVEL, or an error saying which exist. */
export function parseLogLevel(text: string): LogLevel {
  const level = text.trim().toLowerCase();
  if ((logLevels as readonly string[]).includes(level)) return level as LogLevel;
  throw new Error(`"${text}" is not a log level; use one of ${logLevels.join(", ")}`);
}
